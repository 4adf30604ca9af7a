// WalCheckpoints on a real collection file in WAL mode, the server's hand-overs played by the
// test: the commits stop checkpointing; past the first mark one checkpoint is handed over for a
// quiet moment, past the second one to run at once (each not again while it waits); running
// one copies the WAL into the file.
#include "daemon/server/wal_checkpoints.hpp"

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "daemon/store/sqlite.hpp"
#include "tests/support/temp_home.hpp"

using kioku::daemon::WalCheckpointMarks;
using kioku::daemon::WalCheckpoints;
namespace sqlite = kioku::daemon::sqlite;

namespace {

// One transaction that writes about `pages` new pages (of 4,096 bytes).
void write_pages(sqlite::Database& database, int pages) {
  database.execute("BEGIN");
  sqlite::Statement insert =
      database.prepare("INSERT INTO filler (bytes) VALUES (randomblob(3500))");
  for (int page = 0; page < pages; ++page) {
    insert.step();
    insert.reset();
  }
  database.execute("COMMIT");
}

// `pages` pages committed through a connection of their own, as CollectionConnection opens one
// for the worker's writes (an import): its commits never checkpoint.
void write_as_the_worker(const std::string& path, int pages) {
  sqlite::Database connection(path);
  connection.execute("PRAGMA wal_autocheckpoint = 0");
  write_pages(connection, pages);
}

std::int64_t file_size_of(const std::string& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  return error ? 0 : static_cast<std::int64_t>(size);
}

// The WAL frames not yet copied into the file, asked of a second connection (a PASSIVE
// checkpoint of nothing: it only reports, as the frames were already copied or are now).
struct WalFrames {
  int in_wal = 0;
  int copied = 0;
};

WalFrames wal_frames(const std::string& path) {
  sqlite::Database observer(path);
  observer.prepare("SELECT count(*) FROM sqlite_schema").step();  // reads the file: WAL mode
  WalFrames frames;
  REQUIRE(sqlite3_wal_checkpoint_v2(observer.handle(), "main", SQLITE_CHECKPOINT_PASSIVE,
                                    &frames.in_wal, &frames.copied) == SQLITE_OK);
  return frames;
}

// The checkpoint sequence number in the WAL's header (big-endian, at byte 12): SQLite adds one
// each time the WAL starts again from its beginning.
std::uint32_t wal_starts(const std::string& path) {
  std::ifstream wal(path + "-wal", std::ios::binary);
  unsigned char header[16] = {};
  wal.read(reinterpret_cast<char*>(header), sizeof header);
  REQUIRE(wal.gcount() == sizeof header);
  return (std::uint32_t{header[12]} << 24) | (std::uint32_t{header[13]} << 16) |
         (std::uint32_t{header[14]} << 8) | header[15];
}

// What the checkpoints handed over, kind by kind, not yet run.
struct HandedOver {
  std::vector<std::function<void()>> when_quiet;
  std::vector<std::function<void()>> at_once;

  WalCheckpoints::Handover handover() {
    return {.at_once = [this](std::function<void()> work) { at_once.push_back(work); },
            .when_quiet = [this](std::function<void()> work) { when_quiet.push_back(work); }};
  }
};

// A collection file in WAL mode with one table to fill, in a home of its own, and what
// checkpoints watching it hand over.
// Through a symbolic link, when asked, as a user may keep the collection elsewhere: SQLite
// then keeps the WAL beside the link's target (`file_path`).
struct WalFile {
  explicit WalFile(bool through_link = false)
      : path(home.root() + "/collection.sqlite"),
        file_path(through_link ? linked_file(home.root(), path) : path),
        database(path) {
    database.execute(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
        "CREATE TABLE filler (id INTEGER PRIMARY KEY, bytes BLOB)");
  }
  // Checkpoints of this file past `pages_before_checkpoint` (at once past 1,000), handing
  // over to `handed`.
  WalCheckpoints checkpoints(int pages_before_checkpoint) {
    return WalCheckpoints(database, path, handed.handover(),
                          WalCheckpointMarks{.pages_before_checkpoint = pages_before_checkpoint,
                                             .pages_before_checkpoint_at_once = 1000});
  }

  // Makes `link` name a file in a folder of its own under `root`; gives the file's path.
  static std::string linked_file(const std::string& root, const std::string& link) {
    const std::string folder = root + "/elsewhere";
    std::filesystem::create_directories(folder);
    const std::string target = folder + "/collection.sqlite";
    std::filesystem::create_symlink(target, link);
    return target;
  }

