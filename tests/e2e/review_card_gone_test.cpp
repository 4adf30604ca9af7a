// A card suspended or deleted on another screen while this one shows it: the answer to it is
// refused and not recorded, and the review goes on with the next card instead of ending.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/answer_log.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

TEST_CASE("e2e: a card suspended elsewhere while shown is not recorded and the review goes on",
          "[e2e][terminal]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string command = "sh -c '" + kioku_path() + " --socket " + home.socket_path() +
                              " review --inline; echo \"kioku exited with $?\"'";
  TmuxSession terminal(home.root(), command, home.environment());
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for(kReviewPrompt));
  // The right choice is held for its rating; meanwhile another screen suspends the card.
  terminal.send_keys(number_of_choice(terminal, "Extra computation (recomputation)"));
  REQUIRE(terminal.wait_for("[g/Enter] Good 10m"));
  REQUIRE(daemon.kioku({"suspend", "1"}).exit_code == 0);
  terminal.send_keys("Enter");
  REQUIRE(
      terminal.wait_for("Not recorded: card 1 (gc-001) left the reviews elsewhere meanwhile "
                        "(suspended, or its note deleted)"));
  // The next card comes, and the session ends as any does.
  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  REQUIRE(terminal.wait_for(kReviewPrompt));
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for("kioku exited with 0"));
  CHECK(answered_cards(home).empty());
}
