// Checks in the order a user can act on them: not a database, damaged, too new, not kioku's.
// SQLite reports "not a database" and damage at the first read, not at open.
#include "daemon/store/restore.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <vector>

#include "core/error.hpp"
#include "core/fill_in.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/integrity.hpp"
#include "daemon/store/interruptible_call.hpp"
#include "daemon/store/migrations.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

constexpr const char* kKiokuTables[] = {"collection_meta", "decks", "cards", "card_state",
                                        "revlog"};

// `why` is a clause in each language, put in the sentence of its own language.
[[noreturn]] void refuse(const std::string& path, const BilingualMessage& why) {
  throw Error(ErrorCode::kInvalidInput,
              BilingualMessage{fill_in("cannot restore {path}: {why}; nothing was changed",
                                       {{"path", path}, {"why", why.english}}),
                               fill_in("{path} を復元できません: {why}。何も変更していません",
                                       {{"path", path}, {"why", why.japanese}})});
}

BilingualMessage damage_found(const BilingualMessage& finding) {
  return {
      fill_in("SQLite's integrity check found damage ({finding})", {{"finding", finding.english}}),
      fill_in("SQLite の整合性チェックで損傷が見つかりました（{finding}）",
              {{"finding", finding.japanese}})};
}

BilingualMessage database_damaged(const std::string& reason) {
  return bilingual("the database is damaged ({reason})", "データベースが損傷しています（{reason}）",
                   {{"reason", reason}});
}

// Migrating the staged copy failed for `reason`, in each language its own.
BilingualMessage schema_not_updated(const BilingualMessage& reason) {
  return {
      fill_in("its schema could not be brought up to date: {reason}", {{"reason", reason.english}}),
      fill_in("スキーマを最新にできませんでした: {reason}", {{"reason", reason.japanese}})};
}

bool has_kioku_tables(sqlite::Database& database) {
  for (const char* table : kKiokuTables) {
    if (!sqlite::has_table(database, table)) return false;
  }
  return true;
}

// The first row of PRAGMA integrity_check: "ok" when the file is sound. Seconds on a large file,
// in one step of SQLite's program: `keep_going` is asked from another thread whether to go on.
// Not check_integrity() (integrity.hpp), which the staged copy gets: that makes "not a
// database" a finding, where the named file's refusal says it in words of its own.
std::string integrity_verdict(sqlite::Database& database, const std::function<void()>& keep_going) {
  std::string verdict;
  run_interruptible(
      database,
      [&] {
        sqlite::Statement statement = database.prepare("PRAGMA integrity_check(1)");
        sqlite::StatementScope scope(statement);
        verdict = statement.step() ? statement.column_text(0) : std::string("no answer");
      },
      keep_going);
  return verdict;
}

// `sql` without its comments and with each run of blanks one space.
std::string plain_sql(const std::string& sql) {
  std::string plain;
  bool blank = false;
  for (std::size_t at = 0; at < sql.size(); ++at) {
    if (sql.compare(at, 2, "--") == 0) {
      at = sql.find('\n', at);
      if (at == std::string::npos) break;
    }
    if (std::isspace(static_cast<unsigned char>(sql[at]))) {
      blank = true;
      continue;
    }
    if (blank && !plain.empty()) plain += ' ';
    blank = false;
    plain += sql[at];
  }
  return plain;
}

