// The local clock hour of an instant, in the process's time zone (as DayCalendar uses it).
#pragma once

#include "core/time.hpp"

namespace kioku {

// 0..23: the hour a wall clock showed at `when`, daylight saving included.
int local_hour(TimestampMs when);

}  // namespace kioku
