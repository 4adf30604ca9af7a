// CollectionSnapshot (daemon/store/collection_snapshot.hpp): one read transaction through a
// connection the thread keeps between snapshots, which must read what was committed since the
// last, and the file now at the path, never the one it had opened.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/work_progress.hpp"
#include "daemon/methods/worker_read.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/collection_snapshot.hpp"
#include "daemon/store/migrations.hpp"
#include "daemon/store/sqlite.hpp"
#include "daemon/store/wal_catch_up.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;

namespace {

// A collection file in WAL, written through a connection of its own, as kiokud's.
struct WrittenCollection {
  explicit WrittenCollection(std::string file) : path(std::move(file)) {}
  std::string path;
  daemon::sqlite::Database database{path};
  int configured = (database.execute("PRAGMA journal_mode = WAL"), 0);
  int migrated = daemon::migrate(database, "", 0);
  daemon::Collection collection{database};

  void import_deck(const std::string& id, int cards) {
    collection.import_deck(test::choice_deck(id, cards), "test", test::kTestMorning);
  }
};

std::int64_t notes_seen(const std::string& path) {
  daemon::CollectionSnapshot snapshot(path);
  daemon::NoteSearch search;
  search.limit = 1000;
  return static_cast<std::int64_t>(snapshot.collection().notes().search(search).size());
}

}  // namespace

TEST_CASE("collection snapshot: each reads what was committed before it, and only that",
          "[daemon][snapshot]") {
  test::TempHome home;
  WrittenCollection written(home.root() + "/collection.sqlite");
  written.import_deck("d", 5);
  CHECK(notes_seen(written.path) == 5);

  written.import_deck("e", 3);
  // The same kept connection: a deck and notes committed since the last snapshot are read.
  {
    daemon::CollectionSnapshot snapshot(written.path);
    CHECK(snapshot.collection().decks().require("e").slug == "e");
    daemon::NoteSearch search;
    search.limit = 1000;
    CHECK(snapshot.collection().notes().search(search).size() == 8);
    // Within one snapshot, what is committed meanwhile is not.
    written.import_deck("f", 2);
    CHECK(snapshot.collection().notes().search(search).size() == 8);
  }
  CHECK(notes_seen(written.path) == 10);
}

