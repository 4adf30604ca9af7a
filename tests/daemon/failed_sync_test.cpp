// A commit whose WAL sync fails (EIO) is reported as not recorded, and stays so: its frames, left
// whole in the WAL, are overwritten at once (sqlite::Database::commit), so that a recovery after
// kiokud is killed cannot apply them. The sync fails through a VFS of this test's, over the
// default one; the kill is a copy of the database and its WAL taken while the connection is open.
#include <sqlite3.h>

#include <array>
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "daemon/store/sqlite.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;

namespace {

std::atomic<bool> fail_syncs{false};
sqlite3_vfs failing_vfs;

// Each kind of file may have methods of its own (kiokud's VFS gives the WAL its own): a copy of
// each, with a sync that can fail, and the real ones beside.
struct WrappedMethods {
  const sqlite3_io_methods* real = nullptr;
  sqlite3_io_methods failing{};
};
std::array<WrappedMethods, 4> wrapped;

template <std::size_t Index>
int failing_sync(sqlite3_file* file, int flags) {
  if (fail_syncs) return SQLITE_IOERR_FSYNC;
  return wrapped[Index].real->xSync(file, flags);
}

template <std::size_t Index>
bool wrap(sqlite3_file* file) {
  WrappedMethods& slot = wrapped[Index];
  if (slot.real == nullptr) {
    slot.real = file->pMethods;
    slot.failing = *slot.real;
    slot.failing.xSync = failing_sync<Index>;
  }
  if (slot.real != file->pMethods) return false;
  file->pMethods = &slot.failing;
  return true;
}

int failing_open(sqlite3_vfs* vfs, sqlite3_filename name, sqlite3_file* file, int flags,
                 int* out_flags) {
  sqlite3_vfs* real = static_cast<sqlite3_vfs*>(vfs->pAppData);
  const int result = real->xOpen(real, name, file, flags, out_flags);
  if (result != SQLITE_OK || file->pMethods == nullptr) return result;
  if (!(wrap<0>(file) || wrap<1>(file) || wrap<2>(file) || wrap<3>(file))) return SQLITE_CANTOPEN;
  return result;
}

void register_failing_vfs() {
  static const bool registered = [] {
    sqlite3_vfs* real = sqlite3_vfs_find(nullptr);
    failing_vfs = *real;
    failing_vfs.zName = "kioku-test-failing-sync";
    failing_vfs.pAppData = real;
    failing_vfs.xOpen = failing_open;
    return sqlite3_vfs_register(&failing_vfs, 0) == SQLITE_OK;
  }();
  REQUIRE(registered);
}

std::string rows(daemon::sqlite::Database& database) {
  std::string all;
  auto statement = database.prepare("SELECT name FROM answers ORDER BY name");
  while (statement.step()) all += statement.column_text(0) + ";";
  return all;
}

}  // namespace

TEST_CASE("sqlite: a commit whose sync failed is not recovered from the WAL after a kill",
          "[daemon][sqlite]") {
  register_failing_vfs();
  const test::TempHome home;
  const std::string path = home.root() + "/failing.sqlite";
  daemon::sqlite::Database database(
      "file:" + path + "?vfs=kioku-test-failing-sync",
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI);
  database.execute(
      "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 0; "
      "CREATE TABLE answers (name TEXT NOT NULL)");
  database.begin_immediate();
  database.execute("INSERT INTO answers VALUES ('recorded')");
  database.commit();

  // An answer of several pages, whose sync fails: it is rolled back and reported.
  fail_syncs = true;
  database.begin_immediate();
  database.execute(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) "
      "INSERT INTO answers SELECT 'lost' || i || hex(zeroblob(100)) FROM n");
  CHECK_THROWS_AS(database.commit(), daemon::sqlite::SqliteError);
  fail_syncs = false;
  CHECK(rows(database) == "recorded;");

  // Killed now: the file and its WAL as they are on disk, opened afresh (SQLite recovers the WAL).
  const std::string copy = home.root() + "/after-kill.sqlite";
  std::filesystem::copy_file(path, copy);
  std::filesystem::copy_file(path + "-wal", copy + "-wal");
  daemon::sqlite::Database recovered(copy);
  CHECK(rows(recovered) == "recorded;");
  CHECK(recovered.prepare("PRAGMA integrity_check").step());

  // Writing goes on on the first connection.
  database.begin_immediate();
  database.execute("INSERT INTO answers VALUES ('next')");
  database.commit();
  CHECK(rows(database) == "next;recorded;");
}
