// Forward-only migrations with a backup taken before an existing collection is changed.
#include "daemon/store/migrations.hpp"

#include "protocol/paths.hpp"

namespace kioku::daemon {

int latest_schema_version() noexcept {
  return static_cast<int>(kMigrations.size());
}

int migrate(sqlite::Database& database, const std::string& backup_directory, TimestampMs now,
            std::span<const EmbeddedFile> migrations) {
  const int latest = static_cast<int>(migrations.size());
  const int current = static_cast<int>(database.user_version());
  if (current > latest) {
    throw Error(ErrorCode::kStorage, "collection " + database.path() + " has schema version " +
                                         std::to_string(current) + ", newer than this kiokud (" +
                                         std::to_string(latest) + "); upgrade kioku");
  }
  if (current == latest) return current;
  if (current > 0 && !backup_directory.empty()) {
    protocol::make_directories(backup_directory);
    backup_database(database, backup_directory + "/collection-v" + std::to_string(current) + "-" +
                                  std::to_string(now) + ".sqlite");
  }
  for (int version = current + 1; version <= latest; ++version) {
    sqlite::Transaction transaction(database);
    try {
      database.execute(migrations[static_cast<std::size_t>(version - 1)].text);
    } catch (const sqlite::SqliteError& error) {
      throw sqlite::SqliteError(
          error.result_code(),
          "migration " + std::string(migrations[version - 1].name) + " failed: " + error.what());
    }
    database.execute("PRAGMA user_version = " + std::to_string(version));
    transaction.commit();
  }
  return current;
}

}  // namespace kioku::daemon
