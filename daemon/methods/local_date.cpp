// YYYY-MM-DD from a day number.
#include "daemon/methods/local_date.hpp"

#include <cstdio>

#include "core/day_calendar.hpp"

namespace kioku::daemon {

std::string local_date(std::int64_t day) {
  int year = 0;
  unsigned month = 0;
  unsigned day_of_month = 0;
  civil_from_days(day, year, month, day_of_month);
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", year, month, day_of_month);
  return text;
}

}  // namespace kioku::daemon
