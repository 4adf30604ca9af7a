// kiokud's socket file removed while it runs (a tmp cleaner, an `rm`): kiokud notices and makes
// it again, so clients reach it instead of trying to start a second daemon; and while it cannot
// (it is stopped), `kioku daemon status` and `stop` find it through the collection's lock and say
// what is wrong. Waits are on the file (inotify), never a sleep.
#include <signal.h>
#include <stdio.h>

#include "tests/e2e/faults/fault_helpers.hpp"
#include "tests/support/file_watch.hpp"

using namespace kioku::test;

TEST_CASE("faults: kiokud makes its removed socket file again and kioku reaches it",
          "[e2e][faults][socket-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string directory = home.runtime_dir() + "/kioku";
  FileWatch watch(directory);
  SECTION("removed") {
    REQUIRE(::unlink(home.socket_path().c_str()) == 0);
  }
  SECTION("renamed away") {
    REQUIRE(::rename(home.socket_path().c_str(), (directory + "/old.sock").c_str()) == 0);
  }
  INFO("kiokud log:\n" << daemon.log());
  REQUIRE(watch.wait_until_exists(home.socket_path()));
  const auto due = run_kioku(home, {"due", "--json"});
  INFO(due.err);
  CHECK(due.exit_code == 0);
  CHECK(field(parse_output(due), "total") == 0);
  CHECK(daemon.log().find("was removed; listening on it again") != std::string::npos);
  // It still removes its own socket when it stops.
  CHECK(daemon.stop(SIGTERM) == 0);
  CHECK(::access(home.socket_path().c_str(), F_OK) != 0);
}

TEST_CASE("faults: kiokud makes its socket's removed directory again",
          "[e2e][faults][socket-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string directory = home.runtime_dir() + "/kioku";
  FileWatch runtime(home.runtime_dir());
  REQUIRE(::rename(directory.c_str(), (home.runtime_dir() + "/gone").c_str()) == 0);
  INFO("kiokud log:\n" << daemon.log());
  REQUIRE(runtime.wait_until_exists(directory));
  FileWatch remade(directory);
  REQUIRE(remade.wait_until_exists(home.socket_path()));
  CHECK(run_kioku(home, {"due"}).exit_code == 0);
}

TEST_CASE(
    "faults: status - stop and other commands name a kiokud that holds the collection "
    "without a socket",
    "[e2e][faults][socket-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string pid = std::to_string(daemon.pid());
  // Stopped, it cannot make its socket again: the lock is all that tells it runs.
  StoppedProcess stopped(daemon.pid());
  REQUIRE(::unlink(home.socket_path().c_str()) == 0);
  const std::string problem =
      "does not listen on " + home.socket_path() +
      " (was its socket file removed?), though it holds the collection in " + home.data_dir();

  const auto status = run_kioku(home, {"daemon", "status"});
  CHECK(status.exit_code == 3);
  CHECK(status.out ==
        "kiokud (pid " + pid + ") is running but " + problem + "; `kioku daemon stop` ends it\n");

  // Autostart would only start a second kiokud that the lock refuses.
  const auto due = run_kioku(home, {"due"});
  CHECK(due.exit_code == 3);
  CHECK(due.err == "kioku: kiokud (pid " + pid + ") holds the collection in " + home.data_dir() +
                       " but does not listen on " + home.socket_path() +
                       " (was its socket file removed?); `kioku daemon stop` ends it\n");

  const auto stop = run_kioku(home, {"daemon", "stop"});
  INFO("kiokud log:\n" << daemon.log());
  INFO("stderr: " << stop.err);
  REQUIRE(stop.exit_code == 0);  // else kiokud is still stopped, and waiting for it would hang
  CHECK(stop.err == "kioku: kiokud (pid " + pid + ") " + problem + "; sent it SIGTERM\n");
  CHECK(stop.out == "kiokud stopped (pid " + pid + ")\n");
  CHECK(daemon.wait() == 0);
  stopped.forget();
}
