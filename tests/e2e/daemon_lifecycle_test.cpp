// kioku daemon start|restart|status against a real kiokud on the default socket of a temporary
// home (docs/daemon-life.md, "Lifecycle"), and the protocol check both ways: the real kioku
// against a stand-in kiokud of an older and a newer protocol, and stand-in clients of an older
// and a newer protocol against the real kiokud.
#include <filesystem>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/scripted_daemon.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// Runs kioku with no --socket, so it uses (and starts kiokud on) the home's default socket.
CommandResult kioku_in(const TempHome& home, std::vector<std::string> arguments,
                       const std::string& language = "C.UTF-8") {
  arguments.insert(arguments.begin(), kioku_path());
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  environment["LANG"] = language;
  return run_command(arguments, environment);
}

// Stops whatever kiokud the test started in `home`, failed assertions or not.
struct StopsDaemon {
  const TempHome& home;
  ~StopsDaemon() { kioku_in(home, {"daemon", "stop"}); }
};

json::object status_of(const TempHome& home) {
  const CommandResult status = kioku_in(home, {"daemon", "status", "--json"});
  INFO(status.err);
  REQUIRE(status.exit_code == 0);
  return parse_output(status).as_object();
}

std::string mismatch(std::int64_t theirs) {
  return "kiokud speaks protocol " + std::to_string(theirs) + " but this kioku speaks " +
         std::to_string(kioku::protocol::kProtocolVersion) +
         " (one of them was upgraded while the daemon ran); run `kioku daemon restart`";
}

}  // namespace

TEST_CASE("e2e: kioku daemon start starts kiokud once, and says so when one runs",
          "[e2e][lifecycle]") {
  TempHome home;
  const StopsDaemon stops{home};
  const CommandResult started = kioku_in(home, {"daemon", "start", "--json"});
  INFO(started.err);
  REQUIRE(started.exit_code == 0);
  const json::object first = parse_output(started).as_object();
  CHECK(first.at("started").as_bool());
  CHECK(first.at("socket").as_string() == home.socket_path());
  const std::int64_t pid = first.at("pid").as_int64();
  CHECK(pid > 0);

  // It serves: a request works, and it is the one that was started.
  CHECK(kioku_in(home, {"due", "--no-autostart", "--json"}).exit_code == 0);
  CHECK(call(home, kioku::protocol::kHello.name).at("pid").as_int64() == pid);

  const CommandResult again = kioku_in(home, {"daemon", "start"});
  CHECK(again.exit_code == 0);
  CHECK(again.out == "kiokud " KIOKU_VERSION " is already running (pid " + std::to_string(pid) +
                         ") on " + home.socket_path() + "\n");
  CHECK(status_of(home).at("pid").as_int64() == pid);
}

TEST_CASE("e2e: kioku daemon start in Japanese", "[e2e][lifecycle]") {
  TempHome home;
  const StopsDaemon stops{home};
  const CommandResult started = kioku_in(home, {"daemon", "start"}, "ja_JP.UTF-8");
  INFO(started.err);
  REQUIRE(started.exit_code == 0);
  CHECK(started.out.starts_with("kiokud " KIOKU_VERSION " を起動しました（pid "));
  const CommandResult status = kioku_in(home, {"daemon", "status"}, "ja_JP.UTF-8");
  CHECK(status.out.find("  ソケットアクティベーション: なし\n") != std::string::npos);
  CHECK(status.out.find("最新のバックアップ:") != std::string::npos);
}

