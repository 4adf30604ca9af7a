// Checks in the order a user can act on them: not a database, damaged, too new, not kioku's.
// SQLite reports "not a database" and damage at the first read, not at open.
#include "daemon/store/restore.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <vector>

#include "core/error.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/migrations.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

constexpr const char* kKiokuTables[] = {"collection_meta", "decks", "cards", "card_state",
                                        "revlog"};

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw Error(ErrorCode::kInvalidInput,
              "cannot restore " + path + ": " + why + "; nothing was changed");
}

bool has_kioku_tables(sqlite::Database& database) {
  for (const char* table : kKiokuTables) {
    if (!sqlite::has_table(database, table)) return false;
  }
  return true;
}

// The first row of PRAGMA integrity_check: "ok" when the file is sound.
std::string integrity_verdict(sqlite::Database& database) {
  sqlite::Statement statement = database.prepare("PRAGMA integrity_check(1)");
  sqlite::StatementScope scope(statement);
  return statement.step() ? statement.column_text(0) : std::string("no answer");
}

// What a collection's schema is made of, to compare one with another: each table's, index's,
// trigger's and view's type, name and table, and each table's columns (name, type, NOT NULL,
// default, place in the primary key). SQLite's own tables (sqlite_stat1 of an ANALYZE) are left
// out; the SQL text is, too, as it keeps the comments of the migrations that made each table.
std::vector<std::string> schema_outline(sqlite::Database& database) {
  sqlite::Statement statement = database.prepare(
      "SELECT m.type || ' ' || m.name || ' on ' || m.tbl_name || coalesce(' column ' || p.name || "
      "' ' || p.type || ' ' || p.\"notnull\" || ' ' || coalesce(p.dflt_value, '-') || ' ' || "
      "p.pk, '') FROM sqlite_schema AS m LEFT JOIN pragma_table_info(m.name) AS p ON m.type = "
      "'table' WHERE m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY m.type, m.name, p.cid");
  sqlite::StatementScope scope(statement);
  std::vector<std::string> outline;
  while (statement.step()) outline.push_back(statement.column_text(0));
  return outline;
}

// The staged copy, migrated, is checked again whole: the file named may have changed since
// check_restorable() read it, and a file with kioku's table names but other tables, or with a
// trigger of its own that kiokud's writes would fire, must not take the collection's place.
void check_staged(sqlite::Database& staged, const std::string& source_path, TimestampMs now) {
  const std::string verdict = integrity_verdict(staged);
  if (verdict != "ok") {
    refuse(source_path, "SQLite's integrity check found damage (" + verdict + ")");
  }
  sqlite::Database fresh(":memory:");
  migrate(fresh, "", now);
  const std::vector<std::string> wanted = schema_outline(fresh);
  const std::vector<std::string> found = schema_outline(staged);
  if (found == wanted) return;
  const auto [left, right] =
      std::mismatch(found.begin(), found.end(), wanted.begin(), wanted.end());
  const std::string difference = left != found.end() ? "it has " + *left : "it lacks " + *right;
  refuse(source_path,
         "an SQLite database, but not a kioku collection: its schema is not kioku's (" +
             difference + ")");
}

}  // namespace

int check_restorable(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) refuse(path, "no such file");
  if (!S_ISREG(info.st_mode)) refuse(path, "not a regular file");
  if (info.st_size == 0) refuse(path, "the file is empty, not a kioku collection");
  try {
    sqlite::Database database(path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
    const std::string verdict = integrity_verdict(database);
    if (verdict != "ok") {
      refuse(path, "SQLite's integrity check found damage (" + verdict + ")");
    }
    const int version = static_cast<int>(database.user_version());
    if (version > latest_schema_version()) {
      refuse(path, "its schema version " + std::to_string(version) +
                       " is newer than this kiokud's (" + std::to_string(latest_schema_version()) +
                       "); upgrade kioku first");
    }
    if (version < 1 || !has_kioku_tables(database)) {
      refuse(path, "an SQLite database, but not a kioku collection");
    }
    return version;
  } catch (const sqlite::SqliteError& error) {
    // SQLite's reason alone: the error's advice is for the collection, not for this file.
    const int primary = error.result_code() & 0xff;
    if (primary == SQLITE_NOTADB) refuse(path, "not an SQLite database");
    if (primary == SQLITE_CORRUPT) {
      refuse(path,
             "the database is damaged (" + std::string(sqlite3_errstr(error.result_code())) + ")");
    }
    refuse(path,
           std::string("SQLite cannot read it (") + sqlite3_errstr(error.result_code()) + ")");
  }
}

void replace_collection(sqlite::Database& database, const std::string& source_path,
                        const std::string& staging_path, TimestampMs now) {
  const ScratchDatabaseFile staging_file(staging_path);
  try {
    sqlite::Database source(source_path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
    backup_database(source, staging_path);
  } catch (const sqlite::SqliteError& error) {
    const std::string reason = sqlite3_errstr(error.result_code());
    refuse(source_path, (error.result_code() & 0xff) == SQLITE_CORRUPT
                            ? "the database is damaged (" + reason + ")"
                            : "copying it failed (" + reason + ")");
  }
  sqlite::Database staging(staging_path);
  try {
    // Out of WAL, so that the page size may change below and the copy reads one file.
    staging.execute("PRAGMA journal_mode = DELETE");
    migrate(staging, "", now);
  } catch (const std::exception& error) {
    refuse(source_path, std::string("its schema could not be brought up to date: ") + error.what());
  }
  check_staged(staging, source_path, now);
  sqlite::Statement page_size = database.prepare("PRAGMA page_size");
  const std::int64_t wanted = sqlite::integer_result(page_size);
  sqlite::Statement staging_page_size = staging.prepare("PRAGMA page_size");
  if (sqlite::integer_result(staging_page_size) != wanted) {
    // The backup API cannot change a WAL database's page size: the copy takes the collection's.
    staging.execute("PRAGMA page_size = " + std::to_string(wanted) + "; VACUUM;");
  }
  copy_database(staging, database, "restore from " + source_path + " failed");
}

}  // namespace kioku::daemon