// What a collection's schema is made of, to compare one with another, sorted: each table (STRICT,
// WITHOUT ROWID), its columns (name, type, NOT NULL, default, primary key, hidden) and foreign
// keys (with their actions); each index (unique, partial, its columns, and its SQL for a partial
// one's WHERE); each trigger and view by name. SQLite's own tables (sqlite_stat1 of an ANALYZE)
// are left out. A table's SQL text is, too: it keeps the comments of the migration that made
// it, which may have changed since an old collection was made; so a CHECK constraint is not
// compared.
std::vector<std::string> schema_outline(sqlite::Database& database) {
  static constexpr const char* kOwnTables =
      "m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";
  const std::string queries[] = {
      "SELECT 'table ' || name || ' strict ' || strict || ' without rowid ' || wr FROM "
      "pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' "
      "ESCAPE '\\'",
      std::string(
          "SELECT 'table ' || m.name || ' column ' || p.cid || ' ' || p.name || ' ' || "
          "p.type || ' not null ' || p.\"notnull\" || ' default ' || coalesce(p.dflt_value, "
          "'-') || ' key ' || p.pk || ' hidden ' || p.hidden FROM sqlite_schema AS m, "
          "pragma_table_xinfo(m.name) AS p WHERE ") +
          kOwnTables,
      std::string("SELECT 'table ' || m.name || ' foreign key ' || f.id || '.' || f.seq || ' ' || "
                  "f.\"from\" || ' references ' || f.\"table\" || ' (' || coalesce(f.\"to\", '') "
                  "|| ') on delete ' || f.on_delete || ' on update ' || f.on_update FROM "
                  "sqlite_schema AS m, pragma_foreign_key_list(m.name) AS f WHERE ") +
          kOwnTables,
      std::string("SELECT 'index ' || l.name || ' on ' || m.name || ' unique ' || l.\"unique\" || "
                  "' partial ' || l.partial FROM sqlite_schema AS m, pragma_index_list(m.name) AS "
                  "l WHERE ") +
          kOwnTables,
      std::string("SELECT 'index ' || l.name || ' column ' || x.seqno || ' ' || coalesce(x.name, "
                  "'(an expression)') || ' descending ' || x.\"desc\" || ' key ' || x.key FROM "
                  "sqlite_schema AS m, pragma_index_list(m.name) AS l, pragma_index_xinfo(l.name) "
                  "AS x WHERE ") +
          kOwnTables,
      "SELECT type || ' ' || name || ' on ' || tbl_name FROM sqlite_schema WHERE type IN "
      "('trigger', 'view')"};
  std::vector<std::string> outline;
  for (const std::string& query : queries) {
    sqlite::Statement statement = database.prepare(query);
    sqlite::StatementScope scope(statement);
    while (statement.step()) outline.push_back(statement.column_text(0));
  }
  sqlite::Statement indexes = database.prepare(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL");
  sqlite::StatementScope scope(indexes);
  while (indexes.step()) {
    outline.push_back("index " + indexes.column_text(0) + " as " +
                      plain_sql(indexes.column_text(1)));
  }
  std::sort(outline.begin(), outline.end());
  return outline;
}

// The staged copy, migrated, is checked again whole: the file named may have changed since
// check_restorable() read it, and a file with kioku's table names but other tables, or with a
// trigger of its own that kiokud's writes would fire, must not take the collection's place.
void check_staged(sqlite::Database& staged, const std::string& source_path, TimestampMs now,
                  const std::function<void()>& keep_going) {
  // As kioku doctor checks the collection: its pages, then its rows' foreign keys. A file whose
  // log names a card it does not have would be called damaged by kioku doctor at once, and its
  // answers could not be undone.
  const IntegrityReport report = check_integrity(staged, 1, keep_going);
  if (!report.sound()) {
    refuse(source_path, damage_found(report.problems.front()));
  }
  sqlite::Database fresh(":memory:");
  migrate(fresh, "", now);
  const std::vector<std::string> wanted = schema_outline(fresh);
  const std::vector<std::string> found = schema_outline(staged);
  if (found == wanted) return;
  std::vector<std::string> extra;
  std::set_difference(found.begin(), found.end(), wanted.begin(), wanted.end(),
                      std::back_inserter(extra));
  std::vector<std::string> missing;
  std::set_difference(wanted.begin(), wanted.end(), found.begin(), found.end(),
                      std::back_inserter(missing));
  refuse(source_path,
         !missing.empty()
             ? bilingual("an SQLite database, but not a kioku collection: its schema is not "
                         "kioku's (it lacks {item})",
                         "SQLite のデータベースですが、kioku のコレクションではありません。"
                         "スキーマが kioku のものと違います（{item} がありません）",
                         {{"item", missing.front()}})
             : bilingual("an SQLite database, but not a kioku collection: its schema is not "
                         "kioku's (it has {item})",
                         "SQLite のデータベースですが、kioku のコレクションではありません。"
                         "スキーマが kioku のものと違います（{item} があります）",
                         {{"item", extra.front()}}));
}

}  // namespace

std::string restore_staging_path(const std::string& collection_path) {
  return collection_path + ".restoring";
}

bool remove_stale_restore_staging(const std::string& collection_path) {
  return remove_database_files(restore_staging_path(collection_path));
}

RestorableFile check_restorable(const std::string& path, const ProgressReport& progress) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    refuse(path, bilingual("no such file", "ファイルがありません"));
  }
  if (!S_ISREG(info.st_mode)) {
    refuse(path, bilingual("not a regular file", "通常のファイルではありません"));
  }
  if (info.st_size == 0) {
    refuse(path, bilingual("the file is empty, not a kioku collection",
                           "ファイルが空で、kioku のコレクションではありません"));
  }
  try {
    sqlite::Database database(path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
    const std::string verdict =
        integrity_verdict(database, [&] { progress(WorkStage::kChecking, 0, 1); });
    if (verdict != "ok") {
      refuse(path, damage_found(same_in_both(verdict)));
    }
    const int version = static_cast<int>(database.user_version());
    if (version > latest_schema_version()) {
      refuse(path, bilingual("its schema version {version} is newer than this kiokud's "
                             "({latest}); upgrade kioku first",
                             "スキーマのバージョン {version} がこの kiokud のもの（{latest}）"
                             "より新しいです。先に kioku を更新してください",
                             {{"version", std::to_string(version)},
                              {"latest", std::to_string(latest_schema_version())}}));
    }
    if (version < 1 || !has_kioku_tables(database)) {
      refuse(path, bilingual("an SQLite database, but not a kioku collection",
                             "SQLite のデータベースですが、kioku のコレクションではありません"));
    }
    return RestorableFile{.schema_version = version,
                          .bytes = static_cast<std::int64_t>(info.st_size)};
  } catch (const sqlite::SqliteError& error) {
    // SQLite's reason alone: the error's advice is for the collection, not for this file.
    const int primary = error.result_code() & 0xff;
    if (primary == SQLITE_NOTADB) {
      refuse(path, bilingual("not an SQLite database", "SQLite のデータベースではありません"));
    }
    const std::string reason = sqlite3_errstr(error.result_code());
    if (primary == SQLITE_CORRUPT) refuse(path, database_damaged(reason));
    refuse(path, bilingual("SQLite cannot read it ({reason})", "SQLite で読めません（{reason}）",
                           {{"reason", reason}}));
  }
}

