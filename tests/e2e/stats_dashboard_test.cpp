// kioku stats (the dashboard) and kioku card show in a real 80-column terminal (tmux): a real
// kiokud, cards answered over its socket, and what the screen then shows, in English and in
// Japanese, with colour off and on.
#include <map>
#include <memory>
#include <sstream>

#include "cli/terminal/text_width.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;
namespace protocol = kioku::protocol;

namespace {

constexpr int kWidth = 80;
// The shell prints this once kioku has exited: the test waits for it on the screen.
const std::string kDone = "kioku-exit=";

// `arguments` of kioku in a fresh 80 x 40 terminal, followed by the exit marker; waits for it.
// The shell then waits on the terminal (cat) rather than ending: a pane that ends scrolls its
// screen up a row for tmux's "Pane is dead", which would race the capture.
// One a home: the session's socket and FIFO live in its root.
std::unique_ptr<TmuxSession> run_in_terminal(const TempHome& home, const std::string& arguments,
                                             std::map<std::string, std::string> environment) {
  const std::string command = "sh -c '" + kioku_path() + " --socket " + home.socket_path() + " " +
                              arguments + "; echo " + kDone + "$?; exec cat'";
  auto terminal = std::make_unique<TmuxSession>(home.root(), command, environment, kWidth, 40);
  INFO("screen:\n" << terminal->screen_text());
  REQUIRE(terminal->wait_for(kDone));
  return terminal;
}

// Three new cards answered over the socket, five seconds each: two with their right choice
// (Good), one wrong (Again). Returns the id of the first.
std::int64_t answer_three(const TempHome& home) {
  LineClient client(home.socket_path());
  std::int64_t first = 0;
  for (int index = 0; index < 3; ++index) {
    const auto next = result_of(rpc(client, protocol::kReviewNext.name));
    const std::int64_t card = field(next.at("card"), "id");
    if (index == 0) first = card;
    const std::int64_t right = right_choice(client, card);
    if (index < 2) {
      result_of(
          rpc(client, protocol::kReviewAnswer.name,
              {{"card", card}, {"choice", right}, {"rating", "good"}, {"duration_ms", 5000}}));
    } else {
      result_of(rpc(client, protocol::kReviewAnswer.name,
                    {{"card", card}, {"choice", right == 1 ? 2 : 1}, {"duration_ms", 5000}}));
    }
  }
  return first;
}

// The words after `label` on the last row that has it, split at spaces.
std::vector<std::string> words_after(const std::vector<std::string>& rows,
                                     const std::string& label) {
  for (auto at_row = rows.rbegin(); at_row != rows.rend(); ++at_row) {
    const std::string& row = *at_row;
    const auto at = row.find(label);
    if (at == std::string::npos) continue;
    std::istringstream rest(row.substr(at + label.size()));
    std::vector<std::string> words;
    for (std::string word; rest >> word;) words.push_back(word);
    return words;
  }
  return {};
}

// No row the terminal shows is wider than the pane, even before the terminal wrapped it.
void check_fits(const TmuxSession& terminal) {
  for (const std::string& row : terminal.joined_screen()) {
    INFO(row);
    CHECK(kioku::cli::display_width(row) <= kWidth);
  }
}

}  // namespace

