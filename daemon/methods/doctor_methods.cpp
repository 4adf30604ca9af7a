// doctor.check: SQLite's integrity check of the whole collection, on demand. kiokud does not
// run it at start-up, where reading the whole file would delay every autostart of a large
// collection (docs/faults.md).
#include "daemon/methods/clock_check.hpp"
#include "daemon/methods/method_table.hpp"

namespace kioku::daemon {

namespace json = boost::json;

namespace {

// SQLite's integrity check stops after this many problems; more would not change the advice.
constexpr int kMostProblems = 100;

}  // namespace

json::value handle_doctor_check(const json::object&, MethodContext& context) {
  json::array problems;
  try {
    for (const std::string& problem : context.collection.integrity_check(kMostProblems)) {
      problems.emplace_back(problem);
    }
  } catch (const sqlite::SqliteError& error) {
    // Damage bad enough to stop the check itself is still a finding, not a failed request.
    const int primary = error.result_code() & 0xff;
    if (primary != SQLITE_CORRUPT && primary != SQLITE_NOTADB) throw;
    problems.emplace_back(sqlite3_errstr(error.result_code()));
  }
  // Not damage (ok stays true): the file is sound, but its times or the clock are not. Only
  // asked of a sound file, where reading the log cannot fail for damage.
  json::array warnings;
  if (problems.empty()) {
    if (const auto warning = future_answers_warning(context.collection, context.clock.now())) {
      warnings.emplace_back(*warning);
    }
  }
  json::object result{{"path", context.collection_path}, {"ok", problems.empty()}};
  if (!problems.empty()) {
    result["advice"] = sqlite::advice_for(SQLITE_CORRUPT, context.collection_path);
  }
  result["problems"] = std::move(problems);
  result["warnings"] = std::move(warnings);
  return result;
}

}  // namespace kioku::daemon
