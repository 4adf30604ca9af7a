// The full-screen review (docs/review-screen.md) in a real terminal (tmux): every kind of card
// in Japanese, undo, a resize mid-card, and the terminal given back however the session ends:
// Ctrl-C, Ctrl-Z and `fg`, kiokud killed mid-session, SIGTERM to kioku.
#include <signal.h>

#include <fstream>
#include <set>

#include "cli/terminal/text_width.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/answer_log.hpp"
#include "tests/support/deck_texts.hpp"
#include "tests/support/process_sockets.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

std::string kioku_review(const TempHome& home, const std::string& extra = "") {
  return kioku_path() + " --socket " + home.socket_path() + " review" + extra;
}

// kioku review in a shell that reports how it exited and the terminal's settings after it. The
// shell traps SIGINT so that a Ctrl-C kioku takes as a signal does not end it before it reports.
std::string review_then_stty(const TempHome& home, const std::string& extra = "") {
  return "sh -c 'trap true INT; " + kioku_review(home, extra) +
         "; echo \"kioku exited with $?\"; stty -a'";
}

// Canonical input, echo and signals are back on, and the normal screen: the shell after kioku
// is usable.
void expect_terminal_restored(TmuxSession& terminal) {
  REQUIRE(terminal.wait_for("extproc"));  // stty -a's last line: all of it is on the screen
  const std::string screen = terminal.screen_text();
  CHECK_FALSE(terminal.alternate_screen_on());
  CHECK(screen.find(" icanon") != std::string::npos);
  CHECK(screen.find("-icanon") == std::string::npos);
  CHECK(screen.find("isig") != std::string::npos);
  CHECK(screen.find("-isig") == std::string::npos);
  CHECK(screen.find(" echo ") != std::string::npos);
  CHECK(screen.find("-echo ") == std::string::npos);
}

// No row kioku wrote is wider than the terminal less its last column: capture-pane -J joins a
// row the terminal wrapped by itself with the row it continues.
bool rows_inside(const TmuxSession& terminal, int width) {
  for (const std::string& row : terminal.joined_screen()) {
    if (kioku::cli::display_width(row) >= width) return false;
  }
  return true;
}

const std::string kJapaneseDeck = two_language_deck("every-kind", "Every kind", "すべての種類") +
                                  kCapitalNote + "\n" + R"([[notes]]
id = "cloze-1"
kind = "cloze"
text.en = "{{c1::Tokyo}} is the capital of Japan."
text.ja = "{{c1::東京}}は日本の首都です。"

[[notes]]
id = "typed-1"
kind = "typed"
front.en = "Water, in Japanese?"
front.ja = "「水」を英語で？"
back.en = "mizu"
back.ja = "water"

[[notes]]
id = "typed-2"
kind = "typed"
front.en = "Dog, in Japanese?"
front.ja = "「犬」を英語で？"
back.en = "inu"
back.ja = "dog"

)" + kRecomputationChoiceNote;
}  // namespace

