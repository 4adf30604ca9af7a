// Tests for the deck format's limits and text rules (docs/deck-format.md, "Limits" and
// "Text"): each text field refuses control characters and text past its length, each count its
// excess, naming the file, line and field; the file is read part by part with the same result.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/deck_parser.hpp"
#include "core/deck_parser_limits.hpp"
#include "core/error.hpp"

namespace kioku {
namespace {

// Line numbers below refer to this deck.
std::string deck_with(const std::string& name = "\"Deck\"", const std::string& question = "\"Q?\"",
                      const std::string& choices = "[\"a\", \"b\"]",
                      const std::string& explanation = "\"E.\"",
                      const std::string& extra_card_line = "",
                      const std::string& description = "\"D.\"") {
  return "format = 1\n"            // 1
         "languages = [\"en\"]\n"  // 2
         "[deck]\n"                // 3
         "id = \"d\"\n"            // 4
         "name.en = " +
         name + "\n" +                               // 5
         "description.en = " + description + "\n" +  // 6
         "[[cards]]\n"                               // 7
         "id = \"c-1\"\n"                            // 8
         "kind = \"choice\"\n"                       // 9
         "question.en = " +
         question + "\n" +                   // 10
         "choices.en = " + choices + "\n" +  // 11
         "answer = 1\n"                      // 12
         "explanation.en = " +
         explanation + "\n" +     // 13
         extra_card_line + "\n";  // 14
}

struct LimitFailure {
  int line = -1;
  std::string field;
  std::string what;
};

LimitFailure limit_failure(const std::string& text) {
  try {
    parse_deck(text, "decks/x.toml");
  } catch (const InputError& error) {
    return {error.line(), error.field(), error.what()};
  }
  FAIL("the deck parsed without an error");
  return {};
}

std::string quoted(const std::string& text) {
  return "\"" + text + "\"";
}

}  // namespace

TEST_CASE("deck_parser_limits: a control character in any text field is refused - naming it",
          "[core][deck_parser]") {
  // As TOML escapes, so that the file itself stays printable.
  const auto character =
      GENERATE(as<std::string>{}, "\\u001b", "\\u0007", "\\r", "\\u0000", "\\b", "\\f", "\\u007f",
               "\\u0080", "\\u009b", "\\u009d", "\\u202e", "\\u2066");
  struct Field {
    const char* name;
    int line;
    std::string (*deck)(const std::string& text);
  };
  const auto field = GENERATE(values<Field>({
      {"deck.name.en", 5, [](const std::string& text) { return deck_with(quoted(text)); }},
      {"deck.description.en", 6,
       [](const std::string& text) {
         return deck_with("\"N\"", "\"Q\"", "[\"a\", \"b\"]", "\"E\"", "", quoted(text));
       }},
      {"cards[1].question.en", 10,
       [](const std::string& text) { return deck_with("\"N\"", quoted(text)); }},
      {"cards[1].choices.en", 11,
       [](const std::string& text) {
         return deck_with("\"N\"", "\"Q\"", "[\"a\", " + quoted(text) + "]");
       }},
      {"cards[1].explanation.en", 13,
       [](const std::string& text) {
         return deck_with("\"N\"", "\"Q\"", "[\"a\", \"b\"]", quoted(text));
       }},
      {"cards[1].tags", 14,
       [](const std::string& text) {
         return deck_with("\"N\"", "\"Q\"", "[\"a\", \"b\"]", "\"E\"",
                          "tags = [" + quoted(text) + "]");
       }},
  }));
  INFO(field.name << " with " << character);
  const LimitFailure failure = limit_failure(field.deck("before" + character + "after"));
  INFO(failure.what);
  CHECK(failure.line == field.line);
  CHECK(failure.field == field.name);
  CHECK_THAT(failure.what, Catch::StartsWith("decks/x.toml:" + std::to_string(field.line) + ": " +
                                             field.name + ": "));
  CHECK_THAT(failure.what, Catch::Contains("at character 7"));
  // The message names the character; it never holds it.
  for (const char c : failure.what) CHECK(static_cast<unsigned char>(c) >= 0x20);
}

TEST_CASE("deck_parser_limits: newlines and tabs are allowed only in multi-line texts",
          "[core][deck_parser]") {
  const std::string text = "\"line 1\\n\\tline 2\"";
  const Deck deck = parse_deck(deck_with("\"N\"", text, "[\"a\", \"b\"]", text, "", text), "x");
  CHECK(deck.cards.at(0).question.at("en") == "line 1\n\tline 2");
  CHECK(deck.cards.at(0).explanation.at("en") == "line 1\n\tline 2");
  CHECK(deck.description.at("en") == "line 1\n\tline 2");
  // A multi-line string in the file is as good as \n escapes.
  CHECK(parse_deck(deck_with("\"N\"", "\"\"\"\nQ\nstill Q\"\"\""), "x")
            .cards.at(0)
            .question.at("en") == "Q\nstill Q");

  for (const std::string escape : {"\\n", "\\t"}) {
    INFO(escape);
    const LimitFailure name = limit_failure(deck_with(quoted("a" + escape + "b")));
    CHECK(name.field == "deck.name.en");
    CHECK_THAT(name.what, Catch::Contains("must be one line without control characters"));
    const LimitFailure choice = limit_failure(
        deck_with("\"N\"", "\"Q\"", "[\"a\", " + quoted("b" + escape + "2) c") + "]"));
    CHECK(choice.field == "cards[1].choices.en");
    CHECK_THAT(choice.what, Catch::Contains("choice 2 contains the control character"));
  }
}

TEST_CASE("deck_parser_limits: each text field has a length limit", "[core][deck_parser]") {
  struct Field {
    const char* name;
    std::size_t limit;
    int line;
    std::string (*deck)(const std::string& text);
  };
  const auto field = GENERATE(values<Field>({
      {"deck.name.en", kMaxDeckNameBytes, 5,
       [](const std::string& text) { return deck_with(quoted(text)); }},
      {"deck.description.en", kMaxDeckDescriptionBytes, 6,
       [](const std::string& text) {
         return deck_with("\"N\"", "\"Q\"", "[\"a\", \"b\"]", "\"E\"", "", quoted(text));
       }},
      {"cards[1].question.en", kMaxQuestionBytes, 10,
       [](const std::string& text) { return deck_with("\"N\"", quoted(text)); }},
      {"cards[1].choices.en", kMaxChoiceBytes, 11,
       [](const std::string& text) {
         return deck_with("\"N\"", "\"Q\"", "[\"a\", " + quoted(text) + "]");
       }},
      {"cards[1].explanation.en", kMaxExplanationBytes, 13,
       [](const std::string& text) {
         return deck_with("\"N\"", "\"Q\"", "[\"a\", \"b\"]", quoted(text));
       }},
      {"cards[1].tags", kMaxTagBytes, 14,
       [](const std::string& text) {
         return deck_with("\"N\"", "\"Q\"", "[\"a\", \"b\"]", "\"E\"",
                          "tags = [" + quoted(text) + "]");
       }},
  }));
  INFO(field.name);
  // "é" is two bytes: the limit counts bytes, and a text just within it keeps them all.
  const std::string within = std::string(field.limit - 2, 'x') + "é";
  CHECK_NOTHROW(parse_deck(field.deck(within), "x"));
  const LimitFailure failure = limit_failure(field.deck(within + "x"));
  CHECK(failure.line == field.line);
  CHECK(failure.field == field.name);
  CHECK_THAT(failure.what,
             Catch::Contains("is " + std::to_string(field.limit + 1) + " bytes long; at most " +
                             std::to_string(field.limit) + " bytes"));
}

TEST_CASE("deck_parser_limits: the numbers of tags and languages are limited",
          "[core][deck_parser]") {
  const auto tags = [](std::size_t count) {
    std::string list;
    for (std::size_t i = 0; i < count; ++i)
      list += (i ? ", \"t" : "\"t") + std::to_string(i) + "\"";
    return deck_with("\"N\"", "\"Q\"", "[\"a\", \"b\"]", "\"E\"", "tags = [" + list + "]");
  };
  CHECK(parse_deck(tags(kMaxTagsPerCard), "x").cards.at(0).tags.size() == kMaxTagsPerCard);
  const LimitFailure too_many_tags = limit_failure(tags(kMaxTagsPerCard + 1));
  CHECK(too_many_tags.field == "cards[1].tags");
  CHECK_THAT(too_many_tags.what, Catch::Contains("has 257 tags; at most 256"));

  std::string languages;
  for (std::size_t i = 0; i <= kMaxLanguages; ++i) {
    languages +=
        std::string(i ? ", " : "") + "\"l" + std::string(1, static_cast<char>('a' + i)) + "\"";
  }
  const LimitFailure too_many_languages =
      limit_failure("format = 1\nlanguages = [" + languages + "]\n");
  CHECK(too_many_languages.line == 2);
  CHECK(too_many_languages.field == "languages");
  CHECK_THAT(too_many_languages.what, Catch::Contains("lists 17 languages; at most 16"));

  // Cards in the head, as an array of inline tables, count as well.
  std::string cards =
      "format = 1\nlanguages = [\"en\"]\ndeck = { id = \"d\", name.en = \"N\" }\n"
      "cards = [\n";
  for (std::size_t i = 0; i < 3; ++i) {
    cards += "{ id = \"c" + std::to_string(i) +
             "\", kind = \"choice\", question = { en = \"Q\" }, choices = { en = [\"a\", \"b\"] }, "
             "answer = 1, explanation = { en = \"E\" } },\n";
  }
  CHECK(parse_deck(cards + "]\n", "x").cards.size() == 3);
}

TEST_CASE("deck_parser_limits: a file past kMaxDeckFileBytes is refused by its size",
          "[core][deck_parser]") {
  const std::string deck = deck_with();
  const std::string padded =
      deck + "#" + std::string(kMaxDeckFileBytes - deck.size() - 2, 'x') + "\n";
  REQUIRE(padded.size() == kMaxDeckFileBytes);
  CHECK(parse_deck(padded, "x").cards.size() == 1);
  const LimitFailure failure = limit_failure(padded + "\n");
  CHECK(failure.line == 0);
  CHECK_THAT(failure.what,
             Catch::Contains("is 16777217 bytes; a deck file may have at most 16 MiB"));
}

TEST_CASE("deck_parser_limits: every deep key shape is refused at its line - not crashing",
          "[core][deck_parser]") {
  std::string parts = "a";
  for (int i = 0; i < 50'000; ++i) parts += ".a";
  const auto shape = GENERATE_COPY(as<std::string>{}, "[x." + parts + "]", "x." + parts + " = 1",
                                   "[[x." + parts + "]]", "x = { " + parts + " = 1 }",
                                   "[[cards]]\n[cards." + parts + "]");
  const LimitFailure failure = limit_failure("format = 1\nlanguages = [\"en\"]\n" + shape + "\n");
  CHECK(failure.line >= 3);
  CHECK_THAT(failure.what, Catch::Contains("nested more than 32 levels deep"));
}

TEST_CASE("deck_parser_limits: tables after the first card header are refused",
          "[core][deck_parser]") {
  // Read whole, [deck] would be a top-level table again; read card by card it would be lost.
  const std::string moved =
      "format = 1\nlanguages = [\"en\"]\n"
      "[[cards]]\nid = \"c\"\nkind = \"choice\"\nquestion.en = \"Q\"\n"
      "choices.en = [\"a\", \"b\"]\nanswer = 1\nexplanation.en = \"E\"\n"
      "[deck]\nid = \"d\"\nname.en = \"N\"\n";
  const LimitFailure late_deck = limit_failure(moved);
  CHECK(late_deck.line == 10);
  CHECK(late_deck.field == "deck");
  CHECK_THAT(late_deck.what, Catch::Contains("must come before the first [[cards]]"));

  const LimitFailure both = limit_failure(
      "format = 1\nlanguages = [\"en\"]\ncards = []\n[deck]\nid = \"d\"\nname.en = \"N\"\n"
      "[[cards]]\nid = \"c\"\n");
  CHECK(both.line == 7);
  CHECK(both.field == "cards");
  CHECK_THAT(both.what, Catch::Contains("already set at line 3"));

  const LimitFailure nested = limit_failure(deck_with() + "[[cards.sub]]\nx = 1\n");
  CHECK(nested.field == "cards");
  CHECK_THAT(nested.what, Catch::Contains("must be an array of tables"));
}

TEST_CASE("deck_parser_limits: errors in later cards name the file's lines",
          "[core][deck_parser]") {
  std::string text = deck_with();
  for (int i = 2; i <= 4; ++i) {
    text += "[[cards]]\nid = \"c-" + std::to_string(i) +
            "\"\nkind = \"choice\"\nquestion.en = \"Q\"\nchoices.en = [\"a\", \"b\"]\n"
            "answer = 1\nexplanation.en = \"E\"\n";
  }
  const Deck deck = parse_deck(text, "x");
  REQUIRE(deck.cards.size() == 4);
  CHECK(deck.cards[1].line == 15);
  CHECK(deck.cards[3].line == 29);
  // A TOML error in the fourth card, and a rule broken there.
  const std::size_t at = text.rfind("answer = 1");
  CHECK(limit_failure(text.substr(0, at) + "answer = = 1" + text.substr(at + 10)).line == 34);
  const LimitFailure failure =
      limit_failure(text.substr(0, at) + "answer = 3" + text.substr(at + 10));
  CHECK(failure.line == 34);
  CHECK(failure.field == "cards[4].answer");
}

TEST_CASE("deck_parser_limits: echoed values are escaped and cut short", "[core][deck_parser]") {
  const LimitFailure id = limit_failure(deck_with() + "[[cards]]\nid = \"\\u001b[2J" +
                                        std::string(10'000, 'x') + "\"\n");
  CHECK_THAT(id.what, Catch::Contains("got \"\\u001b[2Jxxx"));
  CHECK(id.what.size() < 300);
  const LimitFailure key = limit_failure(deck_with() + "\"\\u001b]0;x\\u0007\" = 1\n");
  CHECK(key.field == "cards[1].\"\\u001b]0;x\\u0007\"");
}

}  // namespace kioku
