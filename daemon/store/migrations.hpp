// Schema migrations: numbered SQL files applied in order, tracked by PRAGMA user_version.
#pragma once

#include <span>
#include <string>

#include "core/time.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/embedded_file.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

// The schema version this kiokud writes: the number of embedded migrations.
int latest_schema_version() noexcept;

// Brings `database` up to the latest version, one transaction per migration. When an existing
// collection (version > 0) is migrated and `backup_directory` is not empty, it is first copied
// there with SQLite's online backup API. Foreign keys are off while the migrations run and on
// again afterwards if they were on; then a migration that leaves more rows breaking a foreign
// key than there were before fails. Throws kioku::Error when the collection is newer than this
// kiokud understands, or when a migration fails (that migration is rolled back). Returns the
// version the database had before.
int migrate(sqlite::Database& database, const std::string& backup_directory, TimestampMs now,
            std::span<const EmbeddedFile> migrations = kMigrations);

}  // namespace kioku::daemon