TEST_CASE("e2e: full screen - a Japanese session of every kind reaches the summary",
          "[e2e][terminal][full-screen]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", home.write_file("kinds.toml", kJapaneseDeck)}).exit_code == 0);
  TmuxSession terminal(home.root(), review_then_stty(home, " --lang ja --limit 5"),
                       home.environment(), 80, 24);
  INFO("screen:\n" << terminal.screen_text());

  // Basic: the header, the question, Space shows the answer, 3 rates it Good.
  REQUIRE(terminal.wait_for("日本の首都は？"));
  REQUIRE(terminal.wait_for("Enter かスペースで答えを表示 (- で明日に延期, q で終了):"));
  CHECK(terminal.alternate_screen_on());
  const std::vector<std::string> first = terminal.screen();
  CHECK(first[0].rfind("すべての種類", 0) == 0);
  CHECK(first[0].find("残り 新規 5 · 学習中 0 · 復習 0") != std::string::npos);
  CHECK((first.end() - 2)->find("スペース/Enter 表示") == 0);  // the key hints, wrapped
  CHECK((*(first.end() - 2) + first.back()).find("? ヘルプ") != std::string::npos);
  CHECK(terminal.screen_text().find("東京都") == std::string::npos);
  terminal.send_keys("Space");
  REQUIRE(terminal.wait_for("東京都"));
  REQUIRE(terminal.wait_for("[a] もう一度 1m"));
  terminal.send_keys("3");

  // Cloze: the blank, revealed in place with Enter, rated Again; the last answer's wait is
  // said above the prompt, in Japanese.
  REQUIRE(terminal.wait_for("[...]は日本の首都です。"));
  CHECK(terminal.screen_text().find("→ 普通, 次の復習まで 10m") != std::string::npos);
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("[東京]は日本の首都です。"));
  REQUIRE(terminal.wait_for("[a] もう一度"));
  terminal.send_keys("1");

  // Typed, right: the daemon's comparison, Enter takes its verdict (Good).
  REQUIRE(terminal.wait_for("「水」を英語で？"));
  REQUIRE(terminal.wait_for("答えを入力して Enter: _"));
  terminal.send_keys("water");
  REQUIRE(terminal.wait_for("答えを入力して Enter: water_"));
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("✓ 正解"));
  REQUIRE(terminal.wait_for("[g/Enter] 普通"));
  terminal.send_keys("Enter");

  // Typed, wrong: Backspace takes off a whole wide character, never a byte of one.
  REQUIRE(terminal.wait_for("「犬」を英語で？"));
  REQUIRE(terminal.wait_for("答えを入力して Enter: _"));
  terminal.send_keys("犬犬");
  REQUIRE(terminal.wait_for("答えを入力して Enter: 犬犬_"));
  terminal.send_keys("BSpace");
  REQUIRE(terminal.wait_for("答えを入力して Enter: 犬_"));
  CHECK(terminal.screen_text().find("\xEF\xBF\xBD") == std::string::npos);  // no U+FFFD
  terminal.send_keys("BSpace");
  REQUIRE(terminal.wait_for("答えを入力して Enter: _"));
  terminal.send_keys("cat");
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("✗ 不正解"));
  REQUIRE(terminal.wait_for("あなたの答え: "));
  REQUIRE(terminal.wait_for("[a/Enter] もう一度"));
  terminal.send_keys("Enter");

  // Choice: the right one, then Good.
  REQUIRE(terminal.wait_for("どのパスで活性化を再計算しますか？"));
  REQUIRE(terminal.wait_for("回答 (1-3, - で明日に延期, q で終了):"));
  CHECK(terminal.screen_text().find("→ もう一度, 次の復習まで 1m") != std::string::npos);
  terminal.send_keys(number_of_choice(terminal, "逆伝播"));
  REQUIRE(terminal.wait_for("✓ 正解"));
  REQUIRE(terminal.wait_for("逆伝播のときです。"));
  REQUIRE(terminal.wait_for("[g/Enter] 普通"));
  terminal.send_keys("Enter");

  // --limit 5 ends the session: the summary on the normal screen, the terminal as it was.
  REQUIRE(terminal.wait_for("kioku exited with 0"));
  CHECK(unwrapped_screen(terminal).find("セッション: 5 枚を復習, 3 問正解 (60%)") !=
        std::string::npos);
  expect_terminal_restored(terminal);
  CHECK(answered_cards(home) ==
        std::vector<std::string>{"basic-1", "cloze-1/c1", "typed-1", "typed-2", "choice-1"});
  const auto stats = parse_output(run_kioku(home, {"stats", "--json"}));
  CHECK(answers_today(stats) == 5);
  CHECK(correct_today(stats) == 3);
}

TEST_CASE("e2e: full screen - u undoes the last answers one after the other",
          "[e2e][terminal][full-screen]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  TmuxSession terminal(home.root(), review_then_stty(home), home.environment());
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for(kReviewPrompt));
  terminal.send_keys(number_of_choice(terminal, "Extra computation (recomputation)"));
  REQUIRE(terminal.wait_for("[g/Enter] Good 10m"));
  // kiokud holds a right choice until its rating: the key hints offer the ratings alone.
  REQUIRE(terminal.wait_for("2-4 rate · ? help · q quit"));
  CHECK(terminal.screen_text().find("u undo") == std::string::npos);
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  REQUIRE(terminal.wait_for("u undo · - bury"));
  REQUIRE(terminal.wait_for(kReviewPrompt));
  // A wrong choice asks no rating: its verdict stays until a key, and u there undoes it.
  const std::string right = number_of_choice(terminal, "Backpropagation needs them");
  terminal.send_keys(right == "1" ? "2" : "1");
  REQUIRE(terminal.wait_for("✗ Wrong — the answer is " + right + ") Backpropagation needs them"));
  REQUIRE(terminal.wait_for("Any key: the next card (u undoes this answer, q quits)"));
  REQUIRE(poll_until([&] { return answered_cards(home).size() == 2; }));
  terminal.send_keys("u");
  REQUIRE(terminal.wait_for("Undone: your answer to card 2 (gc-002) (again)"));
  REQUIRE(terminal.wait_for(kReviewPrompt));
  CHECK(terminal.screen_text().find("Why are activations usually stored") != std::string::npos);
  terminal.send_keys(number_of_choice(terminal, "Backpropagation needs them"));
  REQUIRE(terminal.wait_for("[g/Enter] Good 10m"));
  terminal.send_keys("Enter");
  REQUIRE(poll_until([&] { return answered_cards(home).size() == 3; }));
  REQUIRE(terminal.wait_for("→ good, next review in 10m"));
  REQUIRE(terminal.wait_for(kReviewPrompt));

  // Undo twice walks back through the session's answers still standing.
  terminal.send_keys("u");
  REQUIRE(terminal.wait_for("Undone: your answer to card 2 (gc-002) (good)"));
  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  terminal.send_keys("u");
  REQUIRE(terminal.wait_for("Undone: your answer to card 1 (gc-001) (good)"));
  REQUIRE(terminal.wait_for("What trade-off does gradient checkpointing"));
  terminal.send_keys("u");
  REQUIRE(terminal.wait_for("Nothing to undo in this session"));
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for("kioku exited with 0"));
  CHECK(terminal.screen_text().find("Session: 0 cards reviewed") != std::string::npos);
  expect_terminal_restored(terminal);
  const auto stats = parse_output(run_kioku(home, {"stats", "--json"}));
  CHECK(answers_today(stats) == 0);
}

