// Tests for place_in_string_literal: where a byte of a string's text is written in the TOML
// source, through each kind of string literal, escapes and line continuations.
#include "core/deck_parser_source.hpp"

#include <catch2/catch.hpp>
#include <string>

namespace kioku {
namespace {

// The place of byte `offset` of the text of the literal that starts at column 5 of line 1.
SourcePlace place_of(const std::string& literal, std::size_t offset) {
  return place_in_string_literal("k = " + literal + "\n", {1, 5}, offset);
}

void check_place(const SourcePlace& place, int line, int column) {
  CHECK(place.line == line);
  CHECK(place.column == column);
}

TEST_CASE("deck_parser_source: a basic string without escapes", "[core][deck_parser_source]") {
  check_place(place_of(R"("abc")", 0), 1, 6);
  check_place(place_of(R"("abc")", 2), 1, 8);
  // Past the text: the closing quote.
  check_place(place_of(R"("abc")", 3), 1, 9);
}

TEST_CASE("deck_parser_source: escapes take their written length", "[core][deck_parser_source]") {
  // Text: `"x` then é (two bytes, from \u00e9) then `y`.
  const std::string literal = R"("\"x\u00e9y")";
  check_place(place_of(literal, 0), 1, 6);   // \"
  check_place(place_of(literal, 1), 1, 8);   // x
  check_place(place_of(literal, 2), 1, 9);   // the backslash of \u00e9
  check_place(place_of(literal, 3), 1, 9);   // its second byte: the same escape
  check_place(place_of(literal, 4), 1, 15);  // y
  check_place(place_of(R"("\U0001F600z")", 4), 1, 16);
}

TEST_CASE("deck_parser_source: columns count characters", "[core][deck_parser_source]") {
  // 東 and 京 are three bytes each, one column each.
  check_place(place_of("\"東京x\"", 6), 1, 8);
  check_place(place_of("'東京x'", 3), 1, 7);
}

TEST_CASE("deck_parser_source: a literal string has no escapes", "[core][deck_parser_source]") {
  check_place(place_of(R"('a\nb')", 2), 1, 8);
}

TEST_CASE("deck_parser_source: a multi-line string drops its first newline",
          "[core][deck_parser_source]") {
  const std::string literal = "\"\"\"\nab\ncd\"\"\"";
  check_place(place_of(literal, 0), 2, 1);
  check_place(place_of(literal, 3), 3, 1);
  check_place(place_of(literal, 4), 3, 2);
  check_place(place_of("'''\r\nab'''", 1), 2, 2);
  // Only the first newline is dropped: a CRLF after it is the text's own first line break
  // (one byte of text, as toml++ reads it), and "a" starts the line after.
  check_place(place_of("\"\"\"\n\r\nab\"\"\"", 1), 3, 1);
  // Without a newline after the quotes, the text starts right there.
  check_place(place_of("'''ab\ncd'''", 1), 1, 9);
}

TEST_CASE("deck_parser_source: a line continuation gives no text", "[core][deck_parser_source]") {
  // Text "ab cd": the backslash, the line break and the blanks before c are dropped.
  const std::string literal = "\"\"\"ab \\\n    cd\"\"\"";
  check_place(place_of(literal, 2), 1, 10);  // the blank before the backslash
  check_place(place_of(literal, 3), 2, 5);   // c
}

TEST_CASE("deck_parser_source: quotes before the closing three are text",
          "[core][deck_parser_source]") {
  // Text `a""`: the two quotes right before the closing three belong to it.
  check_place(place_of("\"\"\"a\"\"\"\"\"", 2), 1, 10);
  check_place(place_of("\"\"\"a\"\"\"\"\"", 3), 1, 11);
}

TEST_CASE("deck_parser_source: no string at the place leaves it as it is",
          "[core][deck_parser_source]") {
  check_place(place_in_string_literal("k = 12\n", {1, 5}, 1), 1, 5);
  check_place(place_in_string_literal("k = \"a\"\n", {9, 5}, 1), 9, 5);
}

}  // namespace
}  // namespace kioku
