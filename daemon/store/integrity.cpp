// PRAGMA integrity_check and what its findings mean for the user.
#include "daemon/store/integrity.hpp"

#include <algorithm>

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

std::vector<std::string> integrity_problems(sqlite::Database& database, int most_problems) {
  // Prepared here, not at open: the limit is part of the pragma's text, and the check is rare.
  sqlite::Statement check =
      database.prepare("PRAGMA integrity_check(" + std::to_string(most_problems) + ")");
  std::vector<std::string> problems;
  while (check.step()) {
    // A row may hold several problems, one a line, under a "*** in database main ***"
    // heading; a sound collection gives the one row "ok".
    const std::string row = check.column_text(0);
    std::size_t start = 0;
    while (start < row.size()) {
      const std::size_t end = std::min(row.find('\n', start), row.size());
      std::string line = row.substr(start, end - start);
      if (line != "ok" && !line.empty() && line.rfind("***", 0) != 0) {
        problems.push_back(std::move(line));
      }
      start = end + 1;
    }
  }
  return problems;
}

}  // namespace

IntegrityReport check_integrity(sqlite::Database& database, int most_problems) {
  IntegrityReport report;
  try {
    report.problems = integrity_problems(database, most_problems);
  } catch (const sqlite::SqliteError& error) {
    // Damage bad enough to stop the check itself is still a finding, not a failed request.
    const int primary = error.result_code() & 0xff;
    if (primary != SQLITE_CORRUPT && primary != SQLITE_NOTADB) throw;
    report.problems.emplace_back(sqlite3_errstr(error.result_code()));
  }
  if (!report.sound()) report.advice = sqlite::advice_for(SQLITE_CORRUPT, database.path());
  return report;
}

}  // namespace kioku::daemon
