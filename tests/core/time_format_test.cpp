// Tests for format_rfc3339_utc and format_span.
#include "core/time_format.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;
using test::kHourMs;
using test::kMinuteMs;
using test::kSecondMs;

TEST_CASE("time_format: format_rfc3339_utc renders UTC instants to the second",
          "[core][time_format]") {
  struct Row {
    TimestampMs when;
    const char* expected;
  };
  const auto row = GENERATE(values<Row>({
      {0, "1970-01-01T00:00:00Z"},
      {999, "1970-01-01T00:00:00Z"},  // milliseconds are dropped, not rounded
      {1000, "1970-01-01T00:00:01Z"},
      {1767225600000, "2026-01-01T00:00:00Z"},
      {1767225600000 - 1, "2025-12-31T23:59:59Z"},
      {1709210096000, "2024-02-29T12:34:56Z"},  // leap day
      {1709210096789, "2024-02-29T12:34:56Z"},
      {11017 * kDayMs + 7 * kHourMs + 31 * kMinuteMs, "2000-03-01T07:31:00Z"},
      {-1, "1969-12-31T23:59:59Z"},  // before the epoch: floor, not truncation
      {-kSecondMs, "1969-12-31T23:59:59Z"},
      {-kSecondMs - 1, "1969-12-31T23:59:58Z"},
      {-kDayMs, "1969-12-31T00:00:00Z"},
  }));
  INFO("when: " << row.when);
  CHECK(format_rfc3339_utc(row.when) == row.expected);
}

TEST_CASE("time_format: format_span picks one unit and rounds", "[core][time_format]") {
  struct Row {
    std::int64_t milliseconds;
    const char* expected;
  };
  const auto row = GENERATE(values<Row>({
      {0, "0s"},
      {45 * kSecondMs, "45s"},
      {59 * kSecondMs + 499, "59s"},
      {59 * kSecondMs + 900, "1m"},  // rounded to whole seconds first, so never "60s"
      {60 * kSecondMs, "1m"},
      {330 * kSecondMs, "6m"},  // the Hard delay on the first of the default steps
      {10 * kMinuteMs, "10m"},
      {3 * kHourMs, "3h"},
      {90 * kMinuteMs, "2h"},
      {23 * kHourMs, "23h"},
      {3570 * kSecondMs, "1h"},               // 59.5 minutes rounds up into the next unit
      {23 * kHourMs + 30 * kMinuteMs, "1d"},  // likewise 23.5 hours
      {-120 * kSecondMs, "0s"},               // a due time already past shows as no wait
      {kDayMs, "1d"},
      {4 * kDayMs, "4d"},
      {29 * kDayMs, "29d"},
      {30 * kDayMs, "1.0mo"},
      {75 * kDayMs, "2.5mo"},
      {365 * kDayMs, "1.0y"},
      {438 * kDayMs, "1.2y"},
      {36500 * kDayMs, "100.0y"},
  }));
  INFO("milliseconds: " << row.milliseconds);
  CHECK(format_span(row.milliseconds) == row.expected);
}

}  // namespace
}  // namespace kioku
