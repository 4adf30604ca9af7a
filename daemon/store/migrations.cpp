// Forward-only migrations with a backup taken before an existing collection is changed.
#include "daemon/store/migrations.hpp"

#include "core/error.hpp"
#include "daemon/store/foreign_keys.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

// Foreign keys off while it lives, and on again afterwards if they were on, however the
// migrations end. A migration that rebuilds a table (0005) needs them off, or dropping the old
// table would first delete its rows and run their ON DELETE actions; and PRAGMA foreign_keys
// does nothing inside a transaction, so this must wrap the migrations' transactions.
class ForeignKeysOff {
 public:
  explicit ForeignKeysOff(sqlite::Database& database)
      : database_(database), were_on_(foreign_keys_enforced(database)) {
    if (were_on_) database_.execute("PRAGMA foreign_keys = OFF");
  }
  ~ForeignKeysOff() {
    if (were_on_) {
      sqlite3_exec(database_.handle(), "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr);
    }
  }
  ForeignKeysOff(const ForeignKeysOff&) = delete;
  ForeignKeysOff& operator=(const ForeignKeysOff&) = delete;

  bool were_on() const noexcept { return were_on_; }

 private:
  sqlite::Database& database_;
  bool were_on_;
};

}  // namespace

int latest_schema_version() noexcept {
  return static_cast<int>(kMigrations.size());
}

int migrate(sqlite::Database& database, const std::string& backup_directory, TimestampMs now,
            std::span<const EmbeddedFile> migrations) {
  const int latest = static_cast<int>(migrations.size());
  const int current = static_cast<int>(database.user_version());
  if (current > latest) {
    throw Error(ErrorCode::kStorage,
                bilingual("collection {path} has schema version {current}, newer than this "
                          "kiokud ({latest}); upgrade kioku",
                          "コレクション {path} のスキーマのバージョン {current} はこの kiokud"
                          "（{latest}）より新しいです。kioku を更新してください",
                          {{"path", database.path()},
                           {"current", std::to_string(current)},
                           {"latest", std::to_string(latest)}}));
  }
  if (current == latest) return current;
  if (current > 0 && !backup_directory.empty()) {
    protocol::make_directories(backup_directory);
    backup_database(database, backup_directory + "/collection-v" + std::to_string(current) + "-" +
                                  std::to_string(now) + ".sqlite");
  }
  // SQLite's procedure for schema changes (lang_altertable.html): foreign keys off around the
  // transaction, and, when they were on, PRAGMA foreign_key_check before its commit. Rows that
  // already broke a foreign key (a tool that ran with them off can leave some) are not the
  // migration's doing and do not stop it; a migration must only not add to them.
  const ForeignKeysOff foreign_keys(database);
  const std::int64_t violations_before =
      foreign_keys.were_on() ? foreign_key_violations(database) : 0;
  for (int version = current + 1; version <= latest; ++version) {
    const EmbeddedFile& migration = migrations[static_cast<std::size_t>(version - 1)];
    sqlite::Transaction transaction(database);
    try {
      database.execute(migration.text);
    } catch (const sqlite::SqliteError& error) {
      // SQLite's reason, not the error's text, which quotes the migration's SQL whole.
      const BilingualMessage advice = sqlite::advice_for(error.result_code(), database.path());
      const BilingualMessage failed = bilingual(
          "migration {name} failed: {reason}", "移行 {name} が失敗しました: {reason}",
          {{"name", std::string(migration.name)}, {"reason", sqlite3_errmsg(database.handle())}});
      throw sqlite::SqliteError(error.result_code(),
                                advice.english.empty()
                                    ? failed
                                    : BilingualMessage{failed.english + "; " + advice.english,
                                                       failed.japanese + "。" + advice.japanese});
    }
    if (foreign_keys.were_on()) {
      const std::int64_t violations = foreign_key_violations(database);
      if (violations > violations_before) {
        throw Error(ErrorCode::kStorage,
                    bilingual("migration {migration} failed: it left {count} rows whose foreign "
                              "key has no parent row (PRAGMA foreign_key_check)",
                              "マイグレーション {migration} に失敗しました: "
                              "外部キーの親の行がない行を {count} 行残しました"
                              "（PRAGMA foreign_key_check）",
                              {{"migration", std::string(migration.name)},
                               {"count", std::to_string(violations - violations_before)}}));
      }
    }
    database.execute("PRAGMA user_version = " + std::to_string(version));
    transaction.commit();
  }
  return current;
}

}  // namespace kioku::daemon
