// The local clock time of an instant, in the process's time zone (as DayCalendar uses it): its
// hour for the statistics, its minute of the day for the reminders' quiet hours.
#pragma once

#include <ctime>

#include "core/time.hpp"

namespace kioku {

// The local calendar fields at `when`, daylight saving included.
std::tm local_time(TimestampMs when);

// 0..23: the hour a wall clock showed at `when`, daylight saving included.
int local_hour(TimestampMs when);

// 0..1439: the minutes after local midnight at `when`, daylight saving included.
int local_minute_of_day(TimestampMs when);

}  // namespace kioku