TEST_CASE("collection snapshot: a file put in the collection's place is the one read",
          "[daemon][snapshot]") {
  test::TempHome home;
  const std::string path = home.root() + "/collection.sqlite";
  {
    WrittenCollection first(path);
    first.import_deck("d", 5);
    CHECK(notes_seen(path) == 5);  // the thread keeps a connection to this file
    // Its WAL emptied, as a file is put in place whole: a WAL left beside it, which the kept
    // connection holds open, would be read as the new file's.
    first.database.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  {
    WrittenCollection other(home.root() + "/other.sqlite");
    other.import_deck("e", 2);
  }
  std::filesystem::rename(home.root() + "/other.sqlite", path);
  CHECK(notes_seen(path) == 2);
}

TEST_CASE("collection snapshot: snapshots back to back beside commits let the WAL start again",
          "[daemon][snapshot][wal]") {
  test::TempHome home;
  WrittenCollection written(home.root() + "/collection.sqlite");
  written.import_deck("d", 5);
  // What a restart cuts the WAL back to, small here; and no fsync, which changes nothing read.
  constexpr std::int64_t kLimit = 512 * 1024;
  written.database.execute("PRAGMA journal_size_limit = " + std::to_string(kLimit) +
                           "; PRAGMA synchronous = OFF; CREATE TABLE blobs (content BLOB)");
  const auto wal_bytes = [&] {
    return static_cast<std::int64_t>(std::filesystem::file_size(written.path + "-wal"));
  };
  // 40 snapshots, each read while four commits of 16 KiB come beside it, and the next begun at
  // once: each begins on frames the commits left, as searches back to back did beside edits.
  const auto largest_wal = [&](std::int64_t wal_limit_bytes, const std::string& path) {
    std::int64_t largest = 0;
    for (int round = 0; round < 40; ++round) {
      daemon::CollectionSnapshot snapshot(path, wal_limit_bytes);
      daemon::NoteSearch search;
      search.limit = 1000;
      REQUIRE(snapshot.collection().notes().search(search).size() == 5);
      for (int commit = 0; commit < 4; ++commit) {
        written.database.execute("INSERT INTO blobs VALUES (zeroblob(16384))");
      }
      largest = std::max(largest, wal_bytes());
    }
    return largest;
  };
  SECTION("a WAL past the limit is copied whole before the next snapshot begins") {
    const std::int64_t largest = largest_wal(kLimit, written.path);
    // The limit, and what one snapshot's commits add past it before the next begins.
    CHECK(largest < kLimit + 256 * 1024);
    CHECK(wal_bytes() <= kLimit + 256 * 1024);
  }
  SECTION("without it, each commit lengthens the WAL") {
    // The same beside snapshots that never copy it: every frame is kept, 40 x 4 x 16 KiB.
    CHECK(largest_wal(std::numeric_limits<std::int64_t>::max(), written.path) > 2'560 * 1024);
  }
  SECTION("through a symbolic link, the WAL beside the file it names is the one copied") {
    const std::string link = home.root() + "/link.sqlite";
    std::filesystem::create_symlink(written.path, link);
    CHECK(largest_wal(kLimit, link) < kLimit + 256 * 1024);
  }
}

TEST_CASE("collection snapshot: a read stopped from outside ends mid-statement with the reason",
          "[daemon][snapshot]") {
  test::TempHome home;
  WrittenCollection written(home.root() + "/collection.sqlite");
  // Enough notes that reading every one's text takes far longer than the 1 ms between asks.
  written.import_deck("d", 20'000);
  daemon::NoteSearch search;
  search.text = "no note says this";
  search.limit = 10;
  daemon::CollectionReads reads(written.path);
  // A search nobody stops reads every note, and finds none.
  int asked = 0;
  const ProgressReport going_on([&](WorkStage, double, std::optional<std::uint64_t>) { ++asked; });
  CHECK(reads
            .stoppable(
                going_on, [&] { return reads.collection().notes().search(search); },
                std::chrono::milliseconds(1))
            .empty());
  CHECK(asked > 0);  // asked while it ran: a read this long is watched
  // Once the report throws (its client gone), the statement is interrupted: the search itself
  // fails mid-way, and the report's reason is what comes out.
  const ProgressReport cancelled([](WorkStage, double, std::optional<std::uint64_t>) {
    throw WorkCancelled(bilingual("the client left", "クライアントが去りました"));
  });
  bool search_failed = false;
  CHECK_THROWS_WITH(reads.stoppable(
                        cancelled,
                        [&] {
                          try {
                            return reads.collection().notes().search(search);
                          } catch (const std::exception&) {
                            search_failed = true;
                            throw;
                          }
                        },
                        std::chrono::milliseconds(1)),
                    "the client left");
  CHECK(search_failed);
}

TEST_CASE("collection snapshot: a large commit just before the write lock is not copied held",
          "[daemon][snapshot][wal]") {
  test::TempHome home;
  WrittenCollection written(home.root() + "/collection.sqlite");
  written.database.execute(
      "PRAGMA synchronous = OFF; PRAGMA wal_autocheckpoint = 0; CREATE TABLE blobs (content "
      "BLOB); INSERT INTO blobs VALUES (zeroblob(1048576))");  // a WAL past the limit below
  daemon::sqlite::Database reader(written.path, SQLITE_OPEN_READONLY);
  constexpr std::int64_t kLimit = 64 * 1024;
  const auto begins_copied = [&](const std::string& committed_meanwhile) {
    reader.execute("BEGIN");
    bool read = false;
    const bool began = daemon::begin_on_copied_wal(
        reader, kLimit, [&] { read = true; },
        [&] { written.database.execute(committed_meanwhile); });
    reader.execute("ROLLBACK");
    CHECK(began == read);
    return began;
  };
  // A few frames committed between the copy and the lock are copied with writers held off...
  CHECK(begins_copied("INSERT INTO blobs VALUES (zeroblob(16384))"));
  // ...but not 2 MiB (512 frames, past kWalCatchUpFramesCopiedHeld): the snapshot begins as
  // before, and writers were held off only for the look.
  CHECK_FALSE(begins_copied("INSERT INTO blobs VALUES (zeroblob(2097152))"));
  // The next snapshot copies them beside the writers first, and begins on the WAL copied.
  CHECK(begins_copied("SELECT 1"));
}
