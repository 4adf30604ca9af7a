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
  const IntegrityReport integrity = context.collection.check_integrity(kMostProblems);
  json::array problems;
  for (const std::string& problem : integrity.problems) problems.emplace_back(problem);
  // Not damage (ok stays true): the file is sound, but its times or the clock are not. Only
  // asked of a sound file, where reading the log cannot fail for damage.
  json::array warnings;
  if (problems.empty()) {
    if (const auto warning = future_answers_warning(context.collection, context.clock.now())) {
      warnings.emplace_back(*warning);
    }
  }
  json::object result{{"path", context.collection_path}, {"ok", problems.empty()}};
  if (!integrity.sound()) result["advice"] = integrity.advice;
  result["problems"] = std::move(problems);
  result["warnings"] = std::move(warnings);
  return result;
}

}  // namespace kioku::daemon
