// A daemon that does not answer: a kiokud stopped with SIGSTOP, and a socket whose listener
// accepts and never replies. kioku gives up after its reply timeout with "kiokud (pid N) is not
// answering" and exit code 3, Ctrl-C ends the wait, and `kioku daemon stop` ends a stopped
// kiokud with SIGTERM. The harness bounds every command (run_command's timeout); no test times
// one.
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <future>

#include "protocol/paths.hpp"
#include "tests/e2e/faults/fault_helpers.hpp"
#include "tests/support/silent_listener.hpp"

using namespace kioku::test;

namespace {

std::string not_answering(pid_t pid) {
  return "kioku: kiokud (pid " + std::to_string(pid) + ") is not answering: no reply to ";
}

}  // namespace

TEST_CASE("faults: a stopped kiokud makes kioku give up after its timeout with exit code 3",
          "[e2e][faults][timeout]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  StoppedProcess stopped(daemon.pid());
  SECTION("kioku due") {
    const auto result = run_kioku(home, {"due", "--timeout", "1"});
    CHECK(result.exit_code == 3);
    CHECK(result.err.rfind(not_answering(daemon.pid()) + "system.hello within 1 s", 0) == 0);
    CHECK(result.err.find("kill -CONT " + std::to_string(daemon.pid())) != std::string::npos);
  }
  SECTION("kioku import, which has a timeout of its own") {
    const std::string deck = home.write_file("deck.toml", generated_deck("slow", 1));
    const auto result = run_kioku(home, {"import", deck, "--timeout", "1"});
    CHECK(result.exit_code == 3);
    CHECK(result.err.rfind(not_answering(daemon.pid()), 0) == 0);
  }
  SECTION("kioku daemon status") {
    const auto result = run_kioku(home, {"daemon", "status", "--timeout", "1"});
    CHECK(result.exit_code == 3);
    CHECK(result.out == "kiokud (pid " + std::to_string(daemon.pid()) +
                            ") is running but is not answering on " + home.socket_path() +
                            "; `kioku daemon stop` ends it\n");
    const auto json = run_kioku(home, {"daemon", "status", "--timeout", "1", "--json"});
    const auto status = parse_output(json);
    CHECK(status.at("running").as_bool());
    CHECK_FALSE(status.at("answering").as_bool());
    CHECK(status.at("pid").as_int64() == daemon.pid());
  }
}

TEST_CASE("faults: kioku daemon stop ends a stopped kiokud with SIGTERM and says so",
          "[e2e][faults][timeout]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  StoppedProcess stopped(daemon.pid());
  // kioku sends SIGCONT with the SIGTERM, so the stopped kiokud acts on it at once.
  const auto result = run_kioku(home, {"daemon", "stop", "--timeout", "1"});
  INFO("kiokud log:\n" << daemon.log());
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);  // else kiokud is still stopped, and waiting for it would hang
  CHECK(result.err == "kioku: kiokud (pid " + std::to_string(daemon.pid()) +
                          ") is not answering on " + home.socket_path() + "; sent it SIGTERM\n");
  CHECK(result.out == "kiokud stopped (pid " + std::to_string(daemon.pid()) + ")\n");
  CHECK(daemon.wait() == 0);  // a clean stop: SIGTERM is handled, not fatal
  stopped.forget();
  CHECK(daemon.log().find("SIGTERM received, stopping") != std::string::npos);
}

TEST_CASE("faults: a socket that accepts and never answers makes kioku give up",
          "[e2e][faults][timeout]") {
  TempHome home;
  kioku::protocol::make_directories(home.runtime_dir() + "/kioku");
  SilentListener listener(home.socket_path());
  const pid_t self = ::getpid();
  SECTION("kioku due") {
    const auto result = run_kioku(home, {"due", "--timeout", "1"});
    CHECK(result.exit_code == 3);
    CHECK(result.err.rfind(not_answering(self) + "system.hello within 1 s", 0) == 0);
  }
  SECTION("kioku daemon status") {
    const auto result = run_kioku(home, {"daemon", "status", "--timeout", "1"});
    CHECK(result.exit_code == 3);
    CHECK(result.out.find("is running but is not answering") != std::string::npos);
  }
  SECTION("kioku daemon stop signals only a kiokud") {
    const auto result = run_kioku(home, {"daemon", "stop", "--timeout", "1"});
    CHECK(result.exit_code == 1);
    CHECK(result.err.find("not kiokud; not signalling it") != std::string::npos);
  }
}

TEST_CASE("faults: Ctrl-C ends kioku's wait for a reply", "[e2e][faults][timeout]") {
  TempHome home;
  kioku::protocol::make_directories(home.runtime_dir() + "/kioku");
  SilentListener listener(home.socket_path());
  std::promise<pid_t> started;
  auto environment = home.environment();
  auto waiting = std::async(std::launch::async, [&] {
    // The default timeout (15 s) is far longer than the wait for the request to arrive.
    return run_command({kioku_path(), "--socket", home.socket_path(), "due"}, environment, "", 60,
                       [&](pid_t pid) { started.set_value(pid); });
  });
  const pid_t kioku = started.get_future().get();
  // Once its request has arrived, kioku is waiting for the reply.
  REQUIRE(listener.take_request());
  REQUIRE(::kill(kioku, SIGINT) == 0);
  const CommandResult result = waiting.get();
  CHECK(result.exit_code == 128 + SIGINT);  // ended by SIGINT, as shells expect
  CHECK(result.err == "kioku: interrupted while waiting for kiokud (pid " +
                          std::to_string(::getpid()) + ") to answer system.hello\n");
}

TEST_CASE("faults: a stopped kiokud holds its SIGTERM until continued, and the wait for it ends",
          "[e2e][faults][timeout]") {
  TempHome home;
  DaemonProcess process(home, {"--no-bundled-decks"});
  REQUIRE(process.started());
  StoppedProcess stopped(process.pid());
  REQUIRE(::kill(process.pid(), SIGTERM) == 0);
  // The harness's bounded wait gives up on a kiokud that cannot act (where a stop that hangs
  // gets its thread states reported) instead of waiting for good...
  CHECK_FALSE(process.exits_within(std::chrono::seconds(1)));
  const std::string threads = thread_states(process.pid());
  // Each of its threads on a line of its own, every one of them stopped (T).
  CHECK(threads.find(" kiokud T ") != std::string::npos);
  CHECK(std::count(threads.begin(), threads.end(), '\n') >= 3);  // the server's and two pools'
  for (std::size_t line = 0; line < threads.size(); line = threads.find('\n', line) + 1) {
    const std::string entry = threads.substr(line, threads.find('\n', line) - line);
    INFO(entry);
    CHECK(entry.find(" T ") != std::string::npos);
  }
  // ...and sees it end once it goes on and handles the SIGTERM it was holding.
  REQUIRE(::kill(process.pid(), SIGCONT) == 0);
  stopped.forget();
  REQUIRE(process.exits_within(std::chrono::seconds(60)));
  CHECK(process.exit_code() == 0);
  CHECK(process.log().find("SIGTERM received, stopping") != std::string::npos);
}
