// `kioku restore`'s two halves in the store: checking that a file is a collection this kiokud
// can take, and putting its contents in place of the open collection's in one transaction
// (docs/backup.md).
#pragma once

#include <string>

#include "core/time.hpp"
#include "daemon/store/backup.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// Throws kioku::Error naming `path` unless it is an SQLite database that passes
// `PRAGMA integrity_check`, whose schema version (PRAGMA user_version, as migrate() records it)
// is not newer than this kiokud's, and that has kioku's tables. Opens it read-only; changes
// nothing. Returns its schema version.
int check_restorable(const std::string& path);

// Replaces everything in `database` (the open collection) by the collection at `source_path`,
// which check_restorable() passed: the file is first copied to `staging_path` (beside the
// collection) and migrated there, then copied into `database` with the backup API, which writes
// it in one transaction: when anything fails, `database` holds what it held before. The staging
// copy is removed either way. `database` must have no transaction open.
void replace_collection(sqlite::Database& database, const std::string& source_path,
                        const std::string& staging_path, TimestampMs now);

}  // namespace kioku::daemon
