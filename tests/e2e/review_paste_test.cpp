// Text pasted into the review screen (tmux's paste-buffer -p, between the bracketed paste marks
// kioku asks the terminal for): part of a typed answer, with its line ends as spaces, and never
// keys. A pasted "cherry\ncherry\n" submitted the answer and its "h" rated the card Hard.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/answer_log.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

constexpr const char* kTypedDeck = R"(format = 2
languages = ["en"]

[deck]
id = "paste"
name = "Paste"

[[notes]]
id = "t-1"
kind = "typed"
front = "Fruit?"
back = "cherry cherry"

[[notes]]
id = "t-2"
kind = "typed"
front = "Water?"
back = "mizu"
)";

}  // namespace

TEST_CASE("e2e: a paste is part of a typed answer and never rates a card", "[e2e][terminal]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(daemon.kioku({"import", home.write_file("paste.toml", kTypedDeck)}).exit_code == 0);
  const std::string command =
      kioku_path() + " --socket " + home.socket_path() + " review --inline --no-shuffle";
  TmuxSession terminal(home.root(), command, home.environment());
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for("Fruit?"));
  REQUIRE(terminal.wait_for("Type the answer, then Enter"));
  terminal.paste("cherry\ncherry\n");
  REQUIRE(terminal.wait_for("cherry cherry"));
  // The paste's line ends submitted nothing: the answer is still being typed.
  CHECK(terminal.screen_text().find("You typed") == std::string::npos);
  terminal.send_keys("BSpace");
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("[g/Enter] Good"));
  // Letters pasted at the rating prompt are not keys: "h" and "a" rate nothing.
  terminal.paste("hah\n");
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("→ good"));
  REQUIRE(terminal.wait_for("Water?"));
  // A paste that ends in ESC: its end mark is still found, and the keys after it are keys.
  terminal.paste("mi\033");
  terminal.send_keys("z");
  terminal.send_keys("u");
  REQUIRE(terminal.wait_for("miz"));
  terminal.send_keys("Enter");
  REQUIRE(terminal.wait_for("You typed"));
  CHECK(terminal.screen_text().find("[201~") == std::string::npos);
  terminal.send_keys("q");
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT group_concat(rating) FROM revlog") == "3");
}
