// StopSignals on a real signalfd: a stop signal sent before anyone waits is kept, not lost (what
// a handler-based signal_set did under TSan), and one still waiting when the object goes is
// dropped before the thread gets its mask back, rather than killing the process then.
#include "daemon/server/stop_signals.hpp"

#include <signal.h>

#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <optional>

using kioku::daemon::StopSignals;

namespace {

bool blocked(int signal_number) {
  sigset_t mask;
  ::pthread_sigmask(SIG_BLOCK, nullptr, &mask);
  return ::sigismember(&mask, signal_number) == 1;
}

}  // namespace

TEST_CASE("stop signals: one sent before the wait is delivered to it, once",
          "[daemon][stop-signals]") {
  REQUIRE_FALSE(blocked(SIGTERM));
  boost::asio::io_context io;
  std::optional<int> received;
  {
    StopSignals signals(io);
    CHECK(blocked(SIGTERM));
    CHECK(blocked(SIGINT));
    CHECK(blocked(SIGHUP));
    REQUIRE(::raise(SIGTERM) == 0);  // blocked: it waits in the kernel
    signals.async_wait([&](int signal_number) { received = signal_number; });
    // Returns once the one wait has completed; the bound only keeps a broken wait from hanging.
    io.run_for(std::chrono::seconds(60));
    CHECK(received == SIGTERM);

    // A second signal nobody waits for is still pending when the object goes.
    REQUIRE(::raise(SIGINT) == 0);
  }
  // Had the pending SIGINT not been drained, unblocking it would have ended this process.
  CHECK_FALSE(blocked(SIGTERM));
  CHECK_FALSE(blocked(SIGINT));
  CHECK_FALSE(blocked(SIGHUP));
  sigset_t pending;
  ::sigpending(&pending);
  CHECK(::sigismember(&pending, SIGINT) == 0);
}

TEST_CASE("stop signals: cancel ends the wait without a signal", "[daemon][stop-signals]") {
  boost::asio::io_context io;
  StopSignals signals(io);
  bool called = false;
  signals.async_wait([&](int) { called = true; });
  signals.cancel();
  io.run();
  CHECK_FALSE(called);
}
