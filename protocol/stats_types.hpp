// stats.*: today's numbers and totals.
#pragma once

#include <cstdint>

#include "protocol/method_type.hpp"
#include "protocol/review_types.hpp"
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

inline constexpr MethodType<NoParams, StatsSummaryResult> kStatsSummary{
    "stats.summary", "Today's reviews, accuracy, time, streak and totals."};

}  // namespace kioku::protocol
