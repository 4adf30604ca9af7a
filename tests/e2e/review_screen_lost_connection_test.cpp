// The terminal review screen (tmux) across a lost connection, and Ctrl-C while kiokud does not
// answer: raw mode turns Ctrl-C into a key, so without care a stopped daemon froze the screen.
#include <signal.h>

#include <set>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/answer_log.hpp"
#include "tests/support/process_sockets.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

// kioku review, then what it exited with and the terminal's settings once it has.
std::string inline_review_then_stty(const TempHome& home) {
  // The shell traps SIGINT so that Ctrl-C does not end it before it reports: kioku, which it
  // waits for, gets the signal with its default action.
  return "sh -c 'trap true INT; " + kioku_path() + " --socket " + home.socket_path() +
         " review --inline; echo \"kioku exited with $?\"; stty -a'";
}

// Canonical input, echo and signals are back on: the shell after kioku is usable.
void expect_inline_terminal_restored(const TmuxSession& terminal) {
  const std::string screen = terminal.screen_text();
  CHECK(screen.find(" icanon") != std::string::npos);
  CHECK(screen.find("-icanon") == std::string::npos);
  CHECK(screen.find("isig") != std::string::npos);
  CHECK(screen.find("-isig") == std::string::npos);
  CHECK(screen.find("-echo ") == std::string::npos);
}

}  // namespace

TEST_CASE("e2e: the terminal review screen answers on after kiokud dropped the idle session",
          "[e2e][terminal][lost]") {
  RunningDaemon daemon({"--idle-timeout", "1", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::size_t listening = socket_descriptors(daemon.pid()).size();
  const auto idle_closed = [&] { return socket_descriptors(daemon.pid()).size() == listening; };
  TmuxSession terminal(home.root(), inline_review_then_stty(home), home.environment());
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for(kReviewPrompt));
  terminal.send_keys(number_of_choice(terminal, "Extra computation (recomputation)"));
  REQUIRE(terminal.wait_for("[g/Enter] Good 10m"));
  REQUIRE(poll_until(idle_closed));  // while the user picks a rating
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("→ good, next review in 10m"));
  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  REQUIRE(terminal.wait_for(kReviewPrompt));
  const std::string right = number_of_choice(terminal, "Backpropagation needs them");
  REQUIRE(poll_until(idle_closed));  // while the user reads the question
  terminal.send_keys(right == "1" ? "2" : "1");
  REQUIRE(terminal.wait_for("✗ Wrong — the answer is " + right + ") Backpropagation needs them"));
  REQUIRE(terminal.wait_for("→ again, next review in 1m"));
  REQUIRE(terminal.wait_for(kReviewPrompt));
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for("Session: 2 cards reviewed, 1 correct (50%)"));
  REQUIRE(terminal.wait_for("kioku exited with 0"));
  CHECK(answered_cards(home) == std::vector<std::string>{"gc-001", "gc-002"});
}

TEST_CASE("e2e: Ctrl-C on the review screen while kiokud is stopped ends the session",
          "[e2e][terminal][lost]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::set<int> before = socket_descriptors(daemon.pid());
  TmuxSession terminal(home.root(), inline_review_then_stty(home), home.environment());
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for(kReviewPrompt));
  terminal.send_keys(number_of_choice(terminal, "Extra computation (recomputation)"));
  REQUIRE(terminal.wait_for("[g/Enter] Good 10m"));
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  REQUIRE(terminal.wait_for(kReviewPrompt));
  const int connection = new_socket_descriptor(daemon.pid(), before);
  REQUIRE(connection >= 0);
  REQUIRE(::kill(daemon.pid(), SIGSTOP) == 0);

  SECTION("while an answer waits for its reply") {
    const std::string right = number_of_choice(terminal, "Backpropagation needs them");
    terminal.send_keys(right == "1" ? "2" : "1");  // wrong: sent at once, no rating asked
    REQUIRE(poll_until([&] { return unread_bytes(daemon.pid(), connection) > 0; }));
    terminal.send_keys("C-c");
    REQUIRE(terminal.wait_for("kioku exited with 130"));
    const std::string screen = terminal.screen_text();
    CHECK(unwrapped_screen(terminal).find(
              "Interrupted while waiting for kiokud; your answer to card 2 (gc-002) was not "
              "confirmed (kiokud may still record it); 1 answer of this session was saved.") !=
          std::string::npos);
    CHECK(screen.find("Session: 1 ") != std::string::npos);
    CHECK(screen.find("✗ Wrong") == std::string::npos);  // never acknowledged
    expect_inline_terminal_restored(terminal);
    // "May still record it" is true: the answer waits in the stopped daemon's socket.
    REQUIRE(::kill(daemon.pid(), SIGCONT) == 0);
    CHECK(poll_until([&] { return answered_cards(home).size() == 2; }));
  }

  SECTION("while the summary waits for the due counts") {
    terminal.send_keys("q");
    REQUIRE(poll_until([&] { return unread_bytes(daemon.pid(), connection) > 0; }));
    terminal.send_keys("C-c");
    REQUIRE(terminal.wait_for("kioku exited with 130"));
    CHECK(unwrapped_screen(terminal).find(
              "Interrupted while waiting for kiokud; 1 answer of this session was saved.") !=
          std::string::npos);
    expect_inline_terminal_restored(terminal);
    CHECK(answered_cards(home) == std::vector<std::string>{"gc-001"});
  }
}
