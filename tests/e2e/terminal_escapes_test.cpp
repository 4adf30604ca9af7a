// Control characters in collection text never reach the terminal (issue 9, finding 6). The
// collection is written behind kiokud's back, as a deck imported before kioku refused such text
// would have left it: the review screen, `decks` and the error lines show the escapes instead.
#include <sqlite3.h>

#include <csignal>
#include <memory>

#include "tests/e2e/collection_tampering.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

const std::string kCleanDeck = R"(format = 1
languages = ["en"]

[deck]
id = "evil"
name.en = "Clean"

[[cards]]
id = "e-1"
kind = "choice"
question.en = "Q?"
choices.en = ["a", "b", "c", "d"]
answer = 2
explanation.en = "E."
)";

// JSON escapes, decoded by kiokud when it reads the row: ESC, BEL, CR, C1 CSI, RLO.
const std::string kEvilContent =
    R"j({"question":{"en":"What is 2+2?\u001b[2J\u001b[H"},)j"
    R"j("choices":{"en":["4","5\r\u001b[2K4 (right)","\u009b31mcsi","\u202eevil"]},)j"
    R"j("answer":2,"explanation":{"en":"\u001b]52;c;cHduZWQ=\u0007 clipboard"}})j";
const std::string kEvilName = R"({"en":"Evil\u001b]0;PWNED\u0007 deck"})";

// What the terminal must show instead.
const std::string kShownQuestion = R"(What is 2+2?\u001b[2J\u001b[H)";
const std::string kShownChoice = R"j(5\r\u001b[2K4 (right))j";
const std::string kShownExplanation = R"(\u001b]52;c;cHduZWQ=\u0007 clipboard)";
const std::string kShownName = R"(Evil\u001b]0;PWNED\u0007 deck)";

// A collection whose deck and card hold control characters, and a kiokud serving it.
std::unique_ptr<RunningDaemon> serve_evil_collection(const TempHome& home) {
  {
    RunningDaemon importer(home, {"--no-bundled-decks"});
    REQUIRE(run_kioku(home, {"import", home.write_file("evil.toml", kCleanDeck)}).exit_code == 0);
    REQUIRE(importer.stop(SIGTERM) == 0);
  }
  execute_sql(home.collection_path(), "UPDATE cards SET content = '" + kEvilContent + "';" +
                                          "UPDATE decks SET name = '" + kEvilName +
                                          "', slug = 'evil' || char(27) || '[31m';");
  auto daemon = std::make_unique<RunningDaemon>(
      home, std::vector<std::string>{"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  return daemon;
}

// No byte of `text` would act on a terminal: no C0 control but the newline, no DEL, no C1 or
// bidirectional control in UTF-8.
void expect_inert(const std::string& text) {
  INFO(text);
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    CHECK((byte >= 0x20 || byte == '\n'));
    CHECK(byte != 0x7f);
  }
  CHECK(text.find("\xc2\x9b") == std::string::npos);      // U+009B CSI
  CHECK(text.find("\xe2\x80\xae") == std::string::npos);  // U+202E RLO
}

}  // namespace

TEST_CASE("e2e: a scripted review shows the card's control characters as escapes",
          "[e2e][review][escapes]") {
  TempHome home;
  const auto daemon = serve_evil_collection(home);
  // The wrong choice, so that the right one is shown again in the verdict.
  const auto review = run_kioku(home, {"review", "--no-shuffle"}, "1\n");
  INFO(review.out << review.err);
  REQUIRE(review.exit_code == 0);
  expect_inert(review.out);
  CHECK(review.out.find(kShownName) != std::string::npos);
  CHECK(review.out.find(kShownQuestion) != std::string::npos);
  CHECK(review.out.find("2) " + kShownChoice) != std::string::npos);
  CHECK(review.out.find(R"(3) \u009b31mcsi)") != std::string::npos);
  CHECK(review.out.find(R"(4) \u202eevil)") != std::string::npos);
  CHECK(review.out.find("the answer is 2) " + kShownChoice) != std::string::npos);
  CHECK(review.out.find(kShownExplanation) != std::string::npos);
}

TEST_CASE("e2e: decks and error lines show control characters as escapes", "[e2e][escapes]") {
  TempHome home;
  const auto daemon = serve_evil_collection(home);

  const auto decks = run_kioku(home, {"decks"});
  INFO(decks.out << decks.err);
  REQUIRE(decks.exit_code == 0);
  expect_inert(decks.out);
  CHECK(decks.out.find(R"(evil\u001b[31m)") != std::string::npos);
  CHECK(decks.out.find(kShownName) != std::string::npos);

  // JSON escapes the C0 controls itself; kioku adds DEL, C1 and the bidirectional controls.
  execute_sql(home.collection_path(),
              R"(UPDATE decks SET name = '{"en":"C1 \u009b and RLO \u202e and DEL \u007f"}';)");
  const auto json = run_kioku(home, {"decks", "--json"});
  REQUIRE(json.exit_code == 0);
  expect_inert(json.out);
  const auto listed = parse_output(json);
  CHECK(listed.at(0).at("name").as_string() == "C1 \u009b and RLO \u202e and DEL \x7f");

  // An id sent back in the daemon's error.
  const auto due = run_kioku(home, {"due", "--deck", "x\x1b]0;PWNED\x07"});
  INFO(due.err);
  CHECK(due.exit_code == 5);
  expect_inert(due.err);
  CHECK(due.err.find(R"(x\u001b]0;PWNED\u0007)") != std::string::npos);
}

TEST_CASE("e2e: the review screen shows escapes - the terminal's title and text stay as they were",
          "[e2e][terminal][escapes]") {
  TempHome home;
  const auto daemon = serve_evil_collection(home);
  TmuxSession terminal(home.root(),
                       kioku_path() + " --socket " + home.socket_path() + " review --no-shuffle",
                       home.environment());
  const std::string title_before = terminal.pane_title();
  INFO("screen:\n" << terminal.screen_text());

  REQUIRE(terminal.wait_for("Your answer (1-4, - to bury, q to quit):"));
  const std::string screen = terminal.screen_text();
  // Nothing cleared the screen or rewrote the choice's line: both show as they are stored.
  CHECK(screen.find(kShownName) != std::string::npos);
  CHECK(screen.find(kShownQuestion) != std::string::npos);
  CHECK(screen.find("2) " + kShownChoice) != std::string::npos);
  CHECK(screen.find("1) 4") != std::string::npos);
  CHECK(terminal.pane_title() == title_before);  // the deck name's OSC 0 did not retitle it
  terminal.send_keys("1");
  REQUIRE(terminal.wait_for(kShownExplanation));
  CHECK(terminal.pane_title() == title_before);
  CHECK(terminal.pane_title().find("PWNED") == std::string::npos);
  // The card is due again within the learn-ahead limit and comes back; q (read whenever the
  // next card asks) ends the session.
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for("Session: 1 card reviewed"));
}
