// The local hour from localtime_r, which reads the zone rules for that very instant.
#include "core/local_hour.hpp"

#include <ctime>

namespace kioku {

int local_hour(TimestampMs when) {
  // Floor to whole seconds, so an instant just before the epoch stays in its own second.
  std::time_t seconds = static_cast<std::time_t>(when / kMillisecondsPerSecond);
  if (when % kMillisecondsPerSecond < 0) --seconds;
  std::tm local{};
  localtime_r(&seconds, &local);
  return local.tm_hour;
}

}  // namespace kioku
