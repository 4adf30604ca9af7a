// A scheduler day as the statistics name it: the local date it starts on.
#pragma once

#include <cstdint>
#include <string>

namespace kioku::daemon {

// YYYY-MM-DD of scheduler day `day` (days since 1970-01-01, core/day_calendar.hpp).
std::string local_date(std::int64_t day);

}  // namespace kioku::daemon
