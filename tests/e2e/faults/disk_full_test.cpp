// The collection on a nearly full disk (a small tmpfs): answers and imports run into ENOSPC,
// the client gets a JSON-RPC error naming the file and the fix, the daemon stays up, and once
// there is room again every acknowledged answer is in the log of an intact collection.
#include <sys/statvfs.h>

#include <signal.h>
#include <iostream>
#include <memory>
#include <set>

#include "tests/e2e/faults/fault_helpers.hpp"
#include "tests/support/scratch_mount.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;
namespace protocol = kioku::protocol;
namespace code = kioku::protocol::code;

namespace {

constexpr std::size_t kRoomy = 64 << 20;
// Room left for answers: a few dozen commits of a handful of WAL pages each.
constexpr std::size_t kHeadroom = 256 << 10;
constexpr int kMostAnswers = 5000;

std::size_t used_bytes(const std::string& mount_point) {
  struct statvfs info {};
  REQUIRE(::statvfs(mount_point.c_str(), &info) == 0);
  return static_cast<std::size_t>(info.f_blocks - info.f_bfree) * info.f_frsize;
}

// No automatic backup: the day's first answer starts one, which writes a copy of the collection
// onto the same small disk and, racing the answers, could fill it before the first one.
std::vector<std::string> daemon_arguments() {
  return {"--no-bundled-decks", "--backups-daily", "0", "--backups-weekly", "0"};
}

}  // namespace

TEST_CASE("faults: a full disk fails answers and imports cleanly and loses no acknowledged answer",
          "[e2e][faults]") {
  if (const std::string reason = prepare_private_mounts(); !reason.empty()) KIOKU_SKIP(reason);
  TempHome home;
  // XDG_DATA_HOME itself is the tmpfs, so the collection, its WAL and backups live on it.
  ScratchMount disk = ScratchMount::tmpfs(home.root() + "/data", kRoomy);
  const std::string deck = "full";
  {
    RunningDaemon daemon(home, daemon_arguments());
    LineClient client(home.socket_path());
    import_open_deck(home, client, deck, 500);
    // A clean stop checkpoints the import into the collection and removes the WAL, so that
    // the answers below grow a fresh WAL until the disk is full.
    REQUIRE(daemon.stop(SIGTERM) == 0);
  }
  auto daemon = std::make_unique<RunningDaemon>(home, daemon_arguments());
  disk.resize(used_bytes(home.root() + "/data") + kHeadroom);

  LineClient client(home.socket_path());
  std::set<std::int64_t> acknowledged;
  json::value failure;
  for (int attempt = 0; attempt < kMostAnswers && failure.is_null(); ++attempt) {
    const json::value response = answer_next(client, deck);
    REQUIRE(response.is_object());
    if (is_error(response)) {
      failure = response;
    } else {
      acknowledged.insert(response.at("result").at("review_id").as_int64());
    }
  }
  INFO("after " << acknowledged.size() << " answers: " << json::serialize(failure));
  REQUIRE(failure.is_object());
  CHECK(acknowledged.size() > 0);
  CHECK(error_code_of(failure) == code::kStorage);
  // The answer's write may fail, or (group commit) the commit holding it.
  const std::string advice = "database or disk is full: the disk holding " +
                             home.collection_path() +
                             " is full; free some space and try again (everything kiokud "
                             "acknowledged is saved)";
  const std::string message = error_message_of(failure);
  CHECK((message == advice || message == "not recorded, the commit was rolled back: " + advice));
  // The advice in Japanese too, SQLite's reason before it as SQLite said it.
  const std::string japanese(failure.at("error").at("data").at("messages").at("ja").as_string());
  CHECK(japanese.ends_with("database or disk is full: " + home.collection_path() +
                           " のあるディスクがいっぱいです。空きを作ってからもう一度試してください"
                           "（kiokud が受け付けたものはすべて保存されています）"));

  // Still up: reading works, and an import fails as a whole with the same clear error.
  expect_still_serving(home);
  CHECK_FALSE(is_error(rpc(client, protocol::kDueCounts.name)));
  const std::string big = home.write_file("big.toml", generated_deck("big", 2000));
  const json::value import = rpc(client, protocol::kDeckImport.name, {{"path", big}});
  INFO("import: " << json::serialize(import));
  REQUIRE(is_error(import));
  CHECK(error_code_of(import) == code::kStorage);
  CHECK(error_message_of(import).find("is full; free some space") != std::string::npos);
  CHECK(result_of(rpc(client, protocol::kDeckList.name)).at("decks").as_array().size() == 1);

  std::cout << "disk full: " << acknowledged.size() << " answers acknowledged before ENOSPC\n";
  // Stopping on a full disk is still a clean stop.
  client.close();
  CHECK(daemon->stop(SIGTERM) == 0);
  CHECK(daemon->log().find("internal error") == std::string::npos);

  // Room again: everything acknowledged is there, nothing else, and answering goes on.
  disk.resize(kRoomy);
  daemon = std::make_unique<RunningDaemon>(home, daemon_arguments());
  {
    SqliteReader collection(home.collection_path());
    CHECK(collection.text("PRAGMA integrity_check") == "ok");
    std::set<std::int64_t> logged;
    for (const auto& row : collection.rows("SELECT id FROM revlog"))
      logged.insert(std::stoll(row[0]));
    CHECK(logged == acknowledged);
    CHECK(collection.integer("SELECT count(*) FROM cards") == 500);
  }
  LineClient again(home.socket_path());
  CHECK_FALSE(is_error(answer_next(again, deck)));
  CHECK(field(result_of(rpc(again, protocol::kDeckImport.name, {{"path", big}})), "added") == 2000);
  again.close();
  CHECK(daemon->stop(SIGTERM) == 0);
}

TEST_CASE("faults: kiokud on a disk with no room left at all refuses to start clearly",
          "[e2e][faults]") {
  if (const std::string reason = prepare_private_mounts(); !reason.empty()) KIOKU_SKIP(reason);
  TempHome home;
  ScratchMount disk = ScratchMount::tmpfs(home.root() + "/data", kRoomy);
  {
    RunningDaemon daemon(home, daemon_arguments());
    LineClient client(home.socket_path());
    import_open_deck(home, client, "full", 50);
    REQUIRE(daemon.stop(SIGTERM) == 0);
  }
  // Not one block left: even SQLite's shared-memory index beside the WAL cannot be created.
  disk.resize(used_bytes(home.root() + "/data"));
  DaemonProcess daemon(home, daemon_arguments());
  const std::string log = daemon.log();
  INFO("log: " << log);
  // SQLite calls the failed write of its shared-memory index an I/O error; the system's ENOSPC
  // behind it makes the advice the one for a full disk.
  CHECK_FALSE(daemon.started());
  CHECK(daemon.exit_code() == 1);
  CHECK(log == "kiokud: disk I/O error: the disk holding " + home.collection_path() +
                   " is full; free some space and try again (everything kiokud acknowledged is "
                   "saved)\n");
}