TEST_CASE("e2e: kioku daemon restart gives a new kiokud on the same collection",
          "[e2e][lifecycle]") {
  TempHome home;
  const StopsDaemon stops{home};
  SECTION("when one runs") {
    REQUIRE(kioku_in(home, {"daemon", "start"}).exit_code == 0);
    const json::object before = status_of(home);
    const CommandResult restarted = kioku_in(home, {"daemon", "restart", "--json"});
    INFO(restarted.err);
    REQUIRE(restarted.exit_code == 0);
    const json::object result = parse_output(restarted).as_object();
    CHECK(result.at("stopped").as_int64() == before.at("pid").as_int64());
    CHECK(result.at("started").as_bool());
    const json::object after = status_of(home);
    CHECK(after.at("pid").as_int64() == result.at("pid").as_int64());
    CHECK(after.at("pid").as_int64() != before.at("pid").as_int64());
    CHECK(after.at("collection") == before.at("collection"));
    CHECK(after.at("cards").as_int64() == before.at("cards").as_int64());
    CHECK(after.at("cards").as_int64() == bundled_deck_cards());
    // The old kiokud is gone, not left beside the new one.
    CHECK(read_file(home.state_dir() + "/kiokud.log").find("kiokud: stopped") != std::string::npos);
  }
  SECTION("when none runs") {
    const CommandResult restarted = kioku_in(home, {"daemon", "restart"});
    INFO(restarted.err);
    REQUIRE(restarted.exit_code == 0);
    CHECK(restarted.out.starts_with("kiokud " KIOKU_VERSION " started (pid "));
    CHECK(status_of(home).at("running").as_bool());
  }
}

TEST_CASE("e2e: kioku daemon status tells the daemon as it is", "[e2e][lifecycle]") {
  TempHome home;
  const StopsDaemon stops{home};
  REQUIRE(kioku_in(home, {"daemon", "start"}).exit_code == 0);
  // A second client, connected while status is asked.
  LineClient other(home.socket_path());
  REQUIRE(other.connected());
  REQUIRE(rpc(other, kioku::protocol::kHello.name).as_object().contains("result"));

  const json::object status = status_of(home);
  CHECK(status.at("running").as_bool());
  CHECK(status.at("version").as_string() == KIOKU_VERSION);
  CHECK(status.at("protocol").as_int64() == kioku::protocol::kProtocolVersion);
  CHECK(status.at("pid").as_int64() == call(home, kioku::protocol::kHello.name).at("pid"));
  CHECK(status.at("uptime_seconds").as_int64() >= 0);
  CHECK(status.at("socket").as_string() == home.socket_path());
  CHECK_FALSE(status.at("socket_activated").as_bool());
  CHECK(status.at("collection").as_string() == home.collection_path());
  // Nothing was written since the status: the file and its WAL are as kiokud measured them.
  std::int64_t on_disk =
      static_cast<std::int64_t>(std::filesystem::file_size(home.collection_path()));
  if (std::filesystem::exists(home.collection_path() + "-wal")) {
    on_disk +=
        static_cast<std::int64_t>(std::filesystem::file_size(home.collection_path() + "-wal"));
  }
  CHECK(status.at("collection_bytes").as_int64() == on_disk);
  CHECK(on_disk > 0);
  CHECK(status.at("cards").as_int64() == bundled_deck_cards());
  CHECK(status.at("clients").as_int64() == 2);  // the other client and the asking one
  // Started by kioku's autostart with nothing but its readiness pipe.
  CHECK(status.at("configuration").as_string() == "defaults");
  CHECK(status.at("options").as_array().empty());
  CHECK(status.at("last_backup").is_null());
  CHECK(status.at("reminders").as_array().empty());

  const CommandResult text = kioku_in(home, {"daemon", "status"});
  CHECK(text.out.find("  last backup:       none\n") != std::string::npos);
  CHECK(text.out.find("  configuration:     defaults\n") != std::string::npos);

  const CommandResult backup = kioku_in(home, {"backup", "--json"});
  REQUIRE(backup.exit_code == 0);
  const json::object backed_up = status_of(home);
  CHECK(backed_up.at("last_backup") == parse_output(backup).at("path"));
  CHECK(backed_up.at("last_backup_at").as_int64() > 0);
}

TEST_CASE("e2e: kioku daemon status names the options kiokud was started with",
          "[e2e][lifecycle]") {
  RunningDaemon daemon({"--no-bundled-decks", "--idle-exit", "600"});
  const CommandResult status = daemon.kioku({"daemon", "status", "--json"});
  REQUIRE(status.exit_code == 0);
  const json::object result = parse_output(status).as_object();
  CHECK(result.at("configuration").as_string() == "command line");
  CHECK(result.at("options") == json::array{"--socket", "--idle-exit", "--no-bundled-decks"});
  CHECK(result.at("cards").as_int64() == 0);
}

