// The RunningDaemon fixture itself (tests/support/running_daemon.hpp): it starts a kiokud that
// serves a real SQLite collection in its own home, its helpers reach that daemon, and its stops
// say how the daemon exited.
#include <signal.h>
#include <sys/stat.h>

#include "protocol/json_rpc.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace protocol = kioku::protocol;

namespace {

bool exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

}  // namespace

TEST_CASE("RunningDaemon: a started kiokud serves its home's socket to calls and to kioku",
          "[e2e][fixture]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  CHECK(daemon.socket_path() == home.socket_path());
  CHECK(exists(home.socket_path()));

  const boost::json::value hello = daemon.call(protocol::kHello.name);
  CHECK(hello.at("daemon").as_string() == "kiokud");
  CHECK(hello.at("pid").as_int64() == daemon.pid());
  CHECK(hello.at("collection").as_string() == home.collection_path());
  const boost::json::value unknown = daemon.rpc("no.such.method");
  CHECK(error_code_of(unknown) == kioku::protocol::code::kMethodNotFound);

  const CommandResult imported = daemon.kioku({"import", "-"}, generated_deck("fixture", 3));
  INFO(imported.err);
  CHECK(imported.exit_code == 0);
  CHECK(parse_output(daemon.kioku({"decks", "--json"})).as_array().size() == 1);
  // The cards are in the SQLite file in the home, not in memory.
  SqliteReader collection(home.collection_path());
  CHECK(collection.integer("SELECT count(*) FROM cards") == 3);
}

TEST_CASE("RunningDaemon: stop_cleanly ends kiokud with SIGTERM and its socket with it",
          "[e2e][fixture]") {
  RunningDaemon daemon;
  const pid_t pid = daemon.pid();
  daemon.stop_cleanly();
  CHECK_FALSE(exists(daemon.socket_path()));
  CHECK(::kill(pid, 0) != 0);  // reaped, not a zombie
  // Stopping again reports the same exit and sends nothing.
  CHECK(daemon.stop(SIGKILL) == 0);
}

TEST_CASE("RunningDaemon: a kiokud left stopped with SIGSTOP still stops cleanly",
          "[e2e][fixture]") {
  RunningDaemon daemon;
  REQUIRE(::kill(daemon.pid(), SIGSTOP) == 0);
  daemon.stop_cleanly();
  CHECK_FALSE(exists(daemon.socket_path()));
}

TEST_CASE("RunningDaemon: stop and wait report how kiokud exited", "[e2e][fixture]") {
  SECTION("killed") {
    RunningDaemon daemon;
    CHECK(daemon.stop(SIGKILL) == 128 + SIGKILL);
    CHECK(exists(daemon.socket_path()));  // a killed daemon leaves its socket file behind
  }
  SECTION("asked to shut down over the socket") {
    RunningDaemon daemon;
    daemon.call(protocol::kShutdown.name);
    CHECK(daemon.wait() == 0);
    CHECK(daemon.log().find("kiokud: stopped") != std::string::npos);
  }
}

TEST_CASE("RunningDaemon: daemons in turn on one home share its collection", "[e2e][fixture]") {
  TempHome home;
  {
    RunningDaemon first(home, {"--no-bundled-decks"});
    CHECK(&first.home() == &home);
    REQUIRE(first.kioku({"import", "-"}, generated_deck("kept", 2)).exit_code == 0);
  }
  // The first one's end stopped it cleanly, so the second one gets the lock.
  RunningDaemon second(home, {"--no-bundled-decks"});
  CHECK(field(second.call(protocol::kDueCounts.name), "new") == 2);
}