  kioku::test::TempHome home;
  std::string path;
  std::string file_path;
  sqlite::Database database;
  HandedOver handed;
};

// A WalFile watched by checkpoints past 200 pages (at once past 1,000).
struct WatchedWalFile {
  WalFile file;
  sqlite::Database& database = file.database;
  HandedOver& handed = file.handed;
  const WalCheckpoints checkpoints = file.checkpoints(200);
};

}  // namespace

TEST_CASE_METHOD(
    WatchedWalFile,
    "WAL checkpoints: past the first mark one waits for quiet and past the second one runs "
    "at once",
    "[daemon][wal]") {
  write_pages(database, 100);
  CHECK(handed.when_quiet.empty());
  // Past the first mark: one checkpoint for a quiet moment, and no second while it waits.
  write_pages(database, 150);
  CHECK(handed.when_quiet.size() == 1);
  write_pages(database, 300);
  CHECK(handed.when_quiet.size() == 1);
  CHECK(handed.at_once.empty());
  // No quiet came: past the second mark one runs at once, and again only one.
  write_pages(database, 600);
  CHECK(handed.at_once.size() == 1);
  write_pages(database, 600);
  CHECK(handed.at_once.size() == 1);
  CHECK(handed.when_quiet.size() == 1);
  const std::string wal = file.path + "-wal";
  CHECK(file_size_of(wal) > 1600 * 4096);
  CHECK(checkpoints.completed() == 0);

  // The worker runs it: every frame is copied, through the checkpoint's own connection.
  handed.at_once.front()();
  CHECK(checkpoints.completed() == 1);
  const WalFrames after = wal_frames(file.path);
  CHECK(after.in_wal > 1600);
  CHECK(after.copied == after.in_wal);
  CHECK(sqlite::Database(file.path).prepare("SELECT count(*) FROM filler").step());

  // Copied whole, the WAL starts again from its beginning at the next commit: under the mark
  // nothing is handed over; past it, the at-once checkpoint's turn is free again, and the one
  // for quiet still waits (so no second).
  write_pages(database, 10);
  CHECK(handed.at_once.size() == 1);
  write_pages(database, 1100);
  CHECK(handed.at_once.size() == 2);
  CHECK(handed.when_quiet.size() == 1);
  // The quiet one runs at last, and one for quiet can be handed over again.
  handed.when_quiet.front()();
  CHECK(checkpoints.completed() == 2);
  write_pages(database, 10);
  write_pages(database, 250);
  CHECK(handed.when_quiet.size() == 2);
}

TEST_CASE("WAL checkpoints: a checkpoint handed over after the object is gone still runs",
          "[daemon][wal]") {
  WalFile file;
  sqlite::Database& database = file.database;
  HandedOver& handed = file.handed;
  {
    const WalCheckpoints checkpoints = file.checkpoints(50);
    write_pages(database, 100);
  }
  REQUIRE(handed.when_quiet.size() == 1);
  // A server stopping runs what its worker holds after the hook is gone.
  handed.when_quiet.front()();
  const WalFrames after = wal_frames(file.path);
  CHECK(after.copied == after.in_wal);
  // The hook is off: nothing more is handed over.
  write_pages(database, 100);
  CHECK(handed.when_quiet.size() == 1);
  CHECK(handed.at_once.empty());
}

TEST_CASE(
    "WAL checkpoints: the commit after one run at once copies the few frames it left and the WAL "
    "starts again but hands more over again",
    "[daemon][wal]") {
  const bool through_link = GENERATE(false, true);
  CAPTURE(through_link);
  WalFile file(through_link);
  sqlite::Database& database = file.database;
  HandedOver& handed = file.handed;
  const WalCheckpoints checkpoints = file.checkpoints(200);

  // A reader's snapshot stands in for the answers committed while the checkpoint runs: what
  // came after it is left in the WAL.
  const auto checkpoint_behind_a_reader = [&](int pages_after_the_reader) {
    sqlite::Database reader(file.path);
    reader.execute("BEGIN");
    sqlite::Statement read = reader.prepare("SELECT count(*) FROM filler");
    REQUIRE(read.step());
    write_pages(database, pages_after_the_reader);
    handed.at_once.back()();
    read.reset();
    reader.execute("COMMIT");
  };

  write_pages(database, 1100);
  REQUIRE(handed.at_once.size() == 1);
  checkpoint_behind_a_reader(100);
  const std::uint32_t starts = wal_starts(file.file_path);
  // The commit after it copies the rest itself and hands nothing over, so the next write starts
  // the WAL again from its beginning.
  write_pages(database, 5);
  CHECK(handed.at_once.size() == 1);
  CHECK(checkpoints.completed() == 1);
  write_pages(database, 5);
  CHECK(wal_starts(file.file_path) == starts + 1);

  // Past the mark again, with more left behind the checkpoint than a commit copies: it goes
  // to the worker again, and the WAL goes on.
  write_pages(database, 1100);
  REQUIRE(handed.at_once.size() == 2);
  checkpoint_behind_a_reader(400);
  write_pages(database, 5);
  CHECK(handed.at_once.size() == 3);
  write_pages(database, 5);
  CHECK(wal_starts(file.file_path) == starts + 1);
}

