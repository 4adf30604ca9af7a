// Tests for answers per day (core/review_calendar.hpp), the calendar and reviews figures.
#include "core/review_calendar.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "core/error.hpp"

#include "tests/core/stats_history.hpp"
#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

using test::review;
using test::stepped;
using test::utc;

TEST_CASE("review calendar: counts and time per day, split, on the 04:00 day start",
          "[core][review_calendar]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const std::int64_t today = calendar.day_number(utc(2026, 6, 10, 12));
  const std::vector<ReviewEntry> history = {
      stepped(ReviewKind::kLearning, utc(2026, 6, 10, 10), 0, Rating::kGood, 5000),  // today
      review(utc(2026, 6, 10, 3), 21, Rating::kGood, 8000),  // 03:00: yesterday, mature
      stepped(ReviewKind::kRelearning, utc(2026, 6, 9, 20), 600000, Rating::kGood, 2000),
      stepped(ReviewKind::kCram, utc(2026, 6, 9, 21), 0, Rating::kGood, 1000),
      review(utc(2026, 6, 7, 9), 3, Rating::kAgain, 4000),   // 3 days back: outside 3 days
      review(utc(2026, 6, 8, 9), 20, Rating::kAgain, 6000),  // 2 days back: young
  };
  const ReviewCalendar days = review_calendar(history, calendar, DayRange::last_days(today, 3));
  REQUIRE(days.days.size() == 3);
  CHECK(days.days[0].day == today - 2);
  CHECK(days.days[2].day == today);
  // Day -2: one young review of 6 s.
  CHECK(days.days[0].count == ReviewSplit{0, 0, 1, 0, 0});
  CHECK(days.days[0].time_ms == ReviewSplit{0, 0, 6000, 0, 0});
  // Yesterday: mature 8 s (the 03:00 answer), relearning 2 s, cram 1 s.
  CHECK(days.days[1].count == ReviewSplit{0, 1, 0, 1, 1});
  CHECK(days.days[1].time_ms == ReviewSplit{0, 2000, 0, 8000, 1000});
  // Today: learning 5 s.
  CHECK(days.days[2].count == ReviewSplit{1, 0, 0, 0, 0});
  CHECK(days.total_count.total() == 5);
  CHECK(days.total_time_ms.total() == 22000);  // 6 + 8 + 2 + 1 + 5 seconds
  CHECK(days.days_studied == 3);
  CHECK(days.average_per_day() == Approx(5.0 / 3.0));
  CHECK(days.average_per_day_studied() == Approx(5.0 / 3.0));
  CHECK(days.average_answer_ms() == Approx(22000.0 / 5.0));

  // Five days: the day with no answers is there, with zeros; day -3 has the other review.
  const ReviewCalendar five = review_calendar(history, calendar, DayRange::last_days(today, 5));
  REQUIRE(five.days.size() == 5);
  CHECK(five.days[0].count.total() == 0);
  CHECK(five.days[1].count == ReviewSplit{0, 0, 1, 0, 0});
  CHECK(five.days_studied == 4);
  CHECK(five.average_per_day() == Approx(6.0 / 5.0));
  CHECK(five.average_per_day_studied() == Approx(6.0 / 4.0));
}

TEST_CASE("review calendar: the 25-hour day of a DST change holds all its answers",
          "[core][review_calendar]") {
  REQUIRE(test::zone_installed("America/New_York"));
  test::TimeZoneGuard zone("America/New_York");
  const DayCalendar calendar(4);
  // Clocks went back on 2026-11-01 at 02:00 EDT (06:00 UTC). The scheduler day of October 31st
  // runs from 04:00 EDT (08:00 UTC) on the 31st to 04:00 EST (09:00 UTC) on November 1st: 25
  // hours. 24 hours from its start would end it an hour early, at 08:00 UTC.
  const std::int64_t today = calendar.day_number(utc(2026, 11, 1, 15));
  const std::vector<ReviewEntry> history = {
      review(utc(2026, 10, 31, 7, 30), 3, Rating::kGood),  // 03:30 EDT on the 31st: the 30th's
      review(utc(2026, 10, 31, 8, 30), 3, Rating::kGood),  // 04:30 EDT: the 31st's first hour
      review(utc(2026, 11, 1, 8, 30), 3, Rating::kGood),   // 03:30 EST on the 1st: its 25th hour
      review(utc(2026, 11, 1, 9, 30), 3, Rating::kGood),   // 04:30 EST on the 1st: today
  };
  const ReviewCalendar days = review_calendar(history, calendar, DayRange::last_days(today, 3));
  REQUIRE(days.days.size() == 3);
  CHECK(days.days[0].count.total() == 1);  // October 30th
  CHECK(days.days[1].count.total() == 2);  // October 31st, 25 hours long
  CHECK(days.days[2].count.total() == 1);  // November 1st
}

TEST_CASE("review calendar: an unbounded or backward period is refused",
          "[core][review_calendar]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const std::vector<ReviewEntry> none;
  CHECK_THROWS_AS(review_calendar(none, calendar, DayRange::until(20000)), Error);
  CHECK_THROWS_AS(review_calendar(none, calendar, DayRange{20001, 20000}), Error);
  CHECK(review_calendar(none, calendar, DayRange{20000, 20000}).days.size() == 1);
}

TEST_CASE("review calendar: a year without answers is 365 empty days", "[core][review_calendar]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const ReviewCalendar year =
      review_calendar(std::vector<ReviewEntry>{}, calendar, DayRange::last_days(20000, 365));
  CHECK(year.days.size() == 365);
  CHECK(year.days.front().day == 20000 - 364);
  CHECK(year.days_studied == 0);
  CHECK_FALSE(year.average_per_day_studied().has_value());
  CHECK_FALSE(year.average_answer_ms().has_value());
}

}  // namespace
}  // namespace kioku
