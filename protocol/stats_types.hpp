// stats.*: today's numbers and totals.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/method_type.hpp"
#include "protocol/review_types.hpp"
#include "protocol/stats_report_types.hpp"
#include "protocol/system_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct StatsSummaryResult {
  std::int64_t cards = 0;
  std::int64_t decks = 0;
  std::int64_t reviews_today = 0;
  std::int64_t correct_today = 0;
  std::int64_t new_today = 0;
  std::int64_t time_today_ms = 0;
  std::int64_t reviews_total = 0;
  std::int64_t streak_days = 0;
  Counts due;
};
BOOST_DESCRIBE_STRUCT(StatsSummaryResult, (),
                      (cards, decks, reviews_today, correct_today, new_today, time_today_ms,
                       reviews_total, streak_days, due))

struct StatsDaysParams {
  std::optional<std::int64_t> days;
  static constexpr std::array kHelp{
      FieldHelp{"days", "how many scheduler days, today included (1-3650, default 30)"}};
};
BOOST_DESCRIBE_STRUCT(StatsDaysParams, (), (days))

// One scheduler day's answers, read from the daily roll-ups.
struct DayActivity {
  std::string date;  // the local date the day starts on, YYYY-MM-DD
  std::int64_t day_start_ms = 0;
  std::int64_t reviews = 0;
  std::int64_t correct = 0;
  std::int64_t new_ = 0;
  std::int64_t time_ms = 0;
};
BOOST_DESCRIBE_STRUCT(DayActivity, (), (date, day_start_ms, reviews, correct, new_, time_ms))

struct StatsDaysResult {
  std::vector<DayActivity> days;  // oldest first, every day of the range, today last
};
BOOST_DESCRIBE_STRUCT(StatsDaysResult, (), (days))

inline constexpr MethodType<NoParams, StatsSummaryResult> kStatsSummary{
    "stats.summary", "Today's reviews, accuracy, time, streak and totals."};

inline constexpr MethodType<StatsDaysParams, StatsDaysResult> kStatsDays{
    "stats.days", "Answers per scheduler day for the last days: reviews, correct, new, time."};

}  // namespace kioku::protocol
