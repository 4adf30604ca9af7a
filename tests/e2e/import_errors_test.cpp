// Bad deck files: one error line naming file, line and field; a non-zero exit; nothing imported.
#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;

namespace {

const std::string kGoodCard = R"([[cards]]
id = "c-1"
kind = "choice"
question.en = "Q1?"
choices.en = ["a", "b"]
answer = 1
explanation.en = "Because."
)";

std::string deck_with(const std::string& cards) {
  return "format = 1\nlanguages = [\"en\"]\n\n[deck]\nid = \"broken\"\nname.en = \"Broken\"\n\n" +
         kGoodCard + "\n" + cards;
}

// Imports `content` and checks the error and that the collection is still empty.
void expect_rejected(const std::string& content, const std::string& expected_location,
                     const std::string& expected_message) {
  TempHome home;
  DaemonProcess daemon(home, {"--no-bundled-decks"});
  REQUIRE(daemon.started());
  const std::string path = home.write_file("broken.toml", content);
  const auto result = run_kioku(home, {"import", path});
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 4);
  CHECK(result.out.empty());
  CHECK(result.err.find("kioku: " + path + ":" + expected_location) == 0);
  CHECK(result.err.find(expected_message) != std::string::npos);
  CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
  const auto decks = parse_output(run_kioku(home, {"decks", "--json"}));
  CHECK(decks.as_array().empty());
}

}  // namespace

TEST_CASE("e2e: importing a missing file names it and imports nothing", "[e2e][import]") {
  TempHome home;
  DaemonProcess daemon(home, {"--no-bundled-decks"});
  REQUIRE(daemon.started());
  const auto result = run_kioku(home, {"import", home.root() + "/no-such-deck.toml"});
  CHECK(result.exit_code == 4);
  CHECK(result.err == "kioku: " + home.root() +
                          "/no-such-deck.toml: cannot open file: No such file or directory\n");
}

TEST_CASE("e2e: a file that is not TOML is refused with its line", "[e2e][import]") {
  expect_rejected("format = 1\nlanguages = [\"en\"\n[deck]\n", "3: ", "not valid TOML");
}

TEST_CASE("e2e: a card with a missing field is refused - naming the card and field",
          "[e2e][import]") {
  expect_rejected(deck_with("[[cards]]\nid = \"c-2\"\nkind = \"choice\"\nquestion.en = \"Q2?\"\n"
                            "choices.en = [\"a\", \"b\"]\nanswer = 2\n"),
                  "16: cards[2].explanation: ", "missing (required)");
}

TEST_CASE("e2e: a correct-choice index out of range is refused", "[e2e][import]") {
  expect_rejected(deck_with("[[cards]]\nid = \"c-2\"\nkind = \"choice\"\nquestion.en = \"Q2?\"\n"
                            "choices.en = [\"a\", \"b\", \"c\"]\nanswer = 4\n"
                            "explanation.en = \"E.\"\n"),
                  "21: cards[2].answer: ", "must be between 1 and 3");
}

TEST_CASE("e2e: duplicate card ids are refused - naming both lines", "[e2e][import]") {
  expect_rejected(deck_with("[[cards]]\nid = \"c-1\"\nkind = \"choice\"\nquestion.en = \"Q2?\"\n"
                            "choices.en = [\"a\", \"b\"]\nanswer = 2\nexplanation.en = \"E.\"\n"),
                  "17: cards[2].id: ", "duplicate card id \"c-1\" (first used at line 8)");
}
