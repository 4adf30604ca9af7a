// What error messages and summaries say: values with control characters are escaped, not cut
// short at a NUL; invalid dates in a replay line are named; counts agree with their nouns.
#include <signal.h>
#include <sqlite3.h>

#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;
namespace json = boost::json;

TEST_CASE("e2e: a value with a NUL or an escape is quoted whole in the error message",
          "[e2e][protocol]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  const json::value deck = client.request(
      R"({"jsonrpc":"2.0","id":1,"method":"due.counts","params":{"deck":"gradient-checkpointing\u0000x"}})");
  CHECK(error_code_of(deck) == -32001);
  CHECK(error_message_of(deck) == "no deck with id or name 'gradient-checkpointing\\u0000x'");
  const json::value method =
      client.request(R"({"jsonrpc":"2.0","id":2,"method":"a\u001b[2J\u0000b"})");
  CHECK(error_code_of(method) == -32601);
  CHECK(error_message_of(method).starts_with("unknown method 'a\\u001b[2J\\u0000b'"));
  const json::value parameter =
      client.request(R"({"jsonrpc":"2.0","id":3,"method":"system.hello","params":{"x\u0007":1}})");
  CHECK(error_message_of(parameter).starts_with("unknown parameter 'x\\u0007' for system.hello"));
}

TEST_CASE("e2e: sched replay names a time with a NUL - a day that does not exist or a bad offset",
          "[e2e][scheduling]") {
  TempHome home;
  const std::string good = R"({"card":"x","time":"2026-02-28T10:00:00Z","rating":"good"})"
                           "\n";
  for (const auto& [time, shown] : std::vector<std::pair<std::string, std::string>>{
           {R"(2026-02-28\u0000T10:00:00Z)", R"(2026-02-28\u0000T10:00:00Z)"},
           {"2026-02-30T10:00:00Z", "2026-02-30T10:00:00Z"},
           {"2026-04-31T10:00:00.500Z", "2026-04-31T10:00:00.500Z"},
           {"2026-03-01T10:00:00+99:00", "2026-03-01T10:00:00+99:00"},
           {"2026-03-01T10:00:00-24:00", "2026-03-01T10:00:00-24:00"}}) {
    INFO(time);
    const CommandResult result =
        run_command({kioku_path(), "sched", "replay", "--timezone", "UTC"}, home.environment(),
                    good + R"({"card":"x","time":")" + time + R"(","rating":"good"})" + "\n");
    CHECK(result.exit_code == 4);
    CHECK(result.err == "kioku: stdin:2: time: \"" + shown + "\" is not an RFC 3339 time\n");
    CHECK(std::count(result.out.begin(), result.out.end(), '\n') == 1);
  }
}

TEST_CASE("e2e: messages agree in number with what they count", "[e2e][protocol]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  const json::value config = client.request(
      R"({"jsonrpc":"2.0","id":1,"method":"deck.config","params":{"deck":"gradient-checkpointing","set":5}})");
  CHECK(error_message_of(config) == "parameter 'set' must be an object");

  const CommandResult one = run_kioku(home, {"review", "--no-shuffle", "--limit", "1"}, "1\n");
  CHECK(one.out.find("Session: 1 card reviewed, ") != std::string::npos);
  const CommandResult stats = run_kioku(home, {"stats"});
  CHECK(stats.out.find("Today: 1 answer in ") != std::string::npos);
  CHECK(stats.out.find("Streak: 1 day (longest 1 day)") != std::string::npos);
  CHECK(stats.out.find(", " + std::to_string(bundled_deck_cards()) + " in all") !=
        std::string::npos);

  // One stored state that the log does not give: the rebuild fixes that one card.
  REQUIRE(daemon.stop(SIGTERM) == 0);
  {
    sqlite3* database = nullptr;
    REQUIRE(sqlite3_open(home.collection_path().c_str(), &database) == SQLITE_OK);
    REQUIRE(sqlite3_exec(database,
                         "UPDATE card_state SET reps = 7 WHERE card_id = "
                         "(SELECT card_id FROM revlog LIMIT 1)",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(database);
  }
  RunningDaemon again(home, {"--clock-start", clock_start(kMorning)});
  const CommandResult rebuilt = run_kioku(home, {"doctor", "--rebuild"});
  CHECK(rebuilt.out.starts_with("Replayed " + std::to_string(bundled_deck_cards()) +
                                " cards from their review logs: 1 differed from the stored "
                                "state and was fixed\n"));
}

TEST_CASE(
    "e2e: a refused deck file's error carries its place as data and its Japanese beside the "
    "English",
    "[e2e][protocol][lang]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string deck =
      home.write_file("bad.toml", "format = 1\nlanguages = [\"en\"]\n[deck]\nid = 5\n");
  LineClient client(home.socket_path());
  const json::value refused = rpc(client, "deck.import", {{"path", deck}});
  CHECK(error_code_of(refused) == -32002);
  const json::object& data = refused.at("error").at("data").as_object();
  CHECK(data.at("file").as_string() == deck);
  CHECK(data.at("line") == 4);
  CHECK(data.at("field") == "deck.id");
  const std::string english = error_message_of(refused);
  const std::string japanese(data.at("messages").at("ja").as_string());
  CHECK(english == deck + ":4: deck.id: must be a string");
  CHECK(japanese == deck + ":4: deck.id: 文字列でなければなりません");
  // A malformed request is for a program's author: English alone, no data.
  const json::value unknown = rpc(client, "deck.import", {{"path", deck}, {"pth", 1}});
  CHECK(error_code_of(unknown) == -32602);
  CHECK_FALSE(unknown.at("error").as_object().contains("data"));
}