TEST_CASE("e2e: full screen - u, - and ! work at the rating prompt of an answer shown or compared",
          "[e2e][terminal][full-screen]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", home.write_file("kinds.toml", kJapaneseDeck)}).exit_code == 0);
  TmuxSession terminal(home.root(), review_then_stty(home), home.environment(), 100, 30);
  INFO("screen:\n" << terminal.screen_text());

  // The basic card, shown and rated Good.
  REQUIRE(terminal.wait_for("Capital of Japan?"));
  terminal.send_keys("Space");
  REQUIRE(terminal.wait_for("How well did you know it?"));
  terminal.send_keys("3");
  REQUIRE(poll_until([&] { return answered_cards(home).size() == 1; }));
  // The cloze card's answer shown: u at its rating undoes the basic card's answer, and this
  // card is not answered.
  REQUIRE(terminal.wait_for("is the capital of Japan."));
  terminal.send_keys("Space");
  REQUIRE(terminal.wait_for("How well did you know it?"));
  terminal.send_keys("u");
  REQUIRE(terminal.wait_for("Undone: your answer to card"));
  CHECK(answers_today(parse_output(run_kioku(home, {"stats", "--json"}))) == 0);
  // The basic card comes again; - at its rating buries it, ! at the next one's suspends it.
  REQUIRE(terminal.wait_for("Capital of Japan?"));
  terminal.send_keys("Space");
  REQUIRE(terminal.wait_for("How well did you know it?"));
  terminal.send_keys("-");
  REQUIRE(terminal.wait_for("Buried until tomorrow"));
  REQUIRE(terminal.wait_for("is the capital of Japan."));
  terminal.send_keys("Space");
  REQUIRE(terminal.wait_for("How well did you know it?"));
  terminal.send_keys("!");
  REQUIRE(terminal.wait_for("Suspended"));
  // A typed answer compared: u at its rating undoes nothing left, and the card stays unanswered.
  REQUIRE(terminal.wait_for("in Japanese?"));
  terminal.send_keys("x");
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("How well did you know it?"));
  terminal.send_keys("u");
  REQUIRE(terminal.wait_for("Nothing to undo in this session"));
  // The typed card again, waiting for its answer, where q is a letter: Ctrl-C ends the session.
  REQUIRE(terminal.wait_for("Enter check · Backspace erase · Ctrl-C quit"));
  terminal.send_keys("C-c");
  REQUIRE(terminal.wait_for("Session: 0 cards reviewed"));
  REQUIRE(terminal.wait_for("kioku exited with"));
  expect_terminal_restored(terminal);
  // The one answer given is the one undone.
  CHECK(answered_cards(home).size() == 1);
  CHECK(answers_today(parse_output(run_kioku(home, {"stats", "--json"}))) == 0);
  SqliteReader collection(home.collection_path());
  CHECK(collection.integer("SELECT s.buried_until_day > 0 FROM card_state s JOIN cards c "
                           "ON c.id = s.card_id WHERE c.external_id = 'basic-1'") == 1);
  CHECK(collection.integer("SELECT s.suspended FROM card_state s JOIN cards c "
                           "ON c.id = s.card_id WHERE c.external_id LIKE 'cloze-1%'") == 1);
}

