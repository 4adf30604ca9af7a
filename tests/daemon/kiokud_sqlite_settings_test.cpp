// The daemon tests run SQLite as kiokud does: kiokud's main settles the process's SQLite
// (daemon::sqlite::configure_process) before its first connection, and so does this, before
// any test opens one. Among those settings is the VFS every connection writes through.
#include <catch2/catch.hpp>

#include "daemon/store/sqlite.hpp"

namespace {

const bool settled_as_kiokud = [] {
  kioku::daemon::sqlite::configure_process();
  return true;
}();

}  // namespace

TEST_CASE("the daemon tests' SQLite is settled as kiokud's", "[daemon][store]") {
  CHECK(settled_as_kiokud);
  // configure_process turned SQLite's memory statistics off: nothing is counted.
  sqlite3_int64 current = -1;
  sqlite3_int64 highest = -1;
  REQUIRE(sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highest, 0) == SQLITE_OK);
  CHECK(current == 0);
}
