// Tests for the forecast (core/future_due.hpp) against a hand-computed set of cards.
#include "core/future_due.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "core/error.hpp"

#include "tests/core/stats_history.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;

using test::card;
using test::utc;

TEST_CASE("future due: buckets, total, average, due tomorrow and daily load by hand",
          "[core][future_due]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const TimestampMs now = utc(2026, 6, 10, 12);
  const std::int64_t today = calendar.day_number(now);
  const TimestampMs tomorrow_9 = utc(2026, 6, 11, 9);

  CardSnapshot fresh = card(Phase::kNew, 0, 0);
  CardSnapshot suspended = card(Phase::kReview, 10, now);
  suspended.state.suspended = true;
  CardSnapshot buried_today = card(Phase::kReview, 2, now);
  buried_today.buried_until_day = today + 1;
  CardSnapshot buried_later = card(Phase::kReview, 2, now + 3 * kDayMs);
  buried_later.buried_until_day = today + 1;
  const std::vector<CardSnapshot> cards = {
      fresh,                                           // left out
      suspended,                                       // left out, also of the load
      card(Phase::kReview, 1, utc(2026, 6, 10, 8)),    // day 0; load 1
      card(Phase::kReview, 4, tomorrow_9),             // day 1; load 1/4
      card(Phase::kReview, 4, utc(2026, 6, 11, 3)),    // 03:00 < 04:00: day 0; load 1/4
      card(Phase::kLearning, 0, now + 10 * 60000),     // day 0; load 1 (interval 0)
      card(Phase::kRelearning, 10, now + 10 * 60000),  // day 0; load 1/10
      card(Phase::kReview, 30, now + 30 * kDayMs),     // day 30; load 1/30
      card(Phase::kReview, 100, now + 31 * kDayMs),    // day 31: past the horizon; 1/100
      card(Phase::kReview, 5, now - 2 * kDayMs),       // overdue; load 1/5
      buried_today,                                    // left out of day 0; load 1/2
      buried_later,                                    // day 3; load 1/2
  };
  const FutureDue forecast = future_due(cards, calendar, today, 30);
  REQUIRE(forecast.due.size() == 31);  // today and the 30 days after it
  CHECK(forecast.due[0] == 4);
  CHECK(forecast.due[1] == 1);
  CHECK(forecast.due[2] == 0);
  CHECK(forecast.due[3] == 1);
  CHECK(forecast.due[30] == 1);
  CHECK(forecast.total == 7);  // 4 + 1 + 1 + 1
  CHECK(forecast.average_per_day == Approx(7.0 / 30.0));
  CHECK(forecast.due_tomorrow == 1);
  CHECK(forecast.overdue == 1);
  // 1 + 1/4 + 1/4 + 1 + 1/10 + 1/30 + 1/100 + 1/5 + 1/2 + 1/2 = 3.843..., truncated to 3.
  CHECK(forecast.daily_load == 3);

  // A longer horizon takes in the card 31 days out.
  const FutureDue ninety = future_due(cards, calendar, today, 90);
  CHECK(ninety.total == 8);
  CHECK(ninety.due[31] == 1);
  CHECK(ninety.average_per_day == Approx(8.0 / 90.0));
}

TEST_CASE("future due: no cards gives zeros over the whole horizon", "[core][future_due]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const FutureDue forecast = future_due(std::vector<CardSnapshot>{}, calendar, 20000, 7);
  CHECK(forecast.due == std::vector<std::int64_t>(8, 0));
  CHECK(forecast.total == 0);
  CHECK(forecast.average_per_day == 0.0);
  CHECK(forecast.daily_load == 0);
}

TEST_CASE("future due: a horizon under a day or past 100 years is refused", "[core][future_due]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const std::vector<CardSnapshot> none;
  CHECK_THROWS_AS(future_due(none, calendar, 20000, 0), Error);
  CHECK_THROWS_AS(future_due(none, calendar, 20000, 36501), Error);
  CHECK(future_due(none, calendar, 20000, 1).due.size() == 2);
}

TEST_CASE("future due: a due just after a DST change falls on its local day (America/New_York)",
          "[core][future_due]") {
  REQUIRE(test::zone_installed("America/New_York"));
  test::TimeZoneGuard zone("America/New_York");
  const DayCalendar calendar(4);
  // Clocks went forward on 2026-03-08. Today is 03-07; the 8th starts at 04:00 EDT = 08:00 UTC,
  // an hour earlier in UTC than the 7th's 04:00 EST = 09:00 UTC. A due at 08:30 UTC on the 8th
  // is 04:30 EDT: tomorrow. Fixed 24-hour days from today's start would still call it today.
  const std::int64_t today = calendar.day_number(utc(2026, 3, 7, 15));
  const std::vector<CardSnapshot> cards = {
      card(Phase::kReview, 1, utc(2026, 3, 8, 8, 30)),  // 04:30 EDT on the 8th: tomorrow
      card(Phase::kReview, 1, utc(2026, 3, 8, 7, 30)),  // 03:30 EDT: still the 7th
  };
  const FutureDue forecast = future_due(cards, calendar, today, 30);
  CHECK(forecast.due[0] == 1);
  CHECK(forecast.due_tomorrow == 1);
}

}  // namespace
}  // namespace kioku
