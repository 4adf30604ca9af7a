// Tests for the scan that bounds what toml++ builds from a deck file: how it splits the file,
// how it counts depth, values and dotted-key parts, and each limit just within and just past.
#include "core/deck_parser_shape.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "core/deck_parser_limits.hpp"
#include "core/error.hpp"
#include "tests/support/deck_texts.hpp"

namespace kioku {
namespace {

using test::dotted_key;
using test::repeated;

constexpr const char* kDeckFile = "decks/x.toml";

struct Refusal {
  int line = -1;
  std::string field;
  std::string what;
};

Refusal refusal(const std::string& text) {
  try {
    scan_deck_layout(text, kDeckFile);
  } catch (const InputError& error) {
    return {error.line(), error.field(), error.what()};
  }
  FAIL("the scan accepted the text");
  return {};
}

int depth_of(const std::string& text) {
  const DeckFileLayout layout = scan_deck_layout(text, kDeckFile);
  int depth = layout.head.shape.depth;
  for (const DeckFilePart& part : layout.entries) depth = std::max(depth, part.shape.depth);
  return depth;
}

}  // namespace

TEST_CASE("deck_parser_shape: the file splits at its top-level array-of-tables headers",
          "[core][deck_parser_shape]") {
  const std::string text =
      "format = 1\n"
      "[deck]\n"
      "id = \"d\"\n"
      "\n"
      "[[cards]]\n"
      "question.en = \"\"\"\n"
      "[[cards]] inside a string\n"
      "\"\"\"\n"
      "choices.en = [\n"
      "  [[\"cards\"]],\n"
      "]\n"
      "# [[cards]] in a comment\n"
      "  [[cards]]  # indented\n"
      "id = 'x'\n";
  const DeckFileLayout layout = scan_deck_layout(text, kDeckFile);
  CHECK(layout.head.first_line == 1);
  CHECK(layout.head.text == "format = 1\n[deck]\nid = \"d\"\n\n");
  REQUIRE(layout.entries.size() == 2);
  CHECK(layout.entries[0].first_line == 5);
  CHECK(layout.entries[0].text.substr(0, 10) == "[[cards]]\n");
  CHECK(layout.entries[1].first_line == 13);
  CHECK(layout.entries[1].text == "[[cards]]  # indented\nid = 'x'\n");
}

TEST_CASE("deck_parser_shape: a file without array-of-tables headers is all head",
          "[core][deck_parser_shape]") {
  const std::string text = "cards = [{ id = \"a\" }, { id = \"b\" }]\n";
  const DeckFileLayout layout = scan_deck_layout(text, kDeckFile);
  CHECK(layout.head.text == text);
  CHECK(layout.entries.empty());
  // cards (1), the array's tables (2), id (3)
  CHECK(layout.head.shape.depth == 3);
}

TEST_CASE("deck_parser_shape: depth counts key parts - arrays - inline tables and headers",
          "[core][deck_parser_shape]") {
  struct Row {
    const char* text;
    int depth;
  };
  const auto row = GENERATE(values<Row>({
      {"a = 1", 1},
      {"a.b.c = 1", 3},
      {"a . b . c = 1", 3},
      {"\"a\".'b'.\"c.d.e\" = 1", 3},  // a '.' inside a quoted part is not a separator
      {"a = \"x.y.z\"", 1},
      {"a = 1.5", 1},
      {"a = [1.5, 2.5, [3.5]]", 3},
      {"a = { b.c = { d = [ { e = 1 } ] } }", 6},
      {"[a.b]\nc.d = 1", 6},  // a header counts two levels a part
      {"[[a.b]]\nc = [1]", 6},
      {"a = 1 # b.c.d.e = 2", 1},
      {"a = '''x.y\n''' # z.z.z", 1},
      {"a = \"\"\"\\\"\"\"\" \nb.c.d = 1", 3},  // an escaped quote does not end the string
      {"a = \"\"\"x\"\"\"\"\"\nb.c = 1", 2},    // the fourth and fifth quotes are the string's
      {"a = [\n  { b.c = 1 },\n  # d.d.d.d\n  { e = [ [ 1 ] ] },\n]", 5},
  }));
  INFO(row.text);
  CHECK(depth_of(row.text) == row.depth);
}

TEST_CASE("deck_parser_shape: each deep shape is refused just past the limit - naming its line",
          "[core][deck_parser_shape]") {
  // Each shape built for a depth: the text at kMaxTomlDepth passes, one step more is refused.
  struct Shape {
    const char* name;
    std::string (*at_depth)(int depth);  // a text on line 3 whose depth is `depth`
    int step = 1;                        // the depths the shape can have are multiples of it
  };
  const auto shape = GENERATE(values<Shape>({
      {"dotted key", [](int depth) { return dotted_key(depth) + " = 1"; }},
      {"quoted dotted key", [](int depth) { return dotted_key(depth, "\"a\"") + " = 1"; }},
      {"literal dotted key", [](int depth) { return dotted_key(depth, "'a'") + " = 1"; }},
      {"table header", [](int depth) { return "[" + dotted_key(depth / 2) + "]"; }, 2},
      {"array-of-tables header", [](int depth) { return "[[" + dotted_key(depth / 2) + "]]"; }, 2},
      {"dotted key in an inline table",
       [](int depth) { return "x = { " + dotted_key(depth - 1) + " = 1 }"; }},
      {"nested inline tables",
       [](int depth) {
         return "x = " + repeated("{ a = ", static_cast<std::size_t>(depth - 1)) + "1" +
                repeated(" }", static_cast<std::size_t>(depth - 1));
       }},
      {"nested arrays",
       [](int depth) {
         return "x = " + repeated("[", static_cast<std::size_t>(depth - 1)) +
                repeated("]", static_cast<std::size_t>(depth - 1));
       }},
      {"arrays of inline tables with dotted keys",
       [](int depth) {
         // x = [{a.a = [{a.a = ... }]}]: each round is three levels.
         std::string text = "x = ";
         int level = 1;
         int rounds = 0;
         while (level + 3 <= depth) {
           text += "[{a.a = ";
           level += 3;
           ++rounds;
         }
         text += dotted_key(depth - level) == "" ? "1" : "{" + dotted_key(depth - level) + " = 1}";
         return text + repeated("}]", static_cast<std::size_t>(rounds));
       }},
  }));
  INFO(shape.name);
  const std::string prefix = "format = 1\nlanguages = [\"en\"]\n";
  CHECK(depth_of(prefix + shape.at_depth(kMaxTomlDepth)) == kMaxTomlDepth);
  const Refusal deeper = refusal(prefix + shape.at_depth(kMaxTomlDepth + shape.step));
  CHECK(deeper.line == 3);
  CHECK_THAT(deeper.what, Catch::StartsWith("decks/x.toml:3: "));
  CHECK_THAT(deeper.what, Catch::Contains("nested more than 32 levels deep"));
}

TEST_CASE("deck_parser_shape: a deep key in a card names the card", "[core][deck_parser_shape]") {
  const std::string text =
      "format = 1\n[[cards]]\nid = \"a\"\n[[cards]]\nid = \"b\"\n" + dotted_key(50'000) + " = 1\n";
  const Refusal deeper = refusal(text);
  CHECK(deeper.line == 6);
  CHECK(deeper.field == "cards[2]");
}

TEST_CASE("deck_parser_shape: values in one part are limited", "[core][deck_parser_shape]") {
  // x (1) and its array (1) and its elements.
  const auto array_of = [](std::size_t elements) {
    return "x = [" + repeated("1", elements, ",") + "]\n";
  };
  const DeckFileLayout within = scan_deck_layout(array_of(kMaxTomlValuesPerPart - 2), kDeckFile);
  CHECK(within.head.shape.values == kMaxTomlValuesPerPart);
  const Refusal past = refusal(array_of(kMaxTomlValuesPerPart - 1));
  CHECK(past.line == 1);
  CHECK_THAT(past.what, Catch::Contains("more than 200000 values before the first [[cards]]"));
  // The count starts again in each part.
  const std::string two_parts = "[[cards]]\n" + array_of(kMaxTomlValuesPerPart / 2) +
                                "[[cards]]\n" + array_of(kMaxTomlValuesPerPart / 2);
  CHECK(scan_deck_layout(two_parts, kDeckFile).entries.size() == 2);
}

TEST_CASE("deck_parser_shape: dotted-key parts in one part are limited",
          "[core][deck_parser_shape]") {
  // One part before the last in each key: k1.a = 1
  const auto keys = [](std::size_t count) {
    std::string text = "[[cards]]\n";
    for (std::size_t i = 0; i < count; ++i) text += "k" + std::to_string(i) + ".a = 1\n";
    return text;
  };
  const DeckFileLayout within = scan_deck_layout(keys(kMaxDottedKeyPartsPerPart), kDeckFile);
  CHECK(within.entries.at(0).shape.dotted_key_parts == kMaxDottedKeyPartsPerPart);
  const Refusal past = refusal(keys(kMaxDottedKeyPartsPerPart + 1));
  CHECK(past.line == static_cast<int>(kMaxDottedKeyPartsPerPart) + 2);
  CHECK(past.field == "cards[1]");
  CHECK_THAT(past.what, Catch::Contains("more than 256 parts of dotted keys"));
}

TEST_CASE("deck_parser_shape: a deck holds at most kMaxCards cards", "[core][deck_parser_shape]") {
  const std::string cards = repeated("[[cards]]\n", kMaxCards);
  CHECK(scan_deck_layout(cards, kDeckFile).entries.size() == kMaxCards);
  const Refusal past = refusal(cards + "[[cards]]\n");
  CHECK(past.line == static_cast<int>(kMaxCards) + 1);
  CHECK_THAT(past.what, Catch::Contains("a deck holds at most 100000 cards"));
}

TEST_CASE("deck_parser_shape: broken TOML is left to toml++", "[core][deck_parser_shape]") {
  // Unterminated strings, stray brackets and quotes: the scan neither loops nor throws.
  for (const std::string text : {"a = \"", "a = '''", "a = \"\"\"\\", "]]]]}}}}", "a = [ { ", "[[",
                                 "= = =", "a = \"x\n[[b]]", "\"\"\"", "{{{{{{{{{{{{{", "a.\"b"}) {
    INFO(text);
    CHECK_NOTHROW(scan_deck_layout(text, kDeckFile));
  }
  // An unterminated single-line string ends with its line, as toml++ reads it.
  CHECK(scan_deck_layout("a = \"x\n[[b]]\n", kDeckFile).entries.size() == 1);
}

}  // namespace kioku
