// Tests for DayCalendar (scheduler days with a movable start hour, across DST changes) and the
// civil date conversions.
#include "core/day_calendar.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/core/utc_instant.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;
using test::kHourMs;
using test::kMinuteMs;

using test::TimeZoneGuard;
using test::utc;
using test::zone_installed;

TEST_CASE("day_calendar: days_from_civil counts days since 1970-01-01", "[core][day_calendar]") {
  struct Row {
    int year;
    unsigned month;
    unsigned day;
    std::int64_t days;
  };
  const auto row = GENERATE(values<Row>({
      {1970, 1, 1, 0},
      {1969, 12, 31, -1},
      {1900, 3, 1, -25508},  // 1900 is not a leap year
      {2000, 2, 29, 11016},  // 2000 is
      {2000, 3, 1, 11017},
      {2024, 2, 29, 19782},
      {2026, 3, 29, 20541},
      {2026, 11, 1, 20758},
  }));
  INFO(row.year << "-" << row.month << "-" << row.day);
  CHECK(days_from_civil(row.year, row.month, row.day) == row.days);

  int year = 0;
  unsigned month = 0;
  unsigned day = 0;
  civil_from_days(row.days, year, month, day);
  CHECK(year == row.year);
  CHECK(month == row.month);
  CHECK(day == row.day);
}

TEST_CASE("day_calendar: civil_from_days inverts days_from_civil over four centuries",
          "[core][day_calendar]") {
  // From 1900-01-01 to 2300-01-01: every day maps back to itself, and consecutive days are
  // consecutive dates.
  const std::int64_t first = days_from_civil(1900, 1, 1);
  const std::int64_t last = days_from_civil(2300, 1, 1);
  REQUIRE(last - first == 146097);  // 400 Gregorian years
  int previous_year = 1899;
  unsigned previous_month = 12;
  unsigned previous_day = 31;
  for (std::int64_t days = first; days <= last; ++days) {
    int year = 0;
    unsigned month = 0;
    unsigned day = 0;
    civil_from_days(days, year, month, day);
    if (days_from_civil(year, month, day) != days) FAIL("round trip fails at day " << days);
    const bool next_day =
        year == previous_year && month == previous_month && day == previous_day + 1;
    const bool next_month = year == previous_year && month == previous_month + 1 && day == 1;
    const bool next_year = year == previous_year + 1 && month == 1 && day == 1 &&
                           previous_month == 12 && previous_day == 31;
    if (!(next_day || next_month || next_year)) FAIL("dates not consecutive at day " << days);
    previous_year = year;
    previous_month = month;
    previous_day = day;
  }
  CHECK(previous_year == 2300);
}

TEST_CASE("day_calendar: the start hour must be 0 to 23", "[core][day_calendar]") {
  CHECK(DayCalendar().day_starts_at_hour() == 4);
  CHECK(DayCalendar(0).day_starts_at_hour() == 0);
  CHECK(DayCalendar(23).day_starts_at_hour() == 23);
  const int bad_hour = GENERATE(-1, 24, 100);
  INFO("hour " << bad_hour);
  try {
    DayCalendar calendar(bad_hour);
    FAIL("no exception for hour " << bad_hour);
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kInvalidParams);
  }
}

