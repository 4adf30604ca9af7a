// The system clock: the one place in kioku's libraries that reads the wall clock.
#include "core/clock.hpp"

#include <chrono>

namespace kioku {

TimestampMs SystemClock::now() const {
  const auto since_epoch = std::chrono::system_clock::now().time_since_epoch();
  return std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch).count() + offset_ms_;
}

}  // namespace kioku