void replace_collection(sqlite::Database& database, const std::string& source_path,
                        const std::string& staging_path, TimestampMs now,
                        const ProgressReport& progress,
                        const std::function<void(sqlite::Database& staged)>& finish_staged) {
  // Three steps of about the file's size each, told as thirds of kRestoring: the staged copy,
  // its check, the copy in.
  const ProgressReport staging_part = progress.part(0.0, 1.0 / 3);
  const ProgressReport checking_part = progress.part(1.0 / 3, 2.0 / 3);
  const ProgressReport copying_part = progress.part(2.0 / 3, 1.0);
  // Made afresh below, which would remove the very file named: a restore killed midway leaves
  // it until kiokud's next start, under a name a user may try.
  struct stat source_file {};
  struct stat staging_left {};
  if (::stat(source_path.c_str(), &source_file) == 0 &&
      ::stat(staging_path.c_str(), &staging_left) == 0 &&
      source_file.st_dev == staging_left.st_dev && source_file.st_ino == staging_left.st_ino) {
    refuse(source_path,
           bilingual("it is the copy an unfinished restore staged beside the collection, not a "
                     "backup (kiokud removes it when it starts)",
                     "途中で終わった復元がコレクションの隣に用意したコピーです。バックアップでは"
                     "ありません（kiokud が起動時に削除します）"));
  }
  const ScratchDatabaseFile staging_file(staging_path);
  try {
    // copy_database's steps read one snapshot of the file, which is anybody's.
    sqlite::Database source(source_path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
    sqlite::Database target(staging_path);
    copy_database(source, target, "copying " + source_path + " failed", [&](int copied, int total) {
      staging_part(WorkStage::kRestoring, copied, total);
    });
  } catch (const sqlite::SqliteError& error) {
    const std::string reason = sqlite3_errstr(error.result_code());
    refuse(source_path, (error.result_code() & 0xff) == SQLITE_CORRUPT
                            ? database_damaged(reason)
                            : bilingual("copying it failed ({reason})",
                                        "コピーに失敗しました（{reason}）", {{"reason", reason}}));
  }
  sqlite::Database staging(staging_path);
  try {
    // Out of WAL, so that the page size may change below and the copy reads one file.
    staging.execute("PRAGMA journal_mode = DELETE");
    migrate(staging, "", now);
  } catch (const Error& error) {
    refuse(source_path, schema_not_updated(error.message()));
  } catch (const std::exception& error) {
    refuse(source_path, schema_not_updated(same_in_both(error.what())));
  }
  const std::function<void()> keep_checking = [&] { checking_part(WorkStage::kRestoring, 0, 1); };
  check_staged(staging, source_path, now, keep_checking);
  // The roll-ups made from the whole log, seconds on a long one: stopped as the check is.
  if (finish_staged) {
    run_interruptible(
        staging, [&] { finish_staged(staging); }, keep_checking);
  }
  sqlite::Statement page_size = database.prepare("PRAGMA page_size");
  const std::int64_t wanted = sqlite::integer_result(page_size);
  sqlite::Statement staging_page_size = staging.prepare("PRAGMA page_size");
  if (sqlite::integer_result(staging_page_size) != wanted) {
    // The backup API cannot change a WAL database's page size: the copy takes the collection's.
    staging.execute("PRAGMA page_size = " + std::to_string(wanted) + "; VACUUM;");
  }
  // The last point where the request may still be given up whole; past it, the copy's own steps
  // are (its transaction is rolled back).
  checking_part(WorkStage::kRestoring, 1, 1);
  // Its last report comes before its last step, which commits: a report after the commit could
  // stop, and so undo in the client's eyes, a restore already made.
  copy_database(staging, database, "restore from " + source_path + " failed",
                [&](int copied, int total) { copying_part(WorkStage::kRestoring, copied, total); });
}

}  // namespace kioku::daemon
