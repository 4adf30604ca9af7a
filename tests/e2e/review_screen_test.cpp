// The line review screen (--inline) in a real terminal (tmux): single keys, shuffled choices,
// the verdict with the correct answer and explanation, the rating prompt, and the summary. The
// full screen has its own tests (review_full_screen_test.cpp).
#include <algorithm>

#include "cli/terminal/text_width.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

std::string inline_review_command(const TempHome& home, const std::string& extra = "") {
  return kioku_path() + " --socket " + home.socket_path() + " review --inline" + extra;
}

}  // namespace

TEST_CASE("e2e: reviewing in a terminal with single keys", "[e2e][terminal]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  TmuxSession terminal(home.root(), inline_review_command(home), home.environment());
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for("Your answer (1-4, - to bury, q to quit):"));
  CHECK(terminal.screen_text().find("What trade-off does gradient checkpointing") !=
        std::string::npos);
  terminal.send_keys(number_of_choice(terminal, "Extra computation (recomputation)"));
  REQUIRE(terminal.wait_for("[g/Enter] Good 10m"));
  CHECK(terminal.screen_text().find("✓ Correct") != std::string::npos);
  CHECK(terminal.screen_text().find("Gradient checkpointing drops most intermediate") !=
        std::string::npos);
  // The prompt after a right choice has no Again: its keys do nothing there (a second tap of
  // choice 1 recorded a lapse).
  terminal.send_keys("a");
  terminal.send_keys("1");
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("→ good, next review in 10m"));
  CHECK(terminal.screen_text().find("→ again") == std::string::npos);

  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  REQUIRE(terminal.wait_for("Your answer (1-4, - to bury, q to quit):"));
  const std::string right = number_of_choice(terminal, "Backpropagation needs them");
  const std::string wrong = right == "1" ? "2" : "1";
  terminal.send_keys(wrong);
  REQUIRE(terminal.wait_for("✗ Wrong — the answer is " + right + ") Backpropagation needs them"));
  REQUIRE(terminal.wait_for("In a simplified chain of N"));
  terminal.send_keys("q");

  REQUIRE(terminal.wait_for("Session: 2 cards reviewed, 1 correct (50%)"));
  CHECK(terminal.screen_text().find("Next review: ") != std::string::npos);

  const auto stats = parse_output(run_kioku(home, {"stats", "--json"}));
  CHECK(answers_today(stats) == 2);
  CHECK(correct_today(stats) == 1);
}

TEST_CASE("e2e: the review screen in Japanese wraps wide text inside the terminal",
          "[e2e][terminal]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const int width = 40;
  TmuxSession terminal(home.root(), inline_review_command(home, " --lang ja"), home.environment(),
                       width);
  REQUIRE(terminal.wait_for("回答 (1-4, - で明日に延期, q で終了):"));
  const auto rows = terminal.screen();
  std::string joined;
  for (const std::string& row : rows) joined += row;
  // Nothing was lost or garbled by wrapping the wide text...
  CHECK(
      joined.find("メモリを節約するために、勾配チェックポインティングは主にどのようなトレードオフを"
                  "行いますか？") != std::string::npos);
  // ...and kioku wrapped it, not the terminal: no row reaches the last column.
  for (const std::string& row : rows) {
    INFO(row);
    CHECK(kioku::cli::display_width(row) < width);
  }
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for("セッション: 0 枚を復習"));
}

TEST_CASE("e2e: the bury key hides the card until tomorrow and shows the next one",
          "[e2e][terminal]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  TmuxSession terminal(home.root(), inline_review_command(home), home.environment());
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for("What trade-off does gradient checkpointing"));
  REQUIRE(terminal.wait_for("Your answer (1-4, - to bury, q to quit):"));
  terminal.send_keys("-");
  REQUIRE(terminal.wait_for("Buried until tomorrow"));
  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for("Session: 0 cards reviewed"));

  const auto due = parse_output(run_kioku(home, {"due", "--json"}));
  CHECK(field(due, "new") == 7);
  const auto stats = parse_output(run_kioku(home, {"stats", "--json"}));
  CHECK(answers_today(stats) == 0);
}