TEST_CASE("e2e: full screen - the help overlay then bury then suspend",
          "[e2e][terminal][full-screen]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  TmuxSession terminal(home.root(), review_then_stty(home), home.environment());
  INFO("screen:\n" << terminal.screen_text());
  const std::string first_question = "What trade-off does gradient checkpointing";

  REQUIRE(terminal.wait_for(kReviewPrompt));
  terminal.send_keys("?");
  REQUIRE(terminal.wait_for("undo the last answer of this session"));
  CHECK(terminal.screen_text().find(first_question) == std::string::npos);  // over the card
  terminal.send_keys("x");  // any key closes the help, and does nothing else
  REQUIRE(terminal.wait_for(first_question));
  CHECK(terminal.screen_text().find("undo the last answer") == std::string::npos);

  terminal.send_keys("-");
  REQUIRE(terminal.wait_for("Buried until tomorrow"));
  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  terminal.send_keys("!");
  REQUIRE(terminal.wait_for("Suspended: out of reviews until kioku unsuspend 2"));
  REQUIRE(terminal.wait_until(
      [&] { return terminal.screen_text().find("Why are activations") == std::string::npos; }));
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for("kioku exited with 0"));
  CHECK(terminal.screen_text().find("Session: 0 cards reviewed") != std::string::npos);
  expect_terminal_restored(terminal);
  SqliteReader collection(home.collection_path());
  CHECK(collection.integer("SELECT s.buried_until_day > 0 FROM card_state s JOIN cards c "
                           "ON c.id = s.card_id WHERE c.external_id = 'gc-001'") == 1);
  CHECK(collection.integer("SELECT s.suspended FROM card_state s JOIN cards c "
                           "ON c.id = s.card_id WHERE c.external_id = 'gc-002'") == 1);
}

TEST_CASE("e2e: full screen - a resize mid-card lays the card out at the new width",
          "[e2e][terminal][full-screen]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  TmuxSession terminal(home.root(), review_then_stty(home), home.environment(), 100, 30);
  INFO("screen:\n" << terminal.screen_text());
  const std::string question =
      "What trade-off does gradient checkpointing mainly make to save memory?";

  REQUIRE(terminal.wait_for(kReviewPrompt));
  REQUIRE(terminal.wait_for(question));  // one row at 100 columns
  terminal.resize(40, 20);
  // Drawn again at 40 columns: the question wrapped over rows, nothing wider than the pane.
  REQUIRE(terminal.wait_until([&] {
    return terminal.screen_text().find(question) == std::string::npos &&
           unwrapped_screen(terminal).find(question) != std::string::npos &&
           rows_inside(terminal, 40);
  }));
  const std::vector<std::string> rows = terminal.screen();
  CHECK(rows[0].find("learning 0 · review 0 left") != std::string::npos);
  CHECK(rows[0].find("new ") != std::string::npos);
  CHECK(rows[1].find("──────") == 0);

  // The answer's explanation comes laid out for the new width too.
  terminal.send_keys(number_of_choice(terminal, "Extra computation (recomputation)"));
  REQUIRE(terminal.wait_for("Good 10m"));
  CHECK(rows_inside(terminal, 40));
  // And wider again: the question is on one row.
  terminal.resize(120, 30);
  REQUIRE(terminal.wait_until([&] {
    return terminal.screen_text().find("Good 10m") != std::string::npos &&
           terminal.screen()[1].size() > 100 * 3;
  }));
  CHECK(rows_inside(terminal, 120));
  terminal.send_keys("C-d");  // quits as q does
  REQUIRE(terminal.wait_for("kioku exited with 0"));
  expect_terminal_restored(terminal);
}

