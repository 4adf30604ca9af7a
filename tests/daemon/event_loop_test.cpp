// kiokud's event loop (daemon/server/event_loop.hpp): it runs what io_context::run runs, ends
// as run ends, and looks before sleeping only where another CPU can run the client meanwhile.
#include <sched.h>

#include <boost/asio.hpp>
#include <catch2/catch.hpp>
#include <future>
#include <thread>

#include "daemon/server/event_loop.hpp"
#include "tests/support/skip.hpp"

using namespace kioku;
namespace asio = boost::asio;

namespace {

constexpr std::chrono::microseconds kLook(50);

// Runs `body` with this thread allowed on `cpus` CPUs of those it has, then gives them back.
template <typename Body>
void on_cpus(int cpus, Body body) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  REQUIRE(sched_getaffinity(0, sizeof allowed, &allowed) == 0);
  cpu_set_t narrowed;
  CPU_ZERO(&narrowed);
  int kept = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE && kept < cpus; ++cpu) {
    if (CPU_ISSET(cpu, &allowed)) {
      CPU_SET(cpu, &narrowed);
      ++kept;
    }
  }
  REQUIRE(sched_setaffinity(0, sizeof narrowed, &narrowed) == 0);
  body();
  REQUIRE(sched_setaffinity(0, sizeof allowed, &allowed) == 0);
}

}  // namespace

TEST_CASE("the event loop runs every handler, those they post too, and ends out of work",
          "[daemon][server]") {
  for (const auto look : {std::chrono::microseconds(0), kLook}) {
    asio::io_context io(1);
    int ran = 0;
    std::function<void()> chain = [&] {
      if (++ran < 1000) asio::post(io, chain);
    };
    asio::post(io, chain);
    asio::steady_timer timer(io, std::chrono::milliseconds(2));
    bool rang = false;
    timer.async_wait([&](const boost::system::error_code& error) { rang = !error; });
    daemon::run_event_loop(io, look);
    CHECK(ran == 1000);
    CHECK(rang);
    CHECK(io.stopped());
  }
}

TEST_CASE("the event loop runs what another thread posts, and stops when told",
          "[daemon][server]") {
  asio::io_context io(1);
  auto work = asio::make_work_guard(io);
  std::promise<void> first_ran;
  asio::post(io, [&] { first_ran.set_value(); });
  bool second_ran = false;
  std::thread poster([&] {
    first_ran.get_future().wait();
    asio::post(io, [&] {
      second_ran = true;
      // Outstanding work remains (the guard): only stop() ends the loop.
      io.stop();
    });
  });
  daemon::run_event_loop(io, kLook);
  poster.join();
  CHECK(second_ran);
  CHECK(io.stopped());
}

TEST_CASE("kiokud looks before sleeping only when it may run on two CPUs", "[daemon][server]") {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  REQUIRE(sched_getaffinity(0, sizeof allowed, &allowed) == 0);
  on_cpus(1, [] { CHECK(daemon::look_before_sleeping().count() == 0); });
  if (CPU_COUNT(&allowed) < 2) KIOKU_SKIP("this test runs on one CPU only");
  on_cpus(2, [] { CHECK(daemon::look_before_sleeping() == kLook); });
}
