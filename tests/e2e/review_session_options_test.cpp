// `kioku review --new N` and `--time DURATION` through the real binaries. kiokud runs on a clock
// read from a file (--clock-file), which the test moves between two answers of a session driven
// line by line, so the time limit is reached without waiting.
#include <cstdio>

#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/deck_texts.hpp"
#include "tests/support/piped_process.hpp"

using namespace kioku::test;

namespace {

// A daemon on the file clock with the four-note deck imported, one new card a day.
struct FourNotes {
  FourNotes() {
    set_clock(home, kMorning * 1000);
    daemon.emplace(home, std::vector<std::string>{"--no-bundled-decks", "--clock-file",
                                                  home.root() + "/clock"});
    const std::string deck = home.write_file("four.toml", basic_notes_deck("four", "Four", 4));
    REQUIRE(run_kioku(home, {"import", deck}).exit_code == 0);
    REQUIRE(run_kioku(home, {"deck", "config", "four", "new_per_day=1"}).exit_code == 0);
  }
  TempHome home;
  std::optional<RunningDaemon> daemon;
};

}  // namespace

TEST_CASE("e2e: kioku review --new raises today's new-card limit for the session only",
          "[e2e][review_options]") {
  FourNotes four;
  const CommandResult raised = run_kioku(four.home, {"review", "--new", "3"}, "easy\neasy\neasy\n");
  INFO(raised.out << raised.err);
  CHECK(raised.exit_code == 0);
  CHECK(raised.out.find("3 cards reviewed") != std::string::npos);
  // Three new cards seen today: the deck's own limit of one leaves nothing, --new 4 one more.
  const CommandResult plain = run_kioku(four.home, {"review"}, "easy\n");
  CHECK(plain.out.find("0 cards reviewed") != std::string::npos);
  const CommandResult one_more = run_kioku(four.home, {"review", "--new", "4"}, "easy\neasy\n");
  CHECK(one_more.out.find("1 card reviewed") != std::string::npos);
}

TEST_CASE(
    "e2e: the summary of kioku review --new counts what is still due with the session's limit",
    "[e2e][review_options]") {
  FourNotes four;
  // The deck allows one new card a day; the session three. One answered, two left for it.
  const CommandResult quit = run_kioku(four.home, {"review", "--new", "3"}, "easy\nq\n");
  INFO(quit.out << quit.err);
  CHECK(quit.out.find("1 card reviewed") != std::string::npos);
  CHECK(quit.out.find("2 still due now") != std::string::npos);
  // kioku due keeps the deck's limit: its one new card is seen.
  CHECK(run_kioku(four.home, {"due", "--count"}).out == "0\n");
}

TEST_CASE("e2e: kioku review --time stops after the card in progress once kiokud's time is up",
          "[e2e][review_options]") {
  FourNotes four;
  PipedProcess review(kioku_argv(four.home, {"review", "--new", "4", "--time", "10m"}),
                      kioku_environment(four.home));
  REQUIRE(review.wait_for_output("one?"));
  REQUIRE(review.write("easy\n"));
  REQUIRE(review.wait_for_output("two?"));
  // Nine minutes in: the next card still comes.
  set_clock(four.home, (kMorning + 9 * 60) * 1000);
  REQUIRE(review.write("easy\n"));
  REQUIRE(review.wait_for_output("three?"));
  // Eleven minutes in, while the third card is shown: it is answered, and no fourth comes.
  set_clock(four.home, (kMorning + 11 * 60) * 1000);
  REQUIRE(review.write("easy\n"));
  const CommandResult ended = review.finish();
  INFO(ended.out << ended.err);
  CHECK(ended.exit_code == 0);
  CHECK(ended.out.find("four?") == std::string::npos);
  CHECK(ended.out.find("3 cards reviewed") != std::string::npos);
  CHECK(ended.out.find("Time is up (10m 0s).") != std::string::npos);
}

TEST_CASE("e2e: kioku review --time refuses what is not a duration, in English and Japanese",
          "[e2e][review_options]") {
  FourNotes four;
  const CommandResult english = run_kioku(four.home, {"review", "--time", "ten minutes"});
  CHECK(english.exit_code == 2);
  CHECK(english.err ==
        "kioku: --time must be a duration from 1s to 24h such as 10m, 90s or 1h30m, got 'ten "
        "minutes'\n");
  const CommandResult japanese = run_kioku(four.home, {"--lang", "ja", "review", "--time", "25h"});
  CHECK(japanese.exit_code == 2);
  CHECK(japanese.err.find("--time には 1s から 24h までの時間") != std::string::npos);
  CHECK(japanese.err.find("'25h'") != std::string::npos);
  // Nothing was reviewed.
  const CommandResult review = run_kioku(four.home, {"review", "--new", "4"}, "easy\n");
  CHECK(review.out.find("1 card reviewed") != std::string::npos);
}
