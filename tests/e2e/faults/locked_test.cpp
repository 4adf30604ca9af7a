// The collection locked by another process: a second kiokud is turned away at once; a sqlite3
// connection holding the write lock makes answers fail after the busy timeout with an error
// that says who to look for, and nothing is half-written.
#include <sqlite3.h>

#include <signal.h>
#include <memory>

#include "tests/e2e/faults/fault_helpers.hpp"
#include "tests/support/sqlite_lock_holder.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;
namespace protocol = kioku::protocol;
namespace code = kioku::protocol::code;

namespace {

std::string locked_message(const TempHome& home) {
  return home.collection_path() +
         " is locked by another process (a sqlite3 shell or a backup tool?); close it and try "
         "again";
}

}  // namespace

TEST_CASE("faults: a second kiokud on the same collection is refused at once", "[e2e][faults]") {
  RunningDaemon first({"--no-bundled-decks"});
  const TempHome& home = first.home();
  const CommandResult second = run_kiokud_until_exit(home, home.root() + "/second.sock");
  INFO("stderr: " << second.err);
  CHECK(second.exit_code == 1);
  CHECK(second.err == "kiokud: another kiokud (pid " + std::to_string(first.pid()) +
                          ") is already using the collection " + home.collection_path() + "\n");
  expect_still_serving(home);
}

TEST_CASE("faults: a sqlite3 holding the write lock fails answers clearly and corrupts nothing",
          "[e2e][faults]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  import_open_deck(home, client, "locked", 20);
  REQUIRE_FALSE(is_error(answer_next(client, "locked")));

  LockHolder holder(home.collection_path(), "BEGIN EXCLUSIVE");
  // kiokud waits out its busy timeout (5 s), then gives up on this answer only.
  const json::value blocked = answer_next(client, "locked");
  INFO("answer under the lock: " << json::serialize(blocked));
  REQUIRE(is_error(blocked));
  CHECK(error_code_of(blocked) == code::kStorage);
  CHECK(error_message_of(blocked) == "database is locked: " + locked_message(home));
  // Reading goes on beside the writer (WAL).
  CHECK_FALSE(is_error(rpc(client, protocol::kDueCounts.name)));

  holder.release();
  CHECK_FALSE(is_error(answer_next(client, "locked")));
  SqliteReader collection(home.collection_path());
  CHECK(collection.text("PRAGMA integrity_check") == "ok");
  // The refused answer left nothing behind: two answers, two log rows, two tallies.
  CHECK(collection.integer("SELECT count(*) FROM revlog") == 2);
  CHECK(collection.integer("SELECT sum(reviews) FROM daily_stats") == 2);
}

TEST_CASE("faults: kiokud refuses to start on a collection another process holds exclusively",
          "[e2e][faults]") {
  TempHome home;
  {
    RunningDaemon daemon(home, {"--no-bundled-decks"});
    REQUIRE(daemon.stop(SIGTERM) == 0);
  }
  // Exclusive locking mode keeps even readers out until the connection closes.
  LockHolder holder(home.collection_path(),
                    "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; "
                    "CREATE TABLE held (x); COMMIT");
  const CommandResult result = run_kiokud_until_exit(home, home.socket_path());
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 1);
  CHECK(result.err.find(locked_message(home)) != std::string::npos);
  CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
  holder.release();
  SqliteReader collection(home.collection_path());
  CHECK(collection.text("PRAGMA integrity_check") == "ok");
}
