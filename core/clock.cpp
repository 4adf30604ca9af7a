// The system clock: the one place in kioku's libraries that reads the wall clock (and the
// steady clock, for how long something has taken).
#include "core/clock.hpp"

#include <chrono>

namespace kioku {

TimestampMs SystemClock::now() const {
  const auto since_epoch = std::chrono::system_clock::now().time_since_epoch();
  return std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch).count() + offset_ms_;
}

std::int64_t Clock::steady_ms() const {
  const auto since_start = std::chrono::steady_clock::now().time_since_epoch();
  return std::chrono::duration_cast<std::chrono::milliseconds>(since_start).count();
}

}  // namespace kioku
