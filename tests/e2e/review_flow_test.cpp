// The walking skeleton end to end: a real kiokud in a temporary home, the real kioku binary.
#include <signal.h>
#include <sys/stat.h>

#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;

namespace {

// One line per card, in deck order (--no-shuffle): the answers are 1,2,3,4,1,2,3,4.
// Right: gc-001 (Good), gc-002 (Easy), gc-004 (Hard), gc-005 (Good), gc-007 (Good).
// Wrong: gc-003, gc-006, gc-008 (Again).
const char* const kScriptedAnswers =
    "1\n"
    "2 easy\n"
    "\n"  // blank lines are skipped
    "1\n"
    "4 hard\n"
    "a good\n"
    "1\n"
    "c\n"
    "b\n";

}  // namespace

TEST_CASE("e2e: import the format 1 deck - review all 8 cards from a script - check due and stats",
          "[e2e][review]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();

  const auto imported = run_kioku(home, {"import", format1_deck_path(), "--json"});
  REQUIRE(imported.exit_code == 0);
  const auto summary = parse_output(imported);
  CHECK(field(summary, "added") == 8);
  CHECK(field(summary, "updated") == 0);
  CHECK(field(summary, "unchanged") == 0);

  const auto before = parse_output(run_kioku(home, {"due", "--json"}));
  CHECK(field(before, "new") == 8);
  CHECK(field(before, "total") == 8);

  const auto review = run_kioku(home, {"review", "--no-shuffle"}, kScriptedAnswers);
  INFO(review.out << review.err);
  REQUIRE(review.exit_code == 0);
  CHECK(review.out.find("8 cards reviewed, 5 correct (62%)") != std::string::npos);
  CHECK(review.out.find("the answer is 3) ") != std::string::npos);  // shown for gc-003

  // Right after the session every card waits: learning steps of 1 to 10 minutes, one review.
  const auto after = parse_output(run_kioku(home, {"due", "--json"}));
  CHECK(field(after, "new") == 0);
  CHECK(field(after, "learning") == 0);
  CHECK(field(after, "review") == 0);
  CHECK(field(after, "total") == 0);

  const auto stats = parse_output(run_kioku(home, {"stats", "--json"}));
  CHECK(field(stats.at("card_counts"), "total") == 8);
  CHECK(answers_today(stats) == 8);
  CHECK(correct_today(stats) == 5);
  CHECK(field(stats.at("today"), "learning") == 8);  // every answer was a new card's first

  // The same day in kioku history, in Japanese: a header, one row, the total.
  const auto history = run_kioku(home, {"--lang", "ja", "history", "--days", "1"});
  INFO(history.out << history.err);
  CHECK(history.exit_code == 0);
  CHECK(history.out.starts_with("日付           復習        正解  新規     時間\n"));
  CHECK(history.out.find("       8     5 (62%)     8      0秒\n") != std::string::npos);
  CHECK(history.out.find("\n合計 ") != std::string::npos);

  const auto decks = parse_output(run_kioku(home, {"decks", "--json"}));
  REQUIRE(decks.as_array().size() == 1);
  CHECK(decks.as_array()[0].at("name").as_string() == "Gradient checkpointing");
  CHECK(field(decks.as_array()[0], "cards") == 8);

  SECTION("a second kiokud on the same collection refuses to start") {
    DaemonProcess second(home);
    CHECK_FALSE(second.started());
    CHECK(second.exit_code() == 1);
    CHECK(second.log().find("another kiokud (pid " + std::to_string(daemon.pid()) +
                            ") is already using the collection " + home.collection_path()) !=
          std::string::npos);
  }

  SECTION("eleven minutes later the seven learning cards are due; five days later the review") {
    REQUIRE(daemon.stop(SIGTERM) == 0);
    {
      RunningDaemon later(home, {"--clock-start", clock_start(kMorning + 11 * 60)});
      const auto due = parse_output(run_kioku(home, {"due", "--json"}));
      CHECK(field(due, "learning") == 7);
      CHECK(field(due, "review") == 0);
      CHECK(field(due, "total") == 7);
      REQUIRE(later.stop(SIGTERM) == 0);
    }
    RunningDaemon days_later(home, {"--clock-start", clock_start(kMorning + 5 * 86400)});
    const auto due = parse_output(run_kioku(home, {"due", "--json"}));
    CHECK(field(due, "learning") == 7);
    CHECK(field(due, "review") == 1);
    const auto stats_later = parse_output(run_kioku(home, {"stats", "--json", "--period", "all"}));
    CHECK(answers_today(stats_later) == 0);
    CHECK(answers_in_period(stats_later) == 8);
  }
}

TEST_CASE("e2e: re-importing an unchanged deck changes nothing - an edited card is updated",
          "[e2e][import]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  std::string deck = read_file(format1_deck_path());
  const std::string path = home.write_file("deck.toml", deck);
  REQUIRE(run_kioku(home, {"import", path}).exit_code == 0);
  const auto again = parse_output(run_kioku(home, {"import", path, "--json"}));
  CHECK(field(again, "unchanged") == 8);
  CHECK(field(again, "added") == 0);

  const auto at = deck.find("Model accuracy for speed");
  REQUIRE(at != std::string::npos);
  deck.replace(at, 5, "Exact");
  home.write_file("deck.toml", deck);
  const auto edited = parse_output(run_kioku(home, {"import", path, "--json"}));
  CHECK(field(edited, "updated") == 1);
  CHECK(field(edited, "unchanged") == 7);
}

TEST_CASE("e2e: an acknowledged answer survives kill -9 of the daemon", "[e2e][durability]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const auto review = run_kioku(home, {"review", "--no-shuffle", "--limit", "1"}, "1\n");
  REQUIRE(review.exit_code == 0);
  REQUIRE(daemon.stop(SIGKILL) == 128 + SIGKILL);

  RunningDaemon restarted(home, {"--clock-start", clock_start(kMorning + 60)});
  const auto stats = parse_output(run_kioku(home, {"stats", "--json"}));
  CHECK(answers_today(stats) == 1);
  CHECK(correct_today(stats) == 1);
}

TEST_CASE("e2e: SIGTERM stops the daemon cleanly and removes its socket", "[e2e][daemon]") {
  RunningDaemon daemon;
  const TempHome& home = daemon.home();
  struct stat info {};
  REQUIRE(::stat(home.socket_path().c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0600);
  CHECK(daemon.stop(SIGTERM) == 0);
  CHECK(::stat(home.socket_path().c_str(), &info) != 0);
  CHECK(daemon.log().find("kiokud: stopped") != std::string::npos);
}
