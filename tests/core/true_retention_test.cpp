// Tests for true retention (core/true_retention.hpp) against a hand-computed history.
#include "core/true_retention.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "tests/core/stats_history.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;

using test::review;
using test::stepped;
using test::utc;

constexpr std::int64_t kTenMinutesMs = 10 * kMillisecondsPerMinute;

RetentionCounts counts(std::int64_t young_passed, std::int64_t young_failed,
                       std::int64_t mature_passed, std::int64_t mature_failed) {
  return {young_passed, young_failed, mature_passed, mature_failed};
}

TEST_CASE("true retention: every row of a hand-computed history, day start 04:00",
          "[core][true_retention]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  // Today is 2026-06-10 (from 04:00 UTC); "N days ago" means N days before at the same hour.
  const std::int64_t today = calendar.day_number(utc(2026, 6, 10, 12));
  const auto ago = [](int days, int hour) { return utc(2026, 6, 10, hour) - days * kDayMs; };
  const std::vector<ReviewEntry> history = {
      review(ago(0, 10), 5, Rating::kGood),    // a: today, young pass
      review(ago(0, 11), 21, Rating::kAgain),  // b: today, mature fail (21 days is mature)
      review(ago(0, 2), 20, Rating::kHard),    // c: 02:00 is still yesterday: young pass
      stepped(ReviewKind::kRelearning, ago(1, 12), kDayMs, Rating::kAgain),        // d: young fail
      stepped(ReviewKind::kRelearning, ago(5, 12), kTenMinutesMs, Rating::kGood),  // e: no
      stepped(ReviewKind::kLearning, ago(6, 12), 0, Rating::kGood),                // f: no
      review(ago(6, 12), 30, Rating::kGood),    // g: mature pass, last of the 7 days
      review(ago(7, 12), 3, Rating::kAgain),    // h: young fail, first outside 7 days
      review(ago(29, 12), 40, Rating::kEasy),   // i: mature pass, last of the 30 days
      review(ago(30, 12), 40, Rating::kGood),   // j: mature pass, outside 30 days
      review(ago(364, 12), 2, Rating::kGood),   // k: young pass, last of the 365 days
      review(ago(365, 12), 2, Rating::kAgain),  // l: young fail, all time only
      stepped(ReviewKind::kCram, ago(0, 13), kDayMs, Rating::kAgain),  // m: cram, no
      review(ago(-1, 12), 9, Rating::kGood),  // n: tomorrow (clock ahead): in no row
  };
  const TrueRetentionTable table = true_retention(history, calendar, today);
  // today a, b; yesterday c, d; 7 days a b c d g; 30 days + h i; 365 days + j k; all + l.
  CHECK(table.today == counts(1, 0, 0, 1));
  CHECK(table.yesterday == counts(1, 1, 0, 0));
  CHECK(table.last_7_days == counts(2, 1, 1, 1));
  CHECK(table.last_30_days == counts(2, 2, 2, 1));
  CHECK(table.last_365_days == counts(3, 2, 3, 1));
  CHECK(table.all_time == counts(3, 3, 3, 1));
  // All time: young 3/6, mature 3/4, all 6/10.
  CHECK(table.all_time.young() == Approx(0.5));
  CHECK(table.all_time.mature() == Approx(0.75));
  CHECK(table.all_time.all() == Approx(0.6));
  // Yesterday has no mature answer: N/A, while young and all have a value.
  CHECK_FALSE(table.yesterday.mature().has_value());
  CHECK(table.yesterday.all() == Approx(0.5));
}

TEST_CASE("true retention: no answers gives N/A everywhere", "[core][true_retention]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const TrueRetentionTable table = true_retention(std::vector<ReviewEntry>{}, calendar, 20000);
  for (const RetentionCounts* row : {&table.today, &table.yesterday, &table.last_7_days,
                                     &table.last_30_days, &table.last_365_days, &table.all_time}) {
    CHECK_FALSE(row->young().has_value());
    CHECK_FALSE(row->mature().has_value());
    CHECK_FALSE(row->all().has_value());
  }
}

TEST_CASE(
    "true retention: 20 days is young, 21 days mature - steps are young whatever their length",
    "[core][true_retention]") {
  CHECK(retention_of(review(0, 20, Rating::kGood)) == counts(1, 0, 0, 0));
  CHECK(retention_of(review(0, 21, Rating::kGood)) == counts(0, 0, 1, 0));
  CHECK(retention_of(review(0, 21, Rating::kAgain)) == counts(0, 0, 0, 1));
  CHECK(retention_of(stepped(ReviewKind::kLearning, 0, 30 * kDayMs, Rating::kEasy)) ==
        counts(1, 0, 0, 0));
  // A step just short of a day does not count; exactly a day does.
  CHECK(retention_of(stepped(ReviewKind::kLearning, 0, kDayMs - 1, Rating::kGood)) ==
        counts(0, 0, 0, 0));
  CHECK(retention_of(stepped(ReviewKind::kLearning, 0, kDayMs, Rating::kGood)) ==
        counts(1, 0, 0, 0));
}

TEST_CASE("true retention: per-day counts (a roll-up, several rows a day) give the same table",
          "[core][true_retention]") {
  const std::int64_t today = 1000;
  const std::vector<DayRetention> days = {
      {1000, counts(1, 0, 2, 0)},  // today, deck 1
      {1000, counts(0, 1, 0, 0)},  // today, deck 2
      {999, counts(0, 0, 0, 3)},   // yesterday
      {994, counts(4, 0, 0, 0)},   // 7th day back: in the 7 days
      {993, counts(0, 0, 5, 0)},   // 8th day back: not in the 7 days
      {1001, counts(9, 9, 9, 9)},  // tomorrow: nowhere
  };
  const TrueRetentionTable table = true_retention(days, today);
  CHECK(table.today == counts(1, 1, 2, 0));
  CHECK(table.yesterday == counts(0, 0, 0, 3));
  CHECK(table.last_7_days == counts(5, 1, 2, 3));
  CHECK(table.last_30_days == counts(5, 1, 7, 3));
  CHECK(table.all_time == counts(5, 1, 7, 3));
}

TEST_CASE("true retention: periods are scheduler days across a DST change (Europe/Berlin)",
          "[core][true_retention]") {
  REQUIRE(test::zone_installed("Europe/Berlin"));
  test::TimeZoneGuard zone("Europe/Berlin");
  const DayCalendar calendar(4);
  // Clocks went back on 2026-10-25. Today is Wednesday 2026-10-28; its 7 days begin on
  // 2026-10-22 at 04:00 CEST = 02:00 UTC. Anki's next_day_start - 7 x 86400 s would begin at
  // 03:00 UTC (05:00 CEST) and miss answer p.
  const std::int64_t today = calendar.day_number(utc(2026, 10, 28, 12));
  const std::vector<ReviewEntry> history = {
      review(utc(2026, 10, 22, 2, 30), 5, Rating::kGood),  // p: 04:30 CEST on the 22nd: in
      review(utc(2026, 10, 22, 1, 30), 5, Rating::kGood),  // q: 03:30 CEST: the 21st's, out
  };
  const TrueRetentionTable table = true_retention(history, calendar, today);
  CHECK(table.last_7_days == counts(1, 0, 0, 0));
  CHECK(table.last_30_days == counts(2, 0, 0, 0));
}

}  // namespace
}  // namespace kioku
