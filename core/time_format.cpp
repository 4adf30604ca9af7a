// Formatting of times for JSON output and of spans for people.
#include "core/time_format.hpp"

#include <algorithm>
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
  // Each unit is chosen after rounding to it, so 59.9 s shows as "1m" and 59.5 min as "1h".
  const double seconds = static_cast<double>(std::max<std::int64_t>(milliseconds, 0)) / 1000.0;
  const auto whole = [&](double unit) { return std::llround(seconds / unit); };
  char text[32];
  if (whole(1) < 60) {
    std::snprintf(text, sizeof text, "%llds", whole(1));
  } else if (whole(60) < 60) {
    std::snprintf(text, sizeof text, "%lldm", whole(60));
  } else if (whole(3600) < 24) {
    std::snprintf(text, sizeof text, "%lldh", whole(3600));
  } else if (whole(86400) < 30) {
    std::snprintf(text, sizeof text, "%lldd", whole(86400));
  } else if (seconds < 86400.0 * 365) {
    std::snprintf(text, sizeof text, "%.1fmo", seconds / (86400.0 * 30));
  } else {
    std::snprintf(text, sizeof text, "%.1fy", seconds / (86400.0 * 365));
  }
  return text;
}

}  // namespace kioku
