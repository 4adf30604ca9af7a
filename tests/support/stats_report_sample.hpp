// The start of every stats report the CLI tests print: the dashboard's own tests and the
// command table's printing test build on it with their own figures.
#pragma once

#include <cstdint>

#include "protocol/stats_report_types.hpp"

namespace kioku::test {

// The whole collection over the last 30 days, on Monday 2026-06-01: `answers` today, `correct`
// of them right, in `time_ms`; the `streak`; 31 days of forecast with nothing due.
inline protocol::StatsReportResult stats_report_sample(std::int64_t answers, std::int64_t correct,
                                                       std::int64_t time_ms,
                                                       protocol::StreakReport streak) {
  protocol::StatsReportResult report;
  report.period = "30d";
  report.today.date = "2026-06-01";
  report.today.answers = answers;
  report.today.correct = correct;
  report.today.time_ms = time_ms;
  report.streak = streak;
  report.future_due.due.assign(31, 0);
  return report;
}

}  // namespace kioku::test