TEST_CASE("e2e: full screen - Ctrl-Z and fg then Ctrl-C leave the terminal sane",
          "[e2e][terminal][full-screen]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  // An interactive shell with job control: it stops and continues kioku's process group.
  TmuxSession terminal(home.root(), "bash --norc --noprofile -i", home.environment());
  INFO("screen:\n" << terminal.screen_text());
  REQUIRE(terminal.wait_for("bash-"));  // the prompt of a shell without rc files
  terminal.send_keys(kioku_review(home));
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for(kReviewPrompt));
  REQUIRE(terminal.alternate_screen_on());

  terminal.send_keys("C-z");
  REQUIRE(terminal.wait_for("Stopped"));
  CHECK_FALSE(terminal.alternate_screen_on());
  terminal.send_keys("stty -a");
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("icanon"));
  CHECK(terminal.screen_text().find("-icanon") == std::string::npos);
  CHECK(terminal.screen_text().find("-echo ") == std::string::npos);

  terminal.send_keys("clear; fg");
  terminal.send_keys("Enter");
  // Back on the full screen, drawn again, in single-key mode: a key acts without Enter.
  REQUIRE(terminal.wait_until([&] {
    return terminal.alternate_screen_on() &&
           terminal.screen_text().find(kReviewPrompt) != std::string::npos;
  }));
  CHECK(terminal.screen_text().find("What trade-off does gradient checkpointing") !=
        std::string::npos);
  terminal.send_keys(number_of_choice(terminal, "Extra computation (recomputation)"));
  REQUIRE(terminal.wait_for("[g/Enter] Good 10m"));
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("Why are activations usually stored"));

  terminal.send_keys("C-c");
  REQUIRE(terminal.wait_for("Session: 1 card reviewed, 1 correct (100%)"));
  terminal.send_keys("echo \"kioku exited with $?\"; stty -a");
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("kioku exited with 0"));
  expect_terminal_restored(terminal);
  CHECK(answered_cards(home) == std::vector<std::string>{"gc-001"});
}

TEST_CASE("e2e: full screen - kiokud killed mid-session: the answer is said not recorded",
          "[e2e][terminal][full-screen][lost]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  TmuxSession terminal(home.root(), review_then_stty(home, " --no-autostart"), home.environment());
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for(kReviewPrompt));
  terminal.send_keys(number_of_choice(terminal, "Extra computation (recomputation)"));
  REQUIRE(terminal.wait_for("[g/Enter] Good 10m"));
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("Why are activations usually stored"));
  REQUIRE(terminal.wait_for(kReviewPrompt));
  REQUIRE(daemon.stop(SIGKILL) == 128 + SIGKILL);
  terminal.send_keys(number_of_choice(terminal, "Backpropagation needs them"));

  REQUIRE(terminal.wait_for("kioku exited with 3"));
  CHECK(unwrapped_screen(terminal).find(
            "Your answer to card 2 (gc-002) was not recorded; 1 answer of "
            "this session was saved.") != std::string::npos);
  CHECK(terminal.screen_text().find("Session: 1 card reviewed") != std::string::npos);
  expect_terminal_restored(terminal);
  CHECK(answered_cards(home) == std::vector<std::string>{"gc-001"});
}

TEST_CASE("e2e: full screen - Ctrl-C while kiokud is stopped leaves the screen first",
          "[e2e][terminal][full-screen][lost]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::set<int> before = socket_descriptors(daemon.pid());
  TmuxSession terminal(home.root(), review_then_stty(home), home.environment());
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for(kReviewPrompt));
  const int connection = new_socket_descriptor(daemon.pid(), before);
  REQUIRE(connection >= 0);
  REQUIRE(::kill(daemon.pid(), SIGSTOP) == 0);
  const std::string right = number_of_choice(terminal, "Extra computation (recomputation)");
  terminal.send_keys(right == "1" ? "2" : "1");  // wrong: sent at once
  REQUIRE(poll_until([&] { return unread_bytes(daemon.pid(), connection) > 0; }));
  terminal.send_keys("C-c");
  REQUIRE(terminal.wait_for("kioku exited with 130"));
  CHECK(
      unwrapped_screen(terminal).find("Interrupted while waiting for kiokud; your answer to card 1 "
                                      "(gc-001) was not confirmed") != std::string::npos);
  expect_terminal_restored(terminal);
  REQUIRE(::kill(daemon.pid(), SIGCONT) == 0);
}

TEST_CASE("e2e: full screen - SIGTERM to kioku gives the terminal back before it dies",
          "[e2e][terminal][full-screen]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string pid_file = home.root() + "/kioku.pid";
  // The inner shell writes its pid and becomes kioku; the outer one reports after it.
  TmuxSession terminal(home.root(),
                       "sh -c 'sh -c \"echo \\$\\$ > " + pid_file + "; exec " + kioku_review(home) +
                           "\"; echo \"kioku exited with $?\"; stty -a'",
                       home.environment());
  INFO("screen:\n" << terminal.screen_text());
  REQUIRE(terminal.wait_for(kReviewPrompt));
  REQUIRE(terminal.alternate_screen_on());
  int pid = 0;
  std::ifstream(pid_file) >> pid;
  REQUIRE(pid > 0);
  REQUIRE(::kill(pid, SIGTERM) == 0);
  REQUIRE(terminal.wait_for("kioku exited with " + std::to_string(128 + SIGTERM)));
  expect_terminal_restored(terminal);
}
