// `kioku --lang both review` (docs/review-screen.md, "Both languages") in a real terminal
// (tmux): every text of the screen in Japanese, then in English; the English dim (SGR 2) when
// colour is on, and plain, with no escape at all, under NO_COLOR.
#include <filesystem>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/deck_texts.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

const std::string kBilingualDeck = two_language_deck("both", "Both languages", "二か国語") +
                                   kRecomputationChoiceNote + "\n" + kCapitalNote;
// Whether `text`, as capture-pane -e writes the screen, is drawn dim: a 2 in force there that
// no later 22 turned off.
bool drawn_dim(const std::string& screen, const std::string& text) {
  const std::string style = style_at(screen, text);
  const std::size_t dim = style.rfind(";2;");
  const std::size_t normal = style.rfind(";22;");
  return dim != std::string::npos && (normal == std::string::npos || normal < dim);
}

std::string bilingual_review_command(const TempHome& home, const std::string& extra) {
  return kioku_path() + " --socket " + home.socket_path() + " --lang both review --seed 3" + extra;
}

}  // namespace

TEST_CASE("e2e: full screen - --lang both shows Japanese, then English dimmer",
          "[e2e][terminal][full-screen][lang]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", home.write_file("both.toml", kBilingualDeck)}).exit_code == 0);
  const bool colour = GENERATE(true, false);
  auto environment = home.environment();
  environment["NO_COLOR"] = colour ? "" : "1";  // "": unset, as the home sets it otherwise
  TmuxSession terminal(home.root(), bilingual_review_command(home, ""), environment, 100, 30);
  INFO("colour " << colour << ", screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for("Your answer (1-3, - to bury, q to quit):"));
  const std::string text = terminal.screen_text();
  // Each text in both languages, the Japanese first: header, question, choices, prompt, keys.
  const std::vector<std::pair<std::string, std::string>> pairs{
      {"二か国語", "Both languages"},
      {"残り 新規 2 · 学習中 0 · 復習 0", "new 2 · learning 0 · review 0 left"},
      {"どのパスで活性化を再計算しますか？", "Which pass recomputes activations?"},
      {"順伝播", "Forward"},
      {"逆伝播", "Backward"},
      {"回答 (1-3, - で明日に延期, q で終了):", "Your answer (1-3, - to bury, q to quit):"},
      {"スペース/Enter 表示", "Space/Enter show"}};
  const std::string escaped = terminal.screen_with_escapes();
  for (const auto& [japanese, english] : pairs) {
    INFO(japanese << " / " << english);
    REQUIRE(has(text, japanese));
    REQUIRE(has(text, english));
    CHECK(text.find(japanese) < text.find(english));
    // The English dim with colour, the Japanese not (the key hints are dim in both).
    CHECK(drawn_dim(escaped, english) == colour);
    if (japanese.starts_with("スペース")) continue;
    CHECK_FALSE(drawn_dim(escaped, japanese));
  }
  if (!colour) CHECK_FALSE(has(escaped, "\033["));

  // The right choice, by the number it is shown under: the verdict and the rating prompt in
  // both languages.
  terminal.send_keys(number_of_choice(terminal, "逆伝播"));
  REQUIRE(terminal.wait_for("✓ Correct"));
  REQUIRE(terminal.wait_for("The backward pass."));
  const std::string rated = terminal.screen_text();
  CHECK(has(rated, "✓ 正解"));
  CHECK(rated.find("✓ 正解") < rated.find("✓ Correct"));
  CHECK(has(rated, "逆伝播のときです。"));
  CHECK(has(rated, "普通"));
  CHECK(has(rated, "Good"));
  CHECK(drawn_dim(terminal.screen_with_escapes(), "The backward pass.") == colour);
  terminal.send_keys("g");

  // The basic card: the answer side in both languages, then the notice of the last answer.
  REQUIRE(terminal.wait_for("Capital of Japan?"));
  CHECK(has(terminal.screen_text(), "日本の首都は？"));
  CHECK(has(terminal.screen_text(), "→ 普通, 次の復習まで"));
  CHECK(has(terminal.screen_text(), "→ good, next review in"));
  terminal.send_keys("Space");
  REQUIRE(terminal.wait_for("Tokyo"));
  CHECK(has(terminal.screen_text(), "東京都"));
  CHECK(drawn_dim(terminal.screen_with_escapes(), "Tokyo") == colour);
  terminal.send_keys("q");

  // The summary, on the normal screen: Japanese, then English.
  REQUIRE(terminal.wait_for("Session: 1 card reviewed, 1 correct (100%)"));
  const std::string summary = terminal.screen_text();
  CHECK(has(summary, "セッション: 1 枚を復習"));
  CHECK(summary.find("セッション:") < summary.find("Session:"));
  CHECK(drawn_dim(terminal.screen_with_escapes(), "Session: 1 card") == colour);
}

TEST_CASE("e2e: --lang both speaks Japanese in the other commands", "[e2e][lang]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", home.write_file("both.toml", kBilingualDeck)}).exit_code == 0);
  CHECK(run_kioku(home, {"--lang", "both", "due"}).out ==
        "復習待ち 2 枚（新規 2、学習中 0、復習 0）\n");
  const CommandResult unknown = run_kioku(home, {"--lang", "both", "due", "--deck", "French"});
  CHECK(unknown.err ==
        "kioku: ID または名前が French のデッキはありません（kioku decks で一覧できます）\n");
  // The line screen of a script: both languages too, without escapes (not a terminal).
  const CommandResult script =
      run_kioku(home, {"--lang", "both", "review", "--no-shuffle"}, "2 good\nq\n");
  INFO(script.out << script.err);
  CHECK(
      has(script.out, "どのパスで活性化を再計算しますか？\nWhich pass recomputes activations?\n"));
  CHECK(has(script.out, "  2) 逆伝播\n     Backward\n"));
  CHECK(has(script.out, "✓ 正解\n✓ Correct\n"));
  CHECK_FALSE(has(script.out, "\033["));
}

TEST_CASE("e2e: language = \"both\" in the config file is --lang both, and --lang overrides it",
          "[e2e][lang][config]") {
  TempHome home;
  std::filesystem::create_directories(home.root() + "/config/kioku");
  home.write_file("config/kioku/config.toml", "language = \"both\"\n");
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  REQUIRE(run_kioku(home, {"import", home.write_file("both.toml", kBilingualDeck)}).exit_code == 0);
  CHECK(run_kioku(home, {"due"}).out == "復習待ち 2 枚（新規 2、学習中 0、復習 0）\n");
  const CommandResult script = run_kioku(home, {"review", "--no-shuffle"}, "q\n");
  INFO(script.out << script.err);
  CHECK(
      has(script.out, "どのパスで活性化を再計算しますか？\nWhich pass recomputes activations?\n"));
  CHECK(has(script.out, "セッション: 0 枚を復習"));
  CHECK(has(script.out, "Session: 0 cards reviewed"));
  // The command line wins over the file, and en is English alone.
  const CommandResult english = run_kioku(home, {"--lang", "en", "review", "--no-shuffle"}, "q\n");
  INFO(english.out << english.err);
  CHECK(has(english.out, "Which pass recomputes activations?"));
  CHECK(has(english.out, "Session: 0 cards reviewed"));
  CHECK_FALSE(has(english.out, "どのパス"));
  CHECK_FALSE(has(english.out, "セッション"));
  CHECK(run_kioku(home, {"--lang", "en", "config", "get", "language"}).out == "both\n");
}
