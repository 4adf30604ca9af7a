// Dates of day numbers for tests that build calendars, written out (Howard Hinnant's
// civil_from_days) so that the tests do not lean on core/day_calendar, the code they check.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace kioku::test {

// Day 0 is 1970-01-01, a Thursday; 20605 is Monday 2026-06-01.
inline std::string date_of_day(std::int64_t number) {
  const std::int64_t z = number + 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const auto day = static_cast<unsigned>(doy - (153 * mp + 2) / 5 + 1);
  const auto month = static_cast<unsigned>(mp < 10 ? mp + 3 : mp - 9);
  const auto year = static_cast<int>(yoe + era * 400 + (month <= 2 ? 1 : 0));
  char date[16];
  std::snprintf(date, sizeof date, "%04d-%02u-%02u", year, month, day);
  return date;
}

}  // namespace kioku::test
