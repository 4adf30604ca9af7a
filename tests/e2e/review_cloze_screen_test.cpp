// A cloze card on the full screen in a real terminal (tmux capture-pane -e): the blank shows
// its hint, highlighted, and Space reveals the text in its place in the sentence, highlighted
// the same way; under --lang both the English sentence follows, dim.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/deck_texts.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

const std::string kClozeDeck = two_language_deck("cloze", "Cloze", "穴埋め") + R"([[notes]]
id = "cloze-1"
kind = "cloze"
text.en = "{{c1::Tokyo::a city}} is the capital of Japan."
text.ja = "日本の首都は{{c1::東京::都市}}です。"
)";

// Bold or a colour: what the screen highlights with.
bool highlighted(const std::string& style) {
  return has(style, ";1;") || has(style, ";36;") || has(style, "0;1;");
}

}  // namespace

TEST_CASE("e2e: full screen - a cloze blank shows its hint, and the text is revealed in place",
          "[e2e][terminal][full-screen]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", home.write_file("cloze.toml", kClozeDeck)}).exit_code == 0);
  auto environment = home.environment();
  environment["NO_COLOR"] = "";  // unset: colour on
  const std::string lang = GENERATE(std::string("en"), std::string("both"));
  TmuxSession terminal(
      home.root(), kioku_path() + " --socket " + home.socket_path() + " --lang " + lang + " review",
      environment, 80, 24);
  INFO("--lang " << lang << ", screen:\n" << terminal.screen_with_escapes());

  const std::string blank = lang == "en" ? "[a city] is the capital of Japan." : "[都市]です。";
  REQUIRE(terminal.wait_for(blank));
  CHECK_FALSE(has(terminal.screen_text(), "Tokyo"));
  CHECK_FALSE(has(terminal.screen_text(), "東京"));
  CHECK(
      highlighted(style_at(terminal.screen_with_escapes(), lang == "en" ? "[a city]" : "[都市]")));
  if (lang == "both") {
    // The English sentence under the Japanese, dim, its blank with its own hint.
    CHECK(has(terminal.screen_text(), "日本の首都は[都市]です。"));
    CHECK(has(terminal.screen_text(), "[a city] is the capital of Japan."));
    CHECK(has(style_at(terminal.screen_with_escapes(), " is the capital of Japan."), ";2;"));
  }

  terminal.send_keys("Space");
  const std::string revealed =
      lang == "en" ? "Tokyo is the capital of Japan." : "日本の首都は東京です。";
  REQUIRE(terminal.wait_for(revealed));
  const std::string escaped = terminal.screen_with_escapes();
  CHECK(highlighted(style_at(escaped, lang == "en" ? "Tokyo" : "東京")));
  // The sentence around it is not highlighted.
  CHECK_FALSE(
      highlighted(style_at(escaped, lang == "en" ? " is the capital of Japan." : "です。")));
  if (lang == "both") CHECK(has(terminal.screen_text(), "Tokyo is the capital of Japan."));
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for(lang == "en" ? "Session: 0 cards reviewed" : "セッション: 0 枚"));
}
