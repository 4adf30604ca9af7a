// Tests for the hourly breakdown (core/hourly_breakdown.hpp).
#include "core/hourly_breakdown.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "tests/core/stats_history.hpp"
#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

using test::review;
using test::stepped;
using test::utc;

TEST_CASE("hourly breakdown: the local hour of each answer, across a DST change",
          "[core][hourly_breakdown]") {
  REQUIRE(test::zone_installed("Europe/Berlin"));
  test::TimeZoneGuard zone("Europe/Berlin");
  const DayCalendar calendar(4);
  const std::int64_t today = calendar.day_number(utc(2026, 3, 31, 12));
  // Clocks went forward on 2026-03-29: 08:30 UTC is 09:30 CET before, 10:30 CEST after.
  const std::vector<ReviewEntry> history = {
      review(utc(2026, 3, 28, 8, 30), 3, Rating::kGood),                      // hour 9
      review(utc(2026, 3, 30, 8, 30), 3, Rating::kAgain),                     // hour 10
      review(utc(2026, 3, 30, 8, 45), 3, Rating::kHard),                      // hour 10
      stepped(ReviewKind::kCram, utc(2026, 3, 30, 8, 50), 0, Rating::kGood),  // left out
      review(utc(2026, 3, 1, 8, 30), 3, Rating::kGood),  // 31 days back: outside 30 days
  };
  const HourlyBreakdown hours = hourly_breakdown(history, calendar, DayRange::last_days(today, 30));
  CHECK(hours[9] == HourCounts{1, 1});
  CHECK(hours[10] == HourCounts{2, 1});
  CHECK(hours[10].correct_share() == Approx(0.5));
  std::int64_t total = 0;
  for (const HourCounts& hour : hours) total += hour.total;
  CHECK(total == 3);
  CHECK_FALSE(hours[8].correct_share().has_value());
}

TEST_CASE("hourly breakdown: hours are clock hours, not shifted by the day start",
          "[core][hourly_breakdown]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const std::int64_t today = calendar.day_number(utc(2026, 6, 10, 12));
  // 02:15 belongs to yesterday's scheduler day but to hour 2 of the clock.
  const std::vector<ReviewEntry> history = {review(utc(2026, 6, 10, 2, 15), 1, Rating::kGood)};
  const HourlyBreakdown hours = hourly_breakdown(history, calendar, DayRange::last_days(today, 2));
  CHECK(hours[2] == HourCounts{1, 1});
  // Today alone leaves it out: it was yesterday's.
  CHECK(hourly_breakdown(history, calendar, DayRange::last_days(today, 1))[2] == HourCounts{});
}

}  // namespace
}  // namespace kioku
