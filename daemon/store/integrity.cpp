// PRAGMA integrity_check and what its findings mean for the user.
#include "daemon/store/integrity.hpp"

#include <algorithm>

#include "daemon/store/interruptible_call.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

std::vector<BilingualMessage> integrity_problems(sqlite::Database& database, int most_problems) {
  // Prepared here, not at open: the limit is part of the pragma's text, and the check is rare.
  sqlite::Statement check =
      database.prepare("PRAGMA integrity_check(" + std::to_string(most_problems) + ")");
  std::vector<BilingualMessage> problems;
  while (check.step()) {
    // A row may hold several problems, one a line, under a "*** in database main ***"
    // heading; a sound collection gives the one row "ok".
    const std::string row = check.column_text(0);
    std::size_t start = 0;
    while (start < row.size()) {
      const std::size_t end = std::min(row.find('\n', start), row.size());
      std::string line = row.substr(start, end - start);
      if (line != "ok" && !line.empty() && line.rfind("***", 0) != 0) {
        problems.push_back(same_in_both(std::move(line)));
      }
      start = end + 1;
    }
  }
  return problems;
}

// One line per row that refers to a parent row that is not there.
std::vector<BilingualMessage> foreign_key_problems(sqlite::Database& database, int most_problems) {
  sqlite::Statement check = database.prepare("PRAGMA foreign_key_check");
  std::vector<BilingualMessage> problems;
  while (check.step() && static_cast<int>(problems.size()) < most_problems) {
    // table, rowid (null for a WITHOUT ROWID table), parent table, foreign key's index
    const std::string table = check.column_text(0);
    const std::string parent = check.column_text(2);
    if (check.column_is_null(1)) {
      problems.push_back(
          bilingual("foreign key: a row of {table} refers to a missing row of {parent}",
                    "外部キー: {table} の行が {parent} にない行を参照しています",
                    {{"table", table}, {"parent", parent}}));
    } else {
      problems.push_back(bilingual(
          "foreign key: row {row} of {table} refers to a missing row of {parent}",
          "外部キー: {table} の行 {row} が {parent} にない行を参照しています",
          {{"row", std::to_string(check.column_int(1))}, {"table", table}, {"parent", parent}}));
    }
  }
  return problems;
}

}  // namespace

IntegrityReport check_integrity(sqlite::Database& database, int most_problems) {
  IntegrityReport report;
  try {
    report.problems = integrity_problems(database, most_problems);
    // Foreign keys are read only from a file whose pages are sound.
    if (report.problems.empty()) report.problems = foreign_key_problems(database, most_problems);
  } catch (const sqlite::SqliteError& error) {
    // Damage bad enough to stop the check itself is still a finding, not a failed request.
    const int primary = error.result_code() & 0xff;
    if (primary != SQLITE_CORRUPT && primary != SQLITE_NOTADB) throw;
    report.problems.push_back(same_in_both(sqlite3_errstr(error.result_code())));
  }
  if (!report.sound()) report.advice = sqlite::advice_for(SQLITE_CORRUPT, database.path());
  return report;
}

IntegrityReport check_integrity(sqlite::Database& database, int most_problems,
                                const std::function<void()>& keep_going) {
  IntegrityReport report;
  run_interruptible(
      database, [&] { report = check_integrity(database, most_problems); }, keep_going);
  return report;
}

bool passes_integrity_check(const std::string& path) {
  try {
    sqlite::Database database(path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
    return check_integrity(database, 1).sound();
  } catch (const std::exception&) {
    return false;  // not a database, unreadable: not a good backup
  }
}

}  // namespace kioku::daemon
