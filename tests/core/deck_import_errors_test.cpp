// The error lines `kioku import` prints for broken deck files, checked on the parser. Each row
// was an end-to-end case that started a kiokud of its own (tests/e2e/import_errors_test.cpp and
// deck_limits_test.cpp); the file contents, the location ("LINE: FIELD: ") and the message are
// the same. kiokud hands the file's bytes and name to parse_deck and kioku prints its what()
// after "kioku: ", so the line kioku printed is "kioku: " + what() + "\n": one line. That the
// error travels through kiokud and kioku intact, exit code 4 and nothing imported, stays an
// end-to-end case (tests/e2e/import_errors_test.cpp).
#include <catch2/catch.hpp>
#include <string>

#include "core/deck_parser.hpp"
#include "core/error.hpp"
#include "tests/support/deck_texts.hpp"

namespace kioku {
namespace {

using test::dotted_key;
using test::repeated;

constexpr const char* kBrokenDeckFile = "decks/broken.toml";

// Parses `content` as kBrokenDeckFile and checks the error as kioku prints it.
void expect_rejected(const std::string& content, const std::string& expected_location,
                     const std::string& expected_message) {
  try {
    parse_deck(content, kBrokenDeckFile);
  } catch (const InputError& error) {
    const std::string what = error.what();
    INFO(what.substr(0, 500));
    CHECK(error.code() == ErrorCode::kInvalidInput);
    CHECK(error.file() == kBrokenDeckFile);
    CHECK_THAT(what, Catch::StartsWith(std::string(kBrokenDeckFile) + ":" + expected_location));
    CHECK_THAT(what, Catch::Contains(expected_message));
    CHECK(what.find('\n') == std::string::npos);
    return;
  }
  FAIL("the deck parsed without an error");
}

// From tests/e2e/deck_limits_test.cpp.
constexpr int kDeepParts = 50'000;

// Line 3 of every deep file is the deep one (after the head's first two lines).
const std::string kHead = "format = 1\nlanguages = [\"en\"]\n";

}  // namespace

TEST_CASE("deck import errors: a file that is not TOML is refused with its line",
          "[core][deck_parser][import]") {
  expect_rejected("format = 1\nlanguages = [\"en\"\n[deck]\n", "3: ", "not valid TOML");
}

TEST_CASE("deck import errors: a card with a missing field is refused - naming the card and field",
          "[core][deck_parser][import]") {
  expect_rejected(
      test::deck_with("[[cards]]\nid = \"c-2\"\nkind = \"choice\"\nquestion.en = \"Q2?\"\n"
                      "choices.en = [\"a\", \"b\"]\nanswer = 2\n"),
      "16: cards[2].explanation: ", "missing (required)");
}

TEST_CASE("deck import errors: a correct-choice index out of range is refused",
          "[core][deck_parser][import]") {
  expect_rejected(
      test::deck_with("[[cards]]\nid = \"c-2\"\nkind = \"choice\"\nquestion.en = \"Q2?\"\n"
                      "choices.en = [\"a\", \"b\", \"c\"]\nanswer = 4\n"
                      "explanation.en = \"E.\"\n"),
      "21: cards[2].answer: ", "must be between 1 and 3");
}

TEST_CASE("deck import errors: duplicate card ids are refused - naming both lines",
          "[core][deck_parser][import]") {
  expect_rejected(
      test::deck_with("[[cards]]\nid = \"c-1\"\nkind = \"choice\"\nquestion.en = \"Q2?\"\n"
                      "choices.en = [\"a\", \"b\"]\nanswer = 2\nexplanation.en = \"E.\"\n"),
      "17: cards[2].id: ", "duplicate card id \"c-1\" (first used at line 8)");
}

TEST_CASE("deck import errors: a key path 50000 levels deep is refused at its line",
          "[core][deck_parser][import][limits]") {
  struct Shape {
    const char* name;
    std::string text;      // from line 3
    const char* location;  // what follows "PATH:" in the error
  };
  const std::string deep = dotted_key(kDeepParts);
  const auto shape = GENERATE_COPY(values<Shape>({
      {"table header", "[x." + deep + "]\n", "3: "},
      {"dotted key", "x." + deep + " = 1\n", "3: "},
      {"array-of-tables header", "[[x." + deep + "]]\n", "3: cards[1]: "},
      {"quoted key parts", dotted_key(kDeepParts, "\"a\"") + " = 1\n", "3: "},
      {"literal key parts", dotted_key(kDeepParts, "'a'") + " = 1\n", "3: "},
      {"dotted key in an inline table", "x = { " + deep + " = 1 }\n", "3: "},
      // Arrays and inline tables within toml++'s own cap of 256 nested values, each holding a
      // dotted key 400 parts deep.
      {"arrays of inline tables with dotted keys",
       "x = " + repeated("[{" + dotted_key(400) + " = ", 120) + "1" + repeated("}]", 120) + "\n",
       "3: "},
      {"the same over many lines",
       "x = [\n" + repeated("{" + dotted_key(400) + " = [\n", 120) + "1" + repeated("]}", 120) +
           "\n]\n",
       "4: "},
      {"a deep table inside a card", "[[cards]]\n[cards." + deep + "]\n", "4: cards[1]: "},
      {"nested inline tables",
       "x = " + repeated("{a=", kDeepParts) + "1" + repeated("}", kDeepParts) + "\n", "3: "},
  }));
  INFO(shape.name);
  expect_rejected(kHead + shape.text, shape.location, "nested more than 32 levels deep");
}

TEST_CASE("deck import errors: a text past its field's limit is refused naming the field and limit",
          "[core][deck_parser][import][limits]") {
  struct Row {
    const char* name;
    std::string line;   // the card's last line, in place of its own line of that key
    const char* field;  // what follows "PATH:LINE: "
    const char* message;
  };
  const auto row = GENERATE_COPY(values<Row>({
      {"a 140 KiB explanation", "explanation.en = \"" + std::string(140 * 1024, 'x') + "\"",
       "cards[1].explanation.en: ", "is 143360 bytes long; at most 131072 bytes (128 KiB)"},
      {"a 130 KiB question", "question.en = \"" + std::string(130 * 1024, 'x') + "\"",
       "cards[1].question.en: ", "is 133120 bytes long; at most 131072 bytes (128 KiB)"},
      {"a 3 KiB choice", "choices.en = [\"a\", \"" + std::string(3 * 1024, 'x') + "\"]",
       "cards[1].choices.en: ", "choice 2 is 3072 bytes long; at most 2048 bytes (2 KiB)"},
      {"257 tags", "tags = [" + repeated("\"t\", ", 256) + "\"t\"]",
       "cards[1].tags: ", "has 257 tags; at most 256"},
      {"an escape in a question", "question.en = \"Q\\u001b]0;title\\u0007\"",
       "cards[1].question.en: ", "contains the control character U+001B (ESC) at character 2"},
      {"a carriage return in a choice", "choices.en = [\"a\", \"b\\r\\u001b[2Ka\"]",
       "cards[1].choices.en: ", "choice 2 contains the control character U+000D (CR)"},
  }));
  INFO(row.name);
  // The card's own lines for question, choices and explanation go: the row's line takes theirs.
  std::string card = test::kOneCard;
  for (const char* key : {"question.en", "choices.en", "explanation.en"}) {
    if (row.line.rfind(key, 0) != 0) continue;
    const std::size_t at = card.find(key);
    card.erase(at, card.find('\n', at) + 1 - at);
  }
  const std::string before = kHead + "\n[deck]\nid = \"limits\"\nname.en = \"Limits\"\n\n" + card;
  const auto line = std::count(before.begin(), before.end(), '\n') + 1;
  expect_rejected(before + row.line + "\n", std::to_string(line) + ": " + row.field, row.message);
}

TEST_CASE("deck import errors: a note's error names its line, column and field",
          "[core][deck_parser][import][notes]") {
  std::string deck = test::kBilingualNotes;
  const std::size_t closing = deck.find("東京}}");
  REQUIRE(closing != std::string::npos);
  deck.erase(closing + std::string("東京").size(), 2);
  expect_rejected(deck, "47:12: notes[4].text.ja: ", "{{c1:: is never closed");
}

TEST_CASE("deck import errors: a key path 50000 levels deep in a note names the note",
          "[core][deck_parser][import][limits][notes]") {
  expect_rejected(
      "format = 2\nlanguages = [\"en\"]\n[[notes]]\n[notes." + dotted_key(kDeepParts) + "]\n",
      "4: notes[1]: ", "nested more than 32 levels deep");
}

}  // namespace kioku