TEST_CASE("day_calendar: in UTC a day runs from one start hour to the next",
          "[core][day_calendar]") {
  REQUIRE(zone_installed("UTC"));
  TimeZoneGuard zone("UTC");
  const DayCalendar calendar;  // 04:00
  const std::int64_t day = days_from_civil(2026, 5, 11);

  CHECK(calendar.day_start(day) == utc(2026, 5, 11, 4));
  CHECK(calendar.day_number(utc(2026, 5, 11, 4)) == day);
  CHECK(calendar.day_number(utc(2026, 5, 11, 12)) == day);
  CHECK(calendar.day_number(utc(2026, 5, 12, 3, 59)) == day);  // after midnight, before 04:00
  CHECK(calendar.day_number(utc(2026, 5, 12, 4) - 1) == day);
  CHECK(calendar.day_number(utc(2026, 5, 12, 4)) == day + 1);
  CHECK(calendar.day_number(utc(2026, 5, 11, 2)) == day - 1);

  CHECK(calendar.next_day_start(utc(2026, 5, 11, 12)) == utc(2026, 5, 12, 4));
  CHECK(calendar.next_day_start(utc(2026, 5, 11, 4)) == utc(2026, 5, 12, 4));
  CHECK(calendar.next_day_start(utc(2026, 5, 12, 3)) == utc(2026, 5, 12, 4));

  const DayCalendar midnight(0);
  CHECK(midnight.day_start(day) == utc(2026, 5, 11, 0));
  CHECK(midnight.day_number(utc(2026, 5, 11, 0)) == day);
  CHECK(midnight.day_number(utc(2026, 5, 11, 0) - 1) == day - 1);

  const DayCalendar late(23);
  CHECK(late.day_start(day) == utc(2026, 5, 11, 23));
  CHECK(late.day_number(utc(2026, 5, 11, 22)) == day - 1);
}

TEST_CASE("day_calendar: day_number and day_start agree for every hour of a year",
          "[core][day_calendar]") {
  REQUIRE(zone_installed("Europe/Berlin"));
  TimeZoneGuard zone("Europe/Berlin");  // a year in Berlin includes both DST changes
  const DayCalendar calendar;
  for (TimestampMs when = utc(2026, 1, 1, 0); when < utc(2027, 1, 1, 0); when += 37 * kMinuteMs) {
    const std::int64_t day = calendar.day_number(when);
    INFO("instant " << when << ", day " << day);
    REQUIRE(calendar.day_start(day) <= when);
    REQUIRE(when < calendar.day_start(day + 1));
  }
}

TEST_CASE("day_calendar: instants before 1970 belong to the right day", "[core][day_calendar]") {
  TimeZoneGuard zone("UTC");
  const DayCalendar calendar(0);
  CHECK(calendar.day_number(-1) == -1);  // 1969-12-31T23:59:59.999Z
  CHECK(calendar.day_number(0) == 0);
  CHECK(calendar.day_start(-1) == -kDayMs);
}

// One DST change: the local day start stays at 04:00, so the day around it is 23 or 25 hours.
struct DstCase {
  const char* zone;
  const char* name;
  int year;
  unsigned month;
  unsigned day;                // the day of the change
  int utc_hour_before;         // 04:00 local on the day before, in UTC
  int utc_hour_of_change_day;  // 04:00 local on the day of the change, in UTC
  int hours_of_day_before;     // length of the scheduler day that contains the change
};

TEST_CASE("day_calendar: the day start keeps 04:00 local across DST changes",
          "[core][day_calendar][dst]") {
  const auto row = GENERATE(values<DstCase>({
      {"Europe/Berlin", "spring forward", 2026, 3, 29, 3, 2, 23},
      {"Europe/Berlin", "fall back", 2026, 10, 25, 2, 3, 25},
      {"America/New_York", "spring forward", 2026, 3, 8, 9, 8, 23},
      {"America/New_York", "fall back", 2026, 11, 1, 8, 9, 25},
  }));
  INFO(row.zone << " " << row.name << " " << row.year << "-" << row.month << "-" << row.day);
  REQUIRE(zone_installed(row.zone));
  TimeZoneGuard zone(row.zone);
  const DayCalendar calendar;
  const std::int64_t change_day = days_from_civil(row.year, row.month, row.day);

  const TimestampMs start_before = calendar.day_start(change_day - 1);
  const TimestampMs start_of_change = calendar.day_start(change_day);
  CHECK(start_before == (change_day - 1) * kDayMs + row.utc_hour_before * kHourMs);
  CHECK(start_of_change == change_day * kDayMs + row.utc_hour_of_change_day * kHourMs);
  CHECK(start_of_change - start_before == row.hours_of_day_before * kHourMs);
  // The days after the change are back to 24 hours.
  CHECK(calendar.day_start(change_day + 1) - start_of_change == 24 * kHourMs);
  CHECK(start_before - calendar.day_start(change_day - 2) == 24 * kHourMs);

  // Day numbers switch exactly at the (shifted) start instants.
  CHECK(calendar.day_number(start_before) == change_day - 1);
  CHECK(calendar.day_number(start_of_change - 1) == change_day - 1);
  CHECK(calendar.day_number(start_of_change) == change_day);
  CHECK(calendar.next_day_start(start_of_change - 1) == start_of_change);
  CHECK(calendar.next_day_start(start_before) == start_of_change);
}

