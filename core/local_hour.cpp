// The local time from localtime_r, which reads the zone rules for that very instant.
#include "core/local_hour.hpp"

namespace kioku {

std::tm local_time(TimestampMs when) {
  // Floor to whole seconds, so an instant just before the epoch stays in its own second.
  std::time_t seconds = static_cast<std::time_t>(when / kMillisecondsPerSecond);
  if (when % kMillisecondsPerSecond < 0) --seconds;
  std::tm local{};
  localtime_r(&seconds, &local);
  return local;
}

int local_hour(TimestampMs when) {
  return local_time(when).tm_hour;
}

int local_minute_of_day(TimestampMs when) {
  const std::tm local = local_time(when);
  return local.tm_hour * 60 + local.tm_min;
}

}  // namespace kioku
