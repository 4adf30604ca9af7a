// The daemon tests run SQLite as kiokud does: kiokud's main settles the process's SQLite
// (daemon::sqlite::configure_process) before its first connection, and so does this, before
// any test opens one. Among those settings is the VFS every connection writes through.
#include <catch2/catch.hpp>
#include <string>

#include "daemon/store/sqlite.hpp"
#include "tests/support/temp_home.hpp"

namespace {

const bool settled_as_kiokud = kioku::daemon::sqlite::configure_process();

}  // namespace

TEST_CASE("the daemon tests' SQLite is settled as kiokud's", "[daemon][store]") {
  // Every setting taken: one made after SQLite's initialisation is refused without a word
  // (the statement journal's spill was, for one commit, and a 1M-note import took 22 % longer).
  CHECK(settled_as_kiokud);
  // configure_process turned SQLite's memory statistics off: nothing is counted.
  sqlite3_int64 current = -1;
  sqlite3_int64 highest = -1;
  REQUIRE(sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highest, 0) == SQLITE_OK);
  CHECK(current == 0);
}

TEST_CASE("a statement whose journal outgrows its memory lands, not 'disk is full'",
          "[daemon][store]") {
  // A statement inside a transaction keeps the pages it changes that the transaction had
  // changed before, to undo it alone; past SQLITE_CONFIG_STMTJRNL_SPILL's bytes that journal
  // goes to a file in chunks of that size, and SQLite's unix VFS writes at most 0x1ffff bytes
  // in one call and takes a shorter write for a full disk. With 512 KiB chunks written whole,
  // every statement whose journal passed 512 KiB failed with SQLITE_FULL; the gathering VFS
  // writes them in pieces.
  kioku::test::TempHome home;
  kioku::daemon::sqlite::Database database(home.root() + "/spill.sqlite");
  database.execute("PRAGMA journal_mode = WAL");
  database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)");
  database.execute(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8000) "
      "INSERT INTO t SELECT i, printf('%d', i) || zeroblob(500) FROM n");
  database.begin_immediate();
  // Every page changed once, so that the next statement must keep them all: about 4 MB.
  database.execute("UPDATE t SET v = v || 'a'");
  CHECK_NOTHROW(database.execute("UPDATE t SET v = v || 'b'"));
  CHECK(database.changes() == 8000);
  database.commit();
}
