// The terminal given back by both review screens whatever ends or stops kioku from outside
// (docs/review-screen.md, "Always giving the terminal back"): SIGINT and SIGQUIT sent to the
// full screen, SIGTERM, SIGHUP and SIGINT to the line screen, Ctrl-Z and `fg` on the line
// screen, and a pipe reader that went away (`kioku review | head`). Ctrl-C, Ctrl-Z and SIGTERM
// on the full screen are in review_full_screen_test.cpp.
#include <signal.h>

#include <fstream>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/process_sockets.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

std::string review_to_signal(const TempHome& home, const std::string& options) {
  return kioku_path() + " --socket " + home.socket_path() + " review" + options;
}

// What a shell runs after the commands it reports on: cat keeps the pane alive, since tmux
// reads a dead pane's cursor as hidden and scrolls its screen a row to say it is dead.
constexpr const char* kKeepPaneOpen = "; exec cat";

// kioku review run by an inner shell that writes its pid first and becomes kioku; the outer
// shell reports how it ended and the terminal's settings after it (no core file for SIGQUIT).
std::string review_with_pid_then_stty(const TempHome& home, const std::string& pid_file,
                                      const std::string& options) {
  return "sh -c 'ulimit -c 0; sh -c \"echo \\$\\$ > " + pid_file + "; exec " +
         review_to_signal(home, options) + "\"; echo \"kioku exited with $?\"; stty -a" +
         kKeepPaneOpen + "'";
}

// After the last `marker` on the screen, stty -a's whole output shows canonical input, echo and
// signals back on; the normal screen is back and the cursor shown.
void expect_terminal_given_back(TmuxSession& terminal, const std::string& marker) {
  const auto after_marker = [&] {
    const std::string screen = terminal.screen_text();
    const auto at = screen.rfind(marker);
    return at == std::string::npos ? std::string() : screen.substr(at);
  };
  // "extproc" is on stty -a's last line: all of it is on the screen.
  REQUIRE(terminal.wait_until([&] { return after_marker().find("extproc") != std::string::npos; }));
  const std::string settings = after_marker();
  CHECK_FALSE(terminal.alternate_screen_on());
  CHECK(terminal.cursor_visible());
  CHECK(settings.find(" icanon") != std::string::npos);
  CHECK(settings.find("-icanon") == std::string::npos);
  CHECK(settings.find("isig") != std::string::npos);
  CHECK(settings.find("-isig") == std::string::npos);
  CHECK(settings.find(" echo ") != std::string::npos);
  CHECK(settings.find("-echo ") == std::string::npos);
}

// Sends `signal_number` to a review on the screen `options` chooses, once it waits for a key,
// and checks that kioku died of it with the terminal given back.
void signal_review_waiting_for_a_key(int signal_number, const std::string& options) {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string pid_file = home.root() + "/kioku.pid";
  TmuxSession terminal(home.root(), review_with_pid_then_stty(home, pid_file, options),
                       home.environment());
  INFO("screen:\n" << terminal.screen_text());
  REQUIRE(terminal.wait_for(kReviewPrompt));
  REQUIRE(poll_until([&] { return terminal.reads_single_keys(); }));
  int pid = 0;
  std::ifstream(pid_file) >> pid;
  REQUIRE(pid > 0);
  REQUIRE(::kill(pid, signal_number) == 0);
  const std::string exited = "kioku exited with " + std::to_string(128 + signal_number);
  REQUIRE(terminal.wait_for(exited));
  expect_terminal_given_back(terminal, exited);
}

}  // namespace

TEST_CASE("e2e: full screen - kill -INT gives the terminal back before kioku dies",
          "[e2e][terminal][full-screen][signals]") {
  signal_review_waiting_for_a_key(SIGINT, "");
}

TEST_CASE("e2e: full screen - kill -QUIT gives the terminal back before kioku dies",
          "[e2e][terminal][full-screen][signals]") {
  signal_review_waiting_for_a_key(SIGQUIT, "");
}

TEST_CASE("e2e: line screen - SIGTERM gives the terminal back before kioku dies",
          "[e2e][terminal][signals]") {
  signal_review_waiting_for_a_key(SIGTERM, " --inline");
}

TEST_CASE("e2e: line screen - SIGHUP gives the terminal back before kioku dies",
          "[e2e][terminal][signals]") {
  signal_review_waiting_for_a_key(SIGHUP, " --inline");
}

TEST_CASE("e2e: line screen - kill -INT gives the terminal back before kioku dies",
          "[e2e][terminal][signals]") {
  signal_review_waiting_for_a_key(SIGINT, " --inline");
}

TEST_CASE("e2e: line screen - Ctrl-Z stops the review and fg takes it on in single-key mode",
          "[e2e][terminal][signals]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  // An interactive shell with job control: it stops and continues kioku's process group.
  TmuxSession terminal(home.root(), "bash --norc --noprofile -i", home.environment());
  INFO("screen:\n" << terminal.screen_text());
  REQUIRE(terminal.wait_for("bash-"));  // the prompt of a shell without rc files
  terminal.send_keys(review_to_signal(home, " --inline"));
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for(kReviewPrompt));

  terminal.send_keys("C-z");
  REQUIRE(terminal.wait_for("Stopped"));
  terminal.send_keys("echo stopped; stty -a");
  terminal.send_keys("Enter");
  expect_terminal_given_back(terminal, "\nstopped");

  terminal.send_keys("fg");
  terminal.send_keys("Enter");
  // Nothing is written on `fg`: the terminal's mode says kioku has taken it again.
  REQUIRE(poll_until([&] { return terminal.reads_single_keys(); }));
  // A key acts without Enter.
  terminal.send_keys(number_of_choice(terminal, "Extra computation (recomputation)"));
  REQUIRE(terminal.wait_for("[g/Enter] Good 10m"));
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for("Session: 1 card reviewed, 1 correct (100%)"));
  terminal.send_keys("echo \"kioku exited with $?\"; stty -a");
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("kioku exited with 0"));
  expect_terminal_given_back(terminal, "kioku exited with 0");
}

TEST_CASE("e2e: line screen - a pipe reader gone (| head) leaves the terminal given back",
          "[e2e][terminal][signals]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  // Standard input the terminal, standard output a pipe: the line screen in single-key mode.
  // The reader closes its end once head has shown two lines, and says so.
  TmuxSession terminal(home.root(),
                       "sh -c '" + review_to_signal(home, "") +
                           " | { head -n 2; exec <&-; echo \"head has gone\"; }; stty -a" +
                           kKeepPaneOpen + "'",
                       home.environment());
  INFO("screen:\n" << terminal.screen_text());
  REQUIRE(terminal.wait_for("head has gone"));
  REQUIRE(poll_until([&] { return terminal.reads_single_keys(); }));
  terminal.send_keys("1");  // kioku writes what follows the answer, to no reader: SIGPIPE
  expect_terminal_given_back(terminal, "head has gone");
}
