// Tests for the "today" figure (core/today_summary.hpp).
#include "core/today_summary.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "tests/core/stats_history.hpp"
#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

using test::review;
using test::stepped;
using test::utc;

TEST_CASE("today: answers, time, correct and mature correct of today's scheduler day",
          "[core][today_summary]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const std::int64_t today = calendar.day_number(utc(2026, 6, 10, 12));
  const std::vector<ReviewEntry> history = {
      stepped(ReviewKind::kLearning, utc(2026, 6, 10, 4), 0, Rating::kAgain, 3000),  // 04:00
      review(utc(2026, 6, 10, 9), 21, Rating::kGood, 7000),      // mature, passed
      review(utc(2026, 6, 10, 9, 5), 30, Rating::kAgain, 9000),  // mature, failed
      review(utc(2026, 6, 10, 9, 10), 20, Rating::kHard, 1000),  // young
      stepped(ReviewKind::kRelearning, utc(2026, 6, 10, 9, 20), 600000, Rating::kGood, 2000),
      stepped(ReviewKind::kCram, utc(2026, 6, 10, 9, 30), 0, Rating::kEasy, 500),
      review(utc(2026, 6, 11, 3, 59), 2, Rating::kGood, 4000),  // 03:59 next morning: today
      review(utc(2026, 6, 10, 3, 59), 2, Rating::kGood, 8000),  // 03:59 this morning: yesterday
  };
  const TodaySummary summary = today_summary(history, calendar, today);
  CHECK(summary.answers == 7);
  CHECK(summary.time_ms == 26500);  // 3 + 7 + 9 + 1 + 2 + 0.5 + 4 seconds
  CHECK(summary.correct == 5);      // all but the two Again
  CHECK(summary.learning == 1);
  CHECK(summary.review == 4);
  CHECK(summary.relearning == 1);
  CHECK(summary.cram == 1);
  CHECK(summary.mature == 2);
  CHECK(summary.mature_correct == 1);
  CHECK(today_summary(history, calendar, today + 2) == TodaySummary{});
}

}  // namespace
}  // namespace kioku