TEST_CASE("e2e: kioku against a kiokud of an older or a newer protocol is told to restart it",
          "[e2e][lifecycle][hello]") {
  const std::int64_t ours = kioku::protocol::kProtocolVersion;
  for (const std::int64_t theirs : {ours - 1, ours + 1}) {
    const std::string hello =
        "{\"daemon\":\"kiokud\",\"version\":\"0.0.1\",\"protocol\":" + std::to_string(theirs) +
        ",\"collection\":\"/data/collection.sqlite\",\"pid\":42}";
    {
      ScriptedDaemon daemon({scripted_result(hello)});
      TempHome home;
      const CommandResult due = kioku_in(home, {"--socket", daemon.path(), "due"});
      CHECK(due.exit_code == 3);
      CHECK(due.err == "kioku: " + mismatch(theirs) + "\n");
      CHECK(daemon.methods().front() == "system.hello");
    }
    {
      ScriptedDaemon daemon({scripted_result(hello)});
      TempHome home;
      const CommandResult due = kioku_in(home, {"--socket", daemon.path(), "due"}, "ja_JP.UTF-8");
      CHECK(due.exit_code == 3);
      CHECK(due.err.find("`kioku daemon restart` を実行してください") != std::string::npos);
    }
  }
  // A newer kiokud refuses our hello itself, naming its version in the error's data.
  ScriptedDaemon refusing(
      {scripted_error("{\"code\":-32602,\"message\":\"refused\",\"data\":{\"protocol\":" +
                      std::to_string(ours + 1) + "}}")});
  TempHome home;
  const CommandResult due = kioku_in(home, {"--socket", refusing.path(), "due"});
  CHECK(due.exit_code == 3);
  CHECK(due.err == "kioku: " + mismatch(ours + 1) + "\n");
}

TEST_CASE("e2e: kiokud refuses a client of an older or a newer protocol with a clear error",
          "[e2e][lifecycle][hello]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::int64_t ours = kioku::protocol::kProtocolVersion;
  for (const std::int64_t theirs : {ours - 1, ours + 1}) {
    const json::value response =
        daemon.rpc(kioku::protocol::kHello.name, {{"client", "kioku 0.0.1"}, {"protocol", theirs}});
    REQUIRE(response.as_object().contains("error"));
    const json::object& error = response.at("error").as_object();
    CHECK(error.at("code").as_int64() == -32602);
    CHECK(error.at("message").as_string() ==
          "kioku 0.0.1 speaks protocol " + std::to_string(theirs) + " but this kiokud (" +
              KIOKU_VERSION ") speaks " + std::to_string(ours) +
              "; run `kioku daemon restart` to start the kiokud installed beside kioku");
    CHECK(error.at("data").at("protocol").as_int64() == ours);
    CHECK(error.at("data").at("version").as_string() == KIOKU_VERSION);
  }
  // Its own protocol, or none named, is greeted; and the refusals stopped nobody.
  CHECK(daemon.call(kioku::protocol::kHello.name, {{"protocol", ours}}).at("protocol") == ours);
  CHECK(daemon.call(kioku::protocol::kHello.name).at("protocol") == ours);
  CHECK(daemon.kioku({"due", "--json"}).exit_code == 0);
}

TEST_CASE("e2e: a clean stop after reads off kiokud's thread leaves the collection in its file",
          "[e2e][lifecycle]") {
  TempHome home;
  REQUIRE(kioku_in(home, {"daemon", "start"}).exit_code == 0);
  // note.find reads on the readers' thread, doctor.check on the worker: each keeps a read
  // connection to the collection open there.
  REQUIRE(kioku_in(home, {"notes", "checkpoint"}).exit_code == 0);
  REQUIRE(kioku_in(home, {"doctor"}).exit_code == 0);
  const CommandResult stopped = kioku_in(home, {"daemon", "stop"});
  INFO(stopped.err);
  REQUIRE(stopped.exit_code == 0);
  // kiokud's own connection closed last, so it copied the WAL into the file and removed it: a
  // copy of the file alone is the whole collection.
  CHECK_FALSE(std::filesystem::exists(home.collection_path() + "-wal"));
  const std::string copy = home.root() + "/copy.sqlite";
  std::filesystem::copy_file(home.collection_path(), copy);
  const SqliteReader copied(copy);
  CHECK(copied.rows("SELECT count(*) FROM cards") ==
        std::vector<std::vector<std::string>>{{std::to_string(bundled_deck_cards())}});
}