TEST_CASE_METHOD(
    WatchedWalFile,
    "WAL checkpoints: after one that copied the whole WAL a commit longer than it is handed "
    "over and not copied by the commit",
    "[daemon][wal]") {
  write_pages(database, 1100);
  REQUIRE(handed.at_once.size() == 1);
  handed.at_once.back()();  // nothing overtook it: it copied everything
  const std::uint32_t starts = wal_starts(file.path);
  const std::int64_t file_size = file_size_of(file.path);
  // One commit longer than the WAL before: it starts the WAL again, but its frames do not fall
  // below the last commit's, so only the whole copy tells it from the WAL the checkpoint read.
  write_pages(database, 1130);
  CHECK(wal_starts(file.path) == starts + 1);
  CHECK(file_size_of(file.path) == file_size);
  CHECK(handed.at_once.size() == 2);
}

TEST_CASE_METHOD(WatchedWalFile,
                 "WAL checkpoints: an import's commit through a connection of its own is copied "
                 "when quiet once it is announced",
                 "[daemon][wal]") {
  write_as_the_worker(file.path, 300);
  // Its commit is not the server connection's: the hook never hears of it, and nothing copied it.
  CHECK(handed.when_quiet.empty());
  CHECK(handed.at_once.empty());
  // (Sizes, not wal_frames(), whose own checkpoint would copy the frames.)
  CHECK(file_size_of(file.path + "-wal") > 300 * 4096);
  CHECK(file_size_of(file.path) < 100 * 4096);
  const kioku::daemon::CommitListener listener = checkpoints.worker_write_listener();
  // Writes of other kinds are the hook's.
  listener({.writes = {{.kind = kioku::daemon::WriteKind::kAnswer},
                       {.kind = kioku::daemon::WriteKind::kOther}}});
  CHECK(handed.when_quiet.empty());
  // The import's announcement hands one over for quiet, and no second while it waits.
  listener({.writes = {{.kind = kioku::daemon::WriteKind::kImport}}});
  listener({.writes = {{.kind = kioku::daemon::WriteKind::kImport}}});
  REQUIRE(handed.when_quiet.size() == 1);
  CHECK(handed.at_once.empty());
  handed.when_quiet.front()();
  CHECK(checkpoints.completed() == 1);
  // Copied into the file by the handed-over checkpoint, and the WAL, copied whole with nobody
  // reading it, cut to nothing rather than left at its length.
  CHECK(file_size_of(file.path) > 300 * 4096);
  CHECK(file_size_of(file.path + "-wal") == 0);
  // Done, its turn is free again; a rebuild's and a restore's announcements hand one over too.
  listener({.writes = {{.kind = kioku::daemon::WriteKind::kImport}}});
  CHECK(handed.when_quiet.size() == 2);
  handed.when_quiet.back()();
  listener({.writes = {{.kind = kioku::daemon::WriteKind::kRebuild}}});
  CHECK(handed.when_quiet.size() == 3);
  handed.when_quiet.back()();
  listener({.writes = {{.kind = kioku::daemon::WriteKind::kRestore}}});
  CHECK(handed.when_quiet.size() == 4);
}

TEST_CASE_METHOD(WatchedWalFile,
                 "WAL checkpoints: a worker's write copied while another connection reads is not "
                 "cut, and nothing waits for the reader",
                 "[daemon][wal]") {
  write_as_the_worker(file.path, 300);
  // A reader in the middle of a read transaction, as a client's long read on the worker is.
  sqlite::Database reader(file.path);
  reader.execute("BEGIN; SELECT count(*) FROM filler;");
  const kioku::daemon::CommitListener listener = checkpoints.worker_write_listener();
  listener({.writes = {{.kind = kioku::daemon::WriteKind::kRestore}}});
  REQUIRE(handed.when_quiet.size() == 1);
  handed.when_quiet.front()();  // returns: the cut is refused at once, not waited for
  CHECK(checkpoints.completed() == 1);
  CHECK(file_size_of(file.path) > 300 * 4096);
  CHECK(file_size_of(file.path + "-wal") > 300 * 4096);
  reader.execute("COMMIT");
}
