#include "daemon/server/event_loop.hpp"

#include <sched.h>

namespace kioku::daemon {

std::chrono::microseconds look_before_sleeping() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return std::chrono::microseconds(0);
  return CPU_COUNT(&allowed) >= 2 ? std::chrono::microseconds(50) : std::chrono::microseconds(0);
}

void run_event_loop(boost::asio::io_context& io, std::chrono::microseconds look) {
  if (look.count() <= 0) {
    io.run();
    return;
  }
  using Clock = std::chrono::steady_clock;
  Clock::time_point last_event = Clock::now();
  while (!io.stopped()) {
    if (io.poll() > 0) {
      last_event = Clock::now();
    } else if (!io.stopped() && Clock::now() - last_event >= look) {
      // Nothing came for a while: sleep until something does.
      if (io.run_one() == 0) return;
      last_event = Clock::now();
    }
  }
}

}  // namespace kioku::daemon
