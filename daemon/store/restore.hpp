// `kioku restore`'s two halves in the store: checking that a file is a collection this kiokud
// can take, and putting its contents in place of the open collection's in one transaction
// (docs/backup.md).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/time.hpp"
#include "core/work_progress.hpp"
#include "daemon/store/backup.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// Where a restore stages its copy of the file: beside the collection, in its directory.
std::string restore_staging_path(const std::string& collection_path);

// Removes the staged copy (with its journal) a restore killed midway left beside the collection
// at `collection_path`: kiokud's start calls it with the collection's lock held, so that no
// restore of another kiokud can be staging. Whether there was one.
bool remove_stale_restore_staging(const std::string& collection_path);

// Throws kioku::Error naming `path` unless it is an SQLite database that passes
// `PRAGMA integrity_check`, whose schema version (PRAGMA user_version, as migrate() records it)
// is not newer than this kiokud's, and that has kioku's tables. Opens it read-only; changes
// nothing. SQLite's check asks `progress` (kChecking) every 100 ms, from another thread, whether
// to go on: once it throws, the check stops and that goes on.
struct RestorableFile {
  int schema_version = 0;
  std::int64_t bytes = 0;  // its size as checked: a restore's share of work is told by it
};
RestorableFile check_restorable(const std::string& path, const ProgressReport& progress = {});

// Replaces everything in `database` (the open collection) by the collection at `source_path`,
// which check_restorable() passed: the file is first copied to `staging_path` (beside the
// collection) and migrated there, then copied into `database` with the backup API, which writes
// it in one transaction: when anything fails, `database` holds what it held before. The staging
// copy is removed either way. `database` must have no transaction open. `progress` is told the
// share done (stage kRestoring, 0 to 1: the staged copy, its check, the copy in, a third each),
// also from another thread during the check; when it throws, the restore stops and that goes on
// (during the copy in, the copy's transaction is rolled back).
// `finish_staged`, when given, is called on the staged copy once it has passed its checks, before
// it is copied in: what must be true of the collection the moment it is in place is made there.
void replace_collection(sqlite::Database& database, const std::string& source_path,
                        const std::string& staging_path, TimestampMs now,
                        const ProgressReport& progress = {},
                        const std::function<void(sqlite::Database& staged)>& finish_staged = {});

}  // namespace kioku::daemon
