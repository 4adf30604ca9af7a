// The VFS that gathers a connection's WAL writes (daemon/store/gathered_wal_writes.hpp): a
// commit's frames reach the file in one write, every commit is in the file before another
// connection can read it, a failed write fails the commit, and frames of a transaction that
// rolled back never land over another connection's.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/store/gathered_wal_writes.hpp"
#include "daemon/store/sqlite.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using daemon::sqlite::Database;

namespace {

constexpr off_t kWalHeaderBytes = 32;
constexpr off_t kFrameBytes = 24 + 4096;  // the tests' databases keep SQLite's 4 KiB pages

// The platform VFS's pwrite, counted, and made to fail with ENOSPC when told to. When a WAL is
// watched, each write to it is checked against the WAL-index in its -shm file: a write of a
// frame the index already counts as committed (or of the header of a WAL in use) is a frame
// that landed after it was published, or over another connection's.
struct PlatformWrites {
  int count = 0;
  bool fail_with_no_room = false;
  int wal_writes_to_fail = 0;             // the next ones to a WAL, with ENOSPC
  bool fail_lone_commit_headers = false;  // a commit frame's header written alone, with EIO
  int failed = 0;
  ino_t watched_wal = 0;
  int watched_index = -1;  // the -shm file, read apart from SQLite
  int writes_over_published_frames = 0;
};
PlatformWrites platform_writes;
sqlite3_syscall_ptr platform_pwrite = nullptr;

// The last frame the WAL-index counts as committed (WalIndexHdr.mxFrame, in native order).
std::uint32_t published_frames() {
  std::uint32_t last_frame = 0;
  if (::pread(platform_writes.watched_index, &last_frame, sizeof last_frame, 16) !=
      sizeof last_frame) {
    return 0;
  }
  return last_frame;
}

void check_against_the_index(int descriptor, off_t offset) {
  struct stat written {};
  if (platform_writes.watched_index < 0 || ::fstat(descriptor, &written) != 0 ||
      written.st_ino != platform_writes.watched_wal) {
    return;
  }
  const std::uint32_t published = published_frames();
  const std::uint32_t first_frame =
      offset < kWalHeaderBytes
          ? 0
          : static_cast<std::uint32_t>((offset - kWalHeaderBytes) / kFrameBytes) + 1;
  if (published > 0 && first_frame <= published) ++platform_writes.writes_over_published_frames;
}

bool is_a_wal(int descriptor) {
  char target[4096] = {};
  const std::string link = "/proc/self/fd/" + std::to_string(descriptor);
  const ssize_t length = ::readlink(link.c_str(), target, sizeof target - 1);
  return length > 4 && std::string_view(target, static_cast<std::size_t>(length)).ends_with("-wal");
}

ssize_t counted_pwrite(int descriptor, const void* data, size_t bytes, off_t offset) {
  ++platform_writes.count;
  if (platform_writes.fail_with_no_room) {
    errno = ENOSPC;
    return -1;
  }
  if (platform_writes.wal_writes_to_fail > 0 && is_a_wal(descriptor)) {
    --platform_writes.wal_writes_to_fail;
    ++platform_writes.failed;
    errno = ENOSPC;
    return -1;
  }
  const auto* header = static_cast<const unsigned char*>(data);
  if (platform_writes.fail_lone_commit_headers && bytes == 24 && is_a_wal(descriptor) &&
      (header[4] | header[5] | header[6] | header[7]) != 0) {
    ++platform_writes.failed;
    errno = EIO;
    return -1;
  }
  check_against_the_index(descriptor, offset);
  using Pwrite = ssize_t (*)(int, const void*, size_t, off_t);
  return reinterpret_cast<Pwrite>(platform_pwrite)(descriptor, data, bytes, offset);
}

// Counts the platform VFS's writes while it lives.
class CountedWrites {
 public:
  CountedWrites() : unix_(sqlite3_vfs_find("unix")) {
    REQUIRE(unix_ != nullptr);
    // SQLite writes with pwrite64 or pwrite, as it was built: whichever it has.
    for (const char* name : {"pwrite64", "pwrite"}) {
      if (unix_->xGetSystemCall(unix_, name) != nullptr) {
        name_ = name;
        break;
      }
    }
    REQUIRE(name_ != nullptr);
    platform_pwrite = unix_->xGetSystemCall(unix_, name_);
    REQUIRE(unix_->xSetSystemCall(
                unix_, name_, reinterpret_cast<sqlite3_syscall_ptr>(counted_pwrite)) == SQLITE_OK);
    platform_writes = {};
  }
  ~CountedWrites() {
    unix_->xSetSystemCall(unix_, name_, platform_pwrite);
    if (platform_writes.watched_index >= 0) ::close(platform_writes.watched_index);
    platform_writes = {};
  }
  // Checks each later write to the WAL of the database at `path` (open, in WAL mode).
  void watch_wal_of(const std::string& path) {
    struct stat wal {};
    REQUIRE(::stat((path + "-wal").c_str(), &wal) == 0);
    platform_writes.watched_wal = wal.st_ino;
    platform_writes.watched_index = ::open((path + "-shm").c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(platform_writes.watched_index >= 0);
  }
  CountedWrites(const CountedWrites&) = delete;
  CountedWrites& operator=(const CountedWrites&) = delete;

 private:
  sqlite3_vfs* unix_;
  const char* name_ = nullptr;
};

// A connection in WAL mode, as kiokud's: synchronous as given, checkpoints only when asked.
void use_wal(Database& database, const char* synchronous = "FULL") {
  database.execute("PRAGMA journal_mode = WAL");
  database.execute(std::string("PRAGMA synchronous = ") + synchronous);
  database.execute("PRAGMA wal_autocheckpoint = 0");
}

std::int64_t count_of(Database& database, const std::string& sql) {
  daemon::sqlite::Statement statement = database.prepare(sql);
  return daemon::sqlite::integer_result(statement);
}

std::string integrity(Database& database) {
  daemon::sqlite::Statement statement = database.prepare("PRAGMA integrity_check");
  REQUIRE(statement.step());
  return statement.column_text(0);
}

// Checks, through a connection of its own, that the database at `path` is whole and its table
// `rows` has `count` rows.
void expect_whole_with_rows(const std::string& path, std::int64_t count) {
  Database reader(path);
  CHECK(integrity(reader) == "ok");
  CHECK(count_of(reader, "SELECT count(*) FROM rows") == count);
}

// Makes the database at `path` in WAL mode with an empty table `rows`.
void make_rows_table(const std::string& path) {
  Database setup(path);
  use_wal(setup);
  setup.execute("CREATE TABLE rows (n INTEGER, bytes BLOB)");
}

// Opens `path` with SQLite's own unix VFS, not the gathering one.
sqlite3* open_with_platform_vfs(const std::string& path) {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                          "unix") == SQLITE_OK);
  return handle;
}

