// Instants by UTC date and time for the tests of local days and hours, computed without the
// local zone (core's days_from_civil is pure arithmetic), so a test's expected instants do not
// lean on the zone it checks.
#pragma once

#include <cstdint>

#include "core/day_calendar.hpp"
#include "core/time.hpp"
#include "tests/support/durations.hpp"

namespace kioku::test {

// 2024-01-01 12:00 UTC, eight hours after the 04:00 day start: where the FSRS tests' made-up
// histories start.
inline constexpr TimestampMs kHistoryStart = 1'704'110'400'000;

// The instant of a UTC date and time.
inline TimestampMs utc(int year, unsigned month, unsigned day, int hour, int minute = 0) {
  return days_from_civil(year, month, day) * kMillisecondsPerDay + hour * kHourMs +
         minute * kMillisecondsPerMinute;
}

}  // namespace kioku::test
