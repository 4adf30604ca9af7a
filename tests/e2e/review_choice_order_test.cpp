// The order of a choice card's options (docs/review-screen.md, "Choices"): drawn afresh at every
// showing, the same on every run with `kioku review --seed N`, another with another seed, and
// graded by the option itself whatever number it is shown under (kiokud grades by the choice's
// id, the screen's order is its own). Through the real binaries, the line screen driven by a
// script and the full screen in a real terminal (tmux).
#include <algorithm>
#include <filesystem>
#include <sstream>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

const char* const kRight = "Extra computation (recomputation) for lower memory use";

// The options as a run of the line screen listed them, card after card: each "  N) text" row.
std::vector<std::string> choice_rows(const std::string& out) {
  std::vector<std::string> rows;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    if (line.size() > 5 && line.starts_with("  ") && line[2] >= '1' && line[2] <= '9' &&
        line.substr(3, 2) == ") ") {
      rows.push_back(line);
    }
  }
  return rows;
}

// The number `choice` was listed under in `rows`, the first time.
std::string number_in(const std::vector<std::string>& rows, const std::string& choice) {
  for (const std::string& row : rows) {
    if (row.substr(5).starts_with(choice)) return row.substr(2, 1);
  }
  FAIL("no option " << choice);
  return {};
}

std::string review_command(const TempHome& home, const std::string& extra) {
  return kioku_path() + " --socket " + home.socket_path() + " review" + extra;
}

}  // namespace

TEST_CASE("e2e: kioku review --seed lists the choices in the same order on every run",
          "[e2e][review_options]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const auto first_card = [&](const std::string& seed) {
    const CommandResult shown = run_kioku(home, {"review", "--seed", seed, "--limit", "1"}, "q\n");
    INFO(shown.out << shown.err);
    REQUIRE(shown.exit_code == 0);
    REQUIRE(shown.out.find("What trade-off does gradient checkpointing") != std::string::npos);
    return choice_rows(shown.out);
  };
  const std::vector<std::string> seven = first_card("7");
  REQUIRE(seven.size() == 4);
  CHECK(first_card("7") == seven);
  // Another seed, another order (these two seeds are known to differ on this card)...
  const std::vector<std::string> eight = first_card("8");
  CHECK(eight != seven);
  // ...and neither is just the deck's order.
  const CommandResult deck_order =
      run_kioku(home, {"review", "--no-shuffle", "--limit", "1"}, "q\n");
  CHECK(choice_rows(deck_order.out) != seven);
  CHECK(choice_rows(deck_order.out) != eight);
  // The same options, only moved.
  std::vector<std::string> texts_seven;
  std::vector<std::string> texts_eight;
  for (const std::string& row : seven) texts_seven.push_back(row.substr(5));
  for (const std::string& row : eight) texts_eight.push_back(row.substr(5));
  std::sort(texts_seven.begin(), texts_seven.end());
  std::sort(texts_eight.begin(), texts_eight.end());
  CHECK(texts_seven == texts_eight);

  SECTION("the option picked by its shuffled number is graded right") {
    const std::string right = number_in(seven, kRight);
    CHECK(right != number_in(choice_rows(deck_order.out), kRight));
    const CommandResult answered =
        run_kioku(home, {"review", "--seed", "7", "--limit", "1"}, right + " good\n");
    INFO(answered.out << answered.err);
    CHECK(choice_rows(answered.out) == seven);
    CHECK(answered.out.find("✓ Correct") != std::string::npos);
    CHECK(answered.out.find("1 card reviewed, 1 correct (100%)") != std::string::npos);
  }
  SECTION("a wrong number is graded wrong, and names the right one by its shown number") {
    const std::string right = number_in(seven, kRight);
    const std::string wrong = right == "1" ? "2" : "1";
    const CommandResult answered =
        run_kioku(home, {"review", "--seed", "7", "--limit", "1"}, wrong + "\n");
    INFO(answered.out << answered.err);
    CHECK(answered.out.find("✗ Wrong — the answer is " + right + ") Extra computation") !=
          std::string::npos);
  }
  SECTION("the order is drawn again when the card is shown again") {
    // Answered, undone, shown again: a second showing, a second draw from the same seed.
    const std::string right = number_in(seven, kRight);
    const CommandResult again = run_kioku(home, {"review", "--seed", "7"}, right + " good\nu\nq\n");
    INFO(again.out << again.err);
    const std::vector<std::string> rows = choice_rows(again.out);
    // The card, the next one (where u was typed), and the card once more.
    REQUIRE(rows.size() >= 12);
    CHECK(std::vector<std::string>(rows.begin(), rows.begin() + 4) == seven);
    const std::vector<std::string> shown_again(rows.end() - 4, rows.end());
    CHECK(again.out.find("Undone:") != std::string::npos);
    CHECK(shown_again != seven);
    CHECK(run_kioku(home, {"review", "--seed", "7"}, right + " good\nu\nq\n").out == again.out);
  }
}

TEST_CASE("e2e: full screen - --seed shows the same order in a terminal, graded by the option",
          "[e2e][terminal]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  std::vector<std::string> first_rows;
  for (int run = 0; run < 2; ++run) {
    // A tmux server of its own for each run: the first one's may still be going away.
    const std::string directory = home.root() + "/terminal-" + std::to_string(run);
    std::filesystem::create_directories(directory);
    TmuxSession terminal(directory, review_command(home, " --seed 7"), home.environment());
    INFO("screen:\n" << terminal.screen_text());
    REQUIRE(terminal.wait_for("Your answer (1-4, - to bury, q to quit):"));
    std::vector<std::string> rows;
    for (const std::string& row : terminal.screen()) {
      if (row.find(") ") == 3 && row.starts_with("  ")) rows.push_back(row);
    }
    REQUIRE(rows.size() == 4);
    if (run == 0) {
      first_rows = rows;
      terminal.send_keys("q");
      REQUIRE(terminal.wait_for("Session: 0 cards reviewed"));
      continue;
    }
    CHECK(rows == first_rows);
    terminal.send_keys(number_of_choice(terminal, kRight));
    REQUIRE(terminal.wait_for("✓ Correct"));
    terminal.send_keys("g");
    REQUIRE(terminal.wait_for("Why are activations usually stored"));
    terminal.send_keys("q");
    REQUIRE(terminal.wait_for("Session: 1 card reviewed, 1 correct (100%)"));
  }
}