int writes_of_a_commit_of_twenty_pages(sqlite3* handle) {
  REQUIRE(sqlite3_exec(handle, "BEGIN", nullptr, nullptr, nullptr) == SQLITE_OK);
  for (int row = 0; row < 20; ++row) {
    REQUIRE(sqlite3_exec(handle, "INSERT INTO pages VALUES (randomblob(3000))", nullptr, nullptr,
                         nullptr) == SQLITE_OK);
  }
  const int before = platform_writes.count;
  REQUIRE(sqlite3_exec(handle, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK);
  return platform_writes.count - before;
}

}  // namespace

TEST_CASE("kiokud's SQLite writes through the gathering VFS", "[daemon][store]") {
  // tests/daemon/kiokud_sqlite_settings_test.cpp settles the process as kiokud's main does.
  REQUIRE(sqlite3_vfs_find(nullptr) != nullptr);
  CHECK(std::string(sqlite3_vfs_find(nullptr)->zName) == "kioku-gathered-wal");
}

TEST_CASE("a commit's WAL frames reach the file in one write", "[daemon][store]") {
  test::TempHome home;
  CountedWrites counted;
  int gathered = 0;
  int platform = 0;
  for (const bool gathering : {true, false}) {
    const std::string path = home.root() + (gathering ? "/gathered.sqlite" : "/platform.sqlite");
    sqlite3* handle = gathering ? nullptr : open_with_platform_vfs(path);
    std::optional<Database> database;
    if (gathering) {
      database.emplace(path);
      handle = database->handle();
    }
    for (const char* sql : {"PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL",
                            "CREATE TABLE pages (bytes BLOB)"}) {
      REQUIRE(sqlite3_exec(handle, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
    }
    (gathering ? gathered : platform) = writes_of_a_commit_of_twenty_pages(handle);
    if (!gathering) sqlite3_close_v2(handle);
  }
  // SQLite alone: a header and a page for each of the 20-odd frames.
  CHECK(platform >= 40);
  CHECK(gathered == 1);
}

TEST_CASE("another connection reads each commit as soon as it returns", "[daemon][store]") {
  test::TempHome home;
  const std::string path = home.root() + "/shared.sqlite";
  // synchronous=OFF too: no sync then passes the frames on before the commit is published.
  for (const char* synchronous : {"FULL", "OFF"}) {
    CAPTURE(synchronous);
    std::filesystem::remove(path);
    Database writer(path);
    use_wal(writer, synchronous);
    writer.execute("CREATE TABLE rows (n INTEGER, bytes BLOB)");
    Database reader(path);
    CountedWrites counted;
    counted.watch_wal_of(path);
    for (int n = 1; n <= 30; ++n) {
      writer.execute("INSERT INTO rows VALUES (" + std::to_string(n) + ", randomblob(5000))");
      REQUIRE(count_of(reader, "SELECT count(*) FROM rows") == n);
      REQUIRE(count_of(reader, "SELECT sum(length(bytes)) FROM rows") == 5000 * n);
    }
    CHECK(integrity(reader) == "ok");
    CHECK(platform_writes.count >= 30);
    CHECK(platform_writes.writes_over_published_frames == 0);
  }
}

TEST_CASE("a commit of more than the gathered limit lands whole", "[daemon][store]") {
  test::TempHome home;
  const std::string path = home.root() + "/large.sqlite";
  {
    Database writer(path);
    use_wal(writer);
    writer.execute("CREATE TABLE rows (n INTEGER, bytes BLOB)");
    writer.execute("BEGIN");
    for (int n = 0; n < 400; ++n) {
      writer.execute("INSERT INTO rows VALUES (" + std::to_string(n) + ", randomblob(20000))");
    }
    writer.execute("COMMIT");
    Database reader(path);
    CHECK(count_of(reader, "SELECT sum(length(bytes)) FROM rows") == 400 * 20000);
  }
  Database reopened(path);
  CHECK(integrity(reopened) == "ok");
  CHECK(count_of(reopened, "SELECT count(*) FROM rows") == 400);
}

TEST_CASE("frames of a transaction that rolled back never land over another connection's",
          "[daemon][store]") {
  test::TempHome home;
  const std::string path = home.root() + "/rollback.sqlite";
  Database first(path);
  use_wal(first);
  first.execute("CREATE TABLE rows (n INTEGER, bytes BLOB)");
  // A cache of a few pages: the long transaction below spills its pages into the WAL before
  // it rolls back, and the last of them are still gathered then.
  first.execute("PRAGMA cache_size = 5");
  Database second(path);
  use_wal(second);
  // The WAL empty: the rollback reads its pages back from the database file, not the WAL,
  // which would have passed the gathered frames on.
  first.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  CountedWrites counted;
  counted.watch_wal_of(path);
  first.execute("BEGIN");
  for (int n = 0; n < 50; ++n) first.execute("INSERT INTO rows VALUES (-1, randomblob(3000))");
  first.execute("ROLLBACK");
  // The second connection's commits take the WAL's place where the spilled frames were.
  for (int n = 1; n <= 60; ++n) {
    second.execute("INSERT INTO rows VALUES (" + std::to_string(n) + ", randomblob(3000))");
  }
  // The first connection's next commit writes after them.
  first.execute("INSERT INTO rows VALUES (61, randomblob(3000))");
  Database reader(path);
  CHECK(count_of(reader, "SELECT count(*) FROM rows WHERE n > 0") == 61);
  CHECK(count_of(reader, "SELECT count(*) FROM rows WHERE n < 0") == 0);
  CHECK(integrity(reader) == "ok");
  CHECK(platform_writes.writes_over_published_frames == 0);
  reader.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  CHECK(count_of(reader, "SELECT count(*) FROM rows") == 61);
  CHECK(integrity(reader) == "ok");
}

TEST_CASE("a gathered write that fails fails its commit, and nothing of it is kept",
          "[daemon][store]") {
  test::TempHome home;
  const std::string path = home.root() + "/full.sqlite";
  Database writer(path);
  use_wal(writer);
  writer.execute("CREATE TABLE rows (n INTEGER, bytes BLOB)");
  writer.execute("INSERT INTO rows VALUES (1, randomblob(3000))");
  CountedWrites counted;
  platform_writes.fail_with_no_room = true;
  int result = SQLITE_OK;
  try {
    writer.execute("INSERT INTO rows VALUES (2, randomblob(3000))");
  } catch (const daemon::sqlite::SqliteError& error) {
    result = error.result_code();
  }
  CHECK(result == SQLITE_FULL);
  CHECK(platform_writes.count >= 1);
  platform_writes.fail_with_no_room = false;
  CHECK(count_of(writer, "SELECT count(*) FROM rows") == 1);
  // With room again, the next commit lands, and so does the file.
  writer.execute("INSERT INTO rows VALUES (3, randomblob(3000))");
  Database reader(path);
  daemon::sqlite::Statement rows = reader.prepare("SELECT group_concat(n, ',') FROM rows");
  REQUIRE(rows.step());
  CHECK(rows.column_text(0) == "1,3");
  CHECK(integrity(reader) == "ok");
}

TEST_CASE("a commit is in the file when the process dies just after it", "[daemon][store]") {
  test::TempHome home;
  const std::string path = home.root() + "/killed.sqlite";
  make_rows_table(path);
  // synchronous=OFF: nothing syncs the WAL, so only the gathering VFS's own rules put the
  // commits in the file before the child ends without closing anything.
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    Database writer(path);
    use_wal(writer, "OFF");
    for (int n = 1; n <= 25; ++n) {
      writer.execute("INSERT INTO rows VALUES (" + std::to_string(n) + ", randomblob(3000))");
    }
    ::_exit(0);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  expect_whole_with_rows(path, 25);
}

TEST_CASE("a gathered write that fails when a read passes it on fails the transaction",
          "[daemon][store]") {
  // kiokud's group commit runs each request under a savepoint: a request whose statement fails
  // is rolled back to it, and the transaction goes on. Frames an earlier request spilled, still
  // gathered, go on when the next statement reads a page from the WAL; if that write fails,
  // SQLite takes it as that statement's failure, and the transaction must not commit without
  // those frames.
  test::TempHome home;
  const std::string path = home.root() + "/read.sqlite";
  {
    Database writer(path);
    use_wal(writer);
    writer.execute("CREATE TABLE rows (n INTEGER NOT NULL, bytes BLOB)");
    writer.execute("PRAGMA cache_size = 5");
    CountedWrites counted;
    writer.execute("BEGIN IMMEDIATE");
    for (int n = 0; n < 40; ++n) writer.execute("INSERT INTO rows VALUES (1, randomblob(3000))");
    writer.execute("SAVEPOINT request");
    platform_writes.wal_writes_to_fail = 1;
    CHECK_THROWS_AS(writer.execute("UPDATE rows SET n = n + 1"), daemon::sqlite::SqliteError);
    REQUIRE(platform_writes.failed == 1);
    if (sqlite3_get_autocommit(writer.handle()) == 0) {
      writer.execute("ROLLBACK TO request; RELEASE request");
      CHECK_THROWS_AS(writer.execute("COMMIT"), daemon::sqlite::SqliteError);
      if (sqlite3_get_autocommit(writer.handle()) == 0) writer.execute("ROLLBACK");
    }
    // The next transaction writes as usual.
    writer.execute("INSERT INTO rows VALUES (2, randomblob(3000))");
  }
  expect_whole_with_rows(path, 1);
}

TEST_CASE("a commit whose checksums are rewritten fails when its last header cannot be written",
          "[daemon][store]") {
  // A transaction that writes a page it had spilled again rewrites its frames' checksums at
  // its commit, ending with the commit frame's header alone. At synchronous=NORMAL nothing
  // syncs after it: the VFS's own rule must fail the commit, and the process dying after the
  // failure must leave the collection as it was.
  test::TempHome home;
  const std::string path = home.root() + "/rewritten.sqlite";
  {
    Database setup(path);
    use_wal(setup);
    setup.execute("CREATE TABLE rows (n INTEGER, bytes BLOB)");
    setup.execute("INSERT INTO rows VALUES (0, randomblob(100))");
  }
  int pipe_ends[2];
  REQUIRE(::pipe(pipe_ends) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(pipe_ends[0]);
    char told = 'x';
    {
      Database writer(path);
      use_wal(writer, "NORMAL");
      writer.execute("PRAGMA cache_size = 5");
      CountedWrites counted;
      writer.execute("BEGIN");
      for (int n = 1; n <= 40; ++n) {
        writer.execute("INSERT INTO rows VALUES (1, randomblob(3000))");
      }
      writer.execute("UPDATE rows SET n = 2 WHERE rowid <= 20");  // spilled pages written again
      platform_writes.fail_lone_commit_headers = true;
      const int result = sqlite3_exec(writer.handle(), "COMMIT", nullptr, nullptr, nullptr);
      told = platform_writes.failed == 0 ? 'n' : (result == SQLITE_OK ? 'k' : 'f');
      // Dies as on kill -9, nothing closed.
      (void)!::write(pipe_ends[1], &told, 1);
      ::_exit(0);
    }
  }
  ::close(pipe_ends[1]);
  char told = 0;
  REQUIRE(::read(pipe_ends[0], &told, 1) == 1);
  ::close(pipe_ends[0]);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  // 'n': the commit's header was never written alone (the test's premise failed); 'k': the
  // commit said it succeeded although its last write failed.
  CHECK(told == 'f');
  expect_whole_with_rows(path, 1);
}

TEST_CASE("frames of a rollback in exclusive locking mode never land over another's commits",
          "[daemon][store]") {
  // locking_mode=EXCLUSIVE takes no WAL-index lock; left for NORMAL before a rollback, the
  // database file's own lock is let go while the rolled-back frames may still be gathered.
  test::TempHome home;
  const std::string path = home.root() + "/exclusive.sqlite";
  Database first(path);
  use_wal(first);
  first.execute("CREATE TABLE rows (n INTEGER, bytes BLOB)");
  first.execute("CREATE TABLE others (n INTEGER)");
  first.execute("INSERT INTO others VALUES (1), (2), (3)");
  first.execute("PRAGMA cache_size = 5");
  first.execute("PRAGMA locking_mode = EXCLUSIVE");
  first.execute("INSERT INTO rows VALUES (0, randomblob(10))");
  first.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  CountedWrites counted;
  counted.watch_wal_of(path);
  {
    // A statement of the first connection open across the rollback.
    daemon::sqlite::Statement open_read = first.prepare("SELECT n FROM others");
    REQUIRE(open_read.step());
    first.execute("BEGIN");
    for (int n = 0; n < 40; ++n) first.execute("INSERT INTO rows VALUES (-1, randomblob(3000))");
    first.execute("PRAGMA locking_mode = NORMAL");
    first.execute("ROLLBACK");
    Database second(path);
    second.execute("PRAGMA busy_timeout = 2000");
    second.execute("BEGIN");
    for (int n = 1; n <= 30; ++n) {
      second.execute("INSERT INTO rows VALUES (" + std::to_string(n) + ", randomblob(3000))");
    }
    second.execute("COMMIT");
  }
  first.execute("SELECT 1");
  Database reader(path);
  CHECK(count_of(reader, "SELECT count(*) FROM rows WHERE n > 0") == 30);
  CHECK(integrity(reader) == "ok");
  CHECK(platform_writes.writes_over_published_frames == 0);
}

TEST_CASE("a WAL gathers nothing without power-safe overwrite or in exclusive locking mode",
          "[daemon][store]") {
  // psow=0 makes SQLite pad a commit to a sector's end after its sync; locking_mode=EXCLUSIVE
  // takes no WAL-index lock to tell a transaction's end by. Either way the WAL is written as
  // SQLite writes it: a header and a page for each frame.
  test::TempHome home;
  CountedWrites counted;
  for (const std::string setting : {"psow", "exclusive"}) {
    CAPTURE(setting);
    const std::string path = home.root() + "/" + setting + ".sqlite";
    sqlite3* handle = nullptr;
    const std::string name = setting == "psow" ? "file:" + path + "?psow=0" : path;
    REQUIRE(sqlite3_open_v2(name.c_str(), &handle,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI,
                            nullptr) == SQLITE_OK);
    const std::string locking = setting == "exclusive" ? "EXCLUSIVE" : "NORMAL";
    for (const std::string& sql : std::vector<std::string>{
             "PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL",
             "PRAGMA locking_mode = " + locking, "CREATE TABLE pages (bytes BLOB)"}) {
      REQUIRE(sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    }
    CHECK(writes_of_a_commit_of_twenty_pages(handle) >= 40);
    sqlite3_close_v2(handle);
  }
}

TEST_CASE("a failed write in exclusive locking mode fails its transaction, not the connection",
          "[daemon][store]") {
  test::TempHome home;
  const std::string path = home.root() + "/exclusive-failure.sqlite";
  Database writer(path);
  use_wal(writer);
  writer.execute("PRAGMA locking_mode = EXCLUSIVE");
  writer.execute("CREATE TABLE rows (n INTEGER, bytes BLOB)");
  writer.execute("INSERT INTO rows VALUES (1, randomblob(3000))");
  writer.execute("PRAGMA cache_size = 5");
  CountedWrites counted;
  writer.execute("BEGIN");
  platform_writes.wal_writes_to_fail = 1;
  bool failed = false;
  try {
    for (int n = 0; n < 40; ++n) writer.execute("INSERT INTO rows VALUES (-1, randomblob(3000))");
    writer.execute("COMMIT");
  } catch (const daemon::sqlite::SqliteError&) {
    failed = true;
  }
  CHECK(failed);
  CHECK(platform_writes.failed == 1);
  if (sqlite3_get_autocommit(writer.handle()) == 0) writer.execute("ROLLBACK");
  // The connection reads and writes on.
  CHECK(count_of(writer, "SELECT count(*) FROM rows") == 1);
  writer.execute("INSERT INTO rows VALUES (2, randomblob(3000))");
  CHECK(count_of(writer, "SELECT count(*) FROM rows") == 2);
  CHECK(integrity(writer) == "ok");
}