TEST_CASE("day_calendar: the small hours of a DST change belong to the previous day",
          "[core][day_calendar][dst]") {
  SECTION("Berlin, spring forward: 01:59 CET and 03:30 CEST are both still Saturday") {
    REQUIRE(zone_installed("Europe/Berlin"));
    TimeZoneGuard zone("Europe/Berlin");
    const DayCalendar calendar;
    const std::int64_t sunday = days_from_civil(2026, 3, 29);
    CHECK(calendar.day_number(utc(2026, 3, 29, 0, 59)) == sunday - 1);  // 01:59 CET
    CHECK(calendar.day_number(utc(2026, 3, 29, 1, 30)) == sunday - 1);  // 03:30 CEST
    CHECK(calendar.day_number(utc(2026, 3, 29, 2)) == sunday);          // 04:00 CEST
  }
  SECTION("Berlin, fall back: both 02:30s are still Saturday") {
    REQUIRE(zone_installed("Europe/Berlin"));
    TimeZoneGuard zone("Europe/Berlin");
    const DayCalendar calendar;
    const std::int64_t sunday = days_from_civil(2026, 10, 25);
    CHECK(calendar.day_number(utc(2026, 10, 25, 0, 30)) == sunday - 1);  // 02:30 CEST
    CHECK(calendar.day_number(utc(2026, 10, 25, 1, 30)) == sunday - 1);  // 02:30 CET
    CHECK(calendar.day_number(utc(2026, 10, 25, 2, 59)) == sunday - 1);  // 03:59 CET
    CHECK(calendar.day_number(utc(2026, 10, 25, 3)) == sunday);          // 04:00 CET
  }
  SECTION("New York, fall back: both 01:30s and 02:00 are still Saturday") {
    REQUIRE(zone_installed("America/New_York"));
    TimeZoneGuard zone("America/New_York");
    const DayCalendar calendar;
    const std::int64_t sunday = days_from_civil(2026, 11, 1);
    CHECK(calendar.day_number(utc(2026, 11, 1, 5, 30)) == sunday - 1);  // 01:30 EDT
    CHECK(calendar.day_number(utc(2026, 11, 1, 6, 30)) == sunday - 1);  // 01:30 EST
    CHECK(calendar.day_number(utc(2026, 11, 1, 7)) == sunday - 1);      // 02:00 EST
    CHECK(calendar.day_number(utc(2026, 11, 1, 9)) == sunday);          // 04:00 EST
  }
  SECTION("New York, spring forward: 03:30 EDT is still Saturday") {
    REQUIRE(zone_installed("America/New_York"));
    TimeZoneGuard zone("America/New_York");
    const DayCalendar calendar;
    const std::int64_t sunday = days_from_civil(2026, 3, 8);
    CHECK(calendar.day_number(utc(2026, 3, 8, 6, 59)) == sunday - 1);  // 01:59 EST
    CHECK(calendar.day_number(utc(2026, 3, 8, 7, 30)) == sunday - 1);  // 03:30 EDT
    CHECK(calendar.day_number(utc(2026, 3, 8, 8)) == sunday);          // 04:00 EDT
  }
}

// A calendar caches what it computed, so it reads the zone in force when it is made.
TEST_CASE("day_calendar: a calendar made after a TZ change follows the new zone",
          "[core][day_calendar]") {
  REQUIRE(zone_installed("Europe/Berlin"));
  TimeZoneGuard outer("UTC");
  {
    TimeZoneGuard inner("Europe/Berlin");
    CHECK(DayCalendar(0).day_start(days_from_civil(2026, 1, 15)) == utc(2026, 1, 14, 23));
  }
  CHECK(DayCalendar(0).day_start(days_from_civil(2026, 1, 15)) == utc(2026, 1, 15, 0));
}

}  // namespace
}  // namespace kioku