TEST_CASE("e2e: the stats dashboard fits 80 columns and shows what was answered",
          "[e2e][terminal][stats]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  answer_three(home);

  SECTION("in English, NO_COLOR") {
    auto environment = home.environment();
    environment["NO_COLOR"] = "1";
    const auto terminal = run_in_terminal(home, "stats", environment);
    const std::string screen = terminal->screen_text();
    INFO("screen:\n" << screen);
    CHECK(has(screen, kDone + "0"));
    check_fits(*terminal);
    for (const char* title : {"Statistics: all decks, last 30 days (today 2026-06-01)",
                              "True retention", "Answer buttons", "Due in the next 30 days",
                              "Answers by hour", "Intervals:", "Calendar, last 365 days"}) {
      INFO(title);
      CHECK(has(screen, title));
    }
    CHECK(has(screen, "Today: 3 answers in 15s, correct 67%, mature correct N/A"));
    CHECK(has(screen, "Streak: 1 day (longest 1 day)"));
    CHECK(has(screen, "Cards: 5 new, 3 learning, 0 relearning, 0 young, 0 mature"));
    CHECK(has(screen, "0 suspended, 0 buried, 8 in all; leeches: 0"));
    // The answer buttons: new cards' answers are learning ones, Again 1, Good 2.
    CHECK(words_after(terminal->screen(), "Learning") ==
          std::vector<std::string>{"1", "0", "2", "0", "67%"});
    CHECK_FALSE(has(terminal->screen_with_escapes(), "\033["));
  }
  SECTION("in Japanese, --color never") {
    const auto terminal =
        run_in_terminal(home, "--lang ja --color never stats", home.environment());
    const std::string screen = terminal->screen_text();
    INFO("screen:\n" << screen);
    CHECK(has(screen, kDone + "0"));
    check_fits(*terminal);
    for (const char* title :
         {"統計: すべてのデッキ、過去30日", "真の定着率", "解答ボタン", "今後30日の復習予定",
          "時間帯別の解答", "間隔:", "カレンダー（過去365日）"}) {
      INFO(title);
      CHECK(has(screen, title));
    }
    CHECK(has(screen, "今日: 解答 3 回、15秒、正解率 67%"));
    CHECK(has(screen, "正解率 67%"));
    CHECK(has(screen, "カード: 新規 5、学習中 3"));
    CHECK(words_after(terminal->screen(), "学習中 ") ==
          std::vector<std::string>{"1", "0", "2", "0", "67%"});
    CHECK_FALSE(has(terminal->screen_with_escapes(), "\033["));
  }
  SECTION("coloured on a terminal by default, and still 80 columns") {
    auto environment = home.environment();
    environment["NO_COLOR"] = "";  // unset: the home sets it for every other test
    const auto terminal =
        run_in_terminal(home, "stats --deck gradient-checkpointing --period 7d", environment);
    INFO("screen:\n" << terminal->screen_text());
    CHECK(has(terminal->screen_text(), "Statistics: deck gradient-checkpointing, last 7 days"));
    CHECK(has(terminal->screen_with_escapes(), "\033["));
    check_fits(*terminal);
  }
}

TEST_CASE("e2e: kioku card show lists a card's answers, and an unknown card is one line and exit 5",
          "[e2e][terminal][stats]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  const std::int64_t card = answer_three(home);

  SECTION("in English") {
    auto environment = home.environment();
    environment["NO_COLOR"] = "1";
    const auto terminal = run_in_terminal(home, "card show " + std::to_string(card), environment);
    const std::string screen = terminal->screen_text();
    INFO("screen:\n" << screen);
    CHECK(has(screen, kDone + "0"));
    check_fits(*terminal);
    CHECK(has(screen, "Card " + std::to_string(card) + ": deck gradient-checkpointing"));
    CHECK(has(screen, "What trade-off does gradient checkpointing"));
    CHECK(has(screen, "State: learning, "));
    CHECK(has(screen, "History: 1 answer"));
    // Answered at 10:00 UTC (the home's TZ), Good, a learning answer, no interval yet.
    CHECK(words_after(terminal->screen(), "2026-06-01 10:00") ==
          std::vector<std::string>{"Good", "learning", "0d", "→", "0d", "5s"});
    CHECK_FALSE(has(terminal->screen_with_escapes(), "\033["));
  }
  SECTION("in Japanese") {
    const auto terminal = run_in_terminal(
        home, "--lang ja --color never card show card:" + std::to_string(card), home.environment());
    const std::string screen = terminal->screen_text();
    INFO("screen:\n" << screen);
    CHECK(has(screen, kDone + "0"));
    check_fits(*terminal);
    CHECK(has(screen, "履歴: 解答 1 回"));
    CHECK(has(screen, "状態: 学習中、"));
    CHECK(words_after(terminal->screen(), "2026-06-01 10:00") ==
          std::vector<std::string>{"正解", "学習", "0日", "→", "0日", "5秒"});
  }
  SECTION("--json: the content and the history as the daemon gives them") {
    const auto shown =
        parse_output(run_kioku(home, {"card", "show", std::to_string(card), "--json"}));
    CHECK(shown.at("content").at("card").at("id").as_int64() == card);
    CHECK(shown.at("history").at("answers").as_array().size() == 1);
    CHECK(shown.at("history").at("answers").at(0).at("rating").as_string() == "good");
  }
  SECTION("an unknown card") {
    const CommandResult unknown = run_kioku(home, {"card", "show", "999999"});
    CHECK(unknown.exit_code == 5);
    CHECK(unknown.out.empty());
    CHECK(unknown.err == "kioku: No card 999999\n");
    const CommandResult japanese = run_kioku(home, {"--lang", "ja", "card", "show", "x1"});
    CHECK(japanese.exit_code == 5);
    CHECK(japanese.err == "kioku: カード x1 はありません\n");
  }
}
