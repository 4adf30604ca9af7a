// Tests for format_rfc3339_utc and format_span.
#include "core/time_format.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

namespace kioku {
namespace {

constexpr std::int64_t kSecond = kMillisecondsPerSecond;
constexpr std::int64_t kMinute = kMillisecondsPerMinute;
constexpr std::int64_t kHour = 60 * kMinute;
constexpr std::int64_t kDay = kMillisecondsPerDay;

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
      {11017 * kDay + 7 * kHour + 31 * kMinute, "2000-03-01T07:31:00Z"},
      {-1, "1969-12-31T23:59:59Z"},  // before the epoch: floor, not truncation
      {-kSecond, "1969-12-31T23:59:59Z"},
      {-kSecond - 1, "1969-12-31T23:59:58Z"},
      {-kDay, "1969-12-31T00:00:00Z"},
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
      {45 * kSecond, "45s"},
      {59 * kSecond + 499, "59s"},
      {59 * kSecond + 900, "1m"},  // rounded to whole seconds first, so never "60s"
      {60 * kSecond, "1m"},
      {330 * kSecond, "6m"},  // the Hard delay on the first of the default steps
      {10 * kMinute, "10m"},
      {3 * kHour, "3h"},
      {90 * kMinute, "2h"},
      {23 * kHour, "23h"},
      {3570 * kSecond, "1h"},             // 59.5 minutes rounds up into the next unit
      {23 * kHour + 30 * kMinute, "1d"},  // likewise 23.5 hours
      {-120 * kSecond, "0s"},             // a due time already past shows as no wait
      {kDay, "1d"},
      {4 * kDay, "4d"},
      {29 * kDay, "29d"},
      {30 * kDay, "1.0mo"},
      {75 * kDay, "2.5mo"},
      {365 * kDay, "1.0y"},
      {438 * kDay, "1.2y"},
      {36500 * kDay, "100.0y"},
  }));
  INFO("milliseconds: " << row.milliseconds);
  CHECK(format_span(row.milliseconds) == row.expected);
}

}  // namespace
}  // namespace kioku
