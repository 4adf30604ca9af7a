// Formatting of times for JSON output and of spans for people.
#include "core/time_format.hpp"

#include <cmath>
#include <cstdio>

#include "core/day_calendar.hpp"

namespace kioku {

std::string format_rfc3339_utc(TimestampMs when) {
  std::int64_t seconds = when / kMillisecondsPerSecond;
  if (when % kMillisecondsPerSecond < 0) --seconds;
  std::int64_t days = seconds / 86400;
  std::int64_t second_of_day = seconds % 86400;
  if (second_of_day < 0) {
    second_of_day += 86400;
    --days;
  }
  int year = 0;
  unsigned month = 0;
  unsigned day = 0;
  civil_from_days(days, year, month, day);
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02dZ", year, month, day,
                static_cast<int>(second_of_day / 3600), static_cast<int>(second_of_day / 60 % 60),
                static_cast<int>(second_of_day % 60));
  return text;
}

std::string format_span(std::int64_t milliseconds) {
  // Rounded to whole seconds first, so 59.9 s shows as "1m" rather than "60s".
  const double seconds = static_cast<double>(std::llround(static_cast<double>(milliseconds) / 1000.0));
  char text[32];
  if (seconds < 60) {
    std::snprintf(text, sizeof text, "%llds", static_cast<long long>(std::llround(seconds)));
  } else if (seconds < 3600) {
    std::snprintf(text, sizeof text, "%lldm", static_cast<long long>(std::llround(seconds / 60)));
  } else if (seconds < 86400) {
    std::snprintf(text, sizeof text, "%lldh", static_cast<long long>(std::llround(seconds / 3600)));
  } else if (seconds < 86400.0 * 30) {
    std::snprintf(text, sizeof text, "%lldd", static_cast<long long>(std::llround(seconds / 86400)));
  } else if (seconds < 86400.0 * 365) {
    std::snprintf(text, sizeof text, "%.1fmo", seconds / (86400.0 * 30));
  } else {
    std::snprintf(text, sizeof text, "%.1fy", seconds / (86400.0 * 365));
  }
  return text;
}

}  // namespace kioku
