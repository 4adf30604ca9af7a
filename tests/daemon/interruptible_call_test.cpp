// A long call into SQLite stopped from another thread (daemon/store/interruptible_call.hpp), as
// doctor.check's integrity check is once its client has left.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>

#include "daemon/store/interruptible_call.hpp"
#include "daemon/store/sqlite.hpp"

using namespace kioku;
using namespace std::chrono_literals;

namespace {

// A statement that never ends by itself: it counts without bound.
constexpr const char* kEndless =
    "WITH RECURSIVE counting(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM counting) "
    "SELECT count(*) FROM counting";

struct Gone : std::runtime_error {
  Gone() : std::runtime_error("its client left") {}
};

}  // namespace

TEST_CASE("interruptible call: stopped once asked, with what the asking threw",
          "[daemon][interruptible_call]") {
  daemon::sqlite::Database database(":memory:");
  std::atomic<int> asked = 0;
  bool returned = false;
  CHECK_THROWS_AS(daemon::run_interruptible(
                      database,
                      [&] {
                        daemon::sqlite::Statement endless = database.prepare(kEndless);
                        endless.step();
                        returned = true;
                      },
                      [&] {
                        if (++asked == 3) throw Gone();
                      },
                      5ms),
                  Gone);
  CHECK(asked == 3);
  CHECK_FALSE(returned);
  // The connection serves the next statement: the interruption ended with the call.
  daemon::sqlite::Statement one = database.prepare("SELECT 1");
  CHECK(daemon::sqlite::integer_result(one) == 1);
}

TEST_CASE("interruptible call: a call that ends by itself, and one that fails, are as they were",
          "[daemon][interruptible_call]") {
  daemon::sqlite::Database database(":memory:");
  std::int64_t counted = 0;
  daemon::run_interruptible(
      database,
      [&] {
        daemon::sqlite::Statement bounded = database.prepare(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
            "WHERE x < 1000) SELECT count(*) FROM c");
        counted = daemon::sqlite::integer_result(bounded);
      },
      [] {}, 1ms);
  CHECK(counted == 1000);
  CHECK_THROWS_WITH(daemon::run_interruptible(
                        database, [] { throw std::logic_error("the call's own"); }, [] {}, 1ms),
                    "the call's own");
}

TEST_CASE("interruptible call: a statement the call starts after the first is interrupted too",
          "[daemon][interruptible_call]") {
  // As doctor.check's foreign key check after its integrity check: SQLite forgets an interrupt
  // once none of the connection's statements runs, so the statement after the interrupted one
  // must be interrupted again. Long but bounded: without that, it ends by itself (after many
  // seconds) and the test fails rather than hangs.
  daemon::sqlite::Database database(":memory:");
  int interrupted = 0;
  bool ran_whole = false;
  CHECK_THROWS_AS(daemon::run_interruptible(
                      database,
                      [&] {
                        for (const char* sql :
                             {kEndless,
                              "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
                              "WHERE x < 200000000) SELECT count(*) FROM c"}) {
                          try {
                            daemon::sqlite::Statement statement = database.prepare(sql);
                            statement.step();
                            ran_whole = true;
                          } catch (const daemon::sqlite::SqliteError& error) {
                            if ((error.result_code() & 0xff) == SQLITE_INTERRUPT) ++interrupted;
                          }
                        }
                      },
                      [] { throw Gone(); }, 5ms),
                  Gone);
  CHECK(interrupted == 2);
  CHECK_FALSE(ran_whole);
}
