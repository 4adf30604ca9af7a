// The markup a note's field may use (core/field_markup.hpp, docs/field-markup.md): blocks,
// inline marks, escapes, and the inserts a cloze side sets into the text.
#include "core/field_markup.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tests/core/rich_text_of.hpp"

namespace kioku {
namespace {

using Blocks = std::vector<Block>;
using Spans = std::vector<Span>;

Blocks blocks_of(std::string_view text) {
  return parse_field_markup(text).blocks;
}

Spans spans_of(std::string_view text) {
  const Blocks blocks = blocks_of(text);
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].kind == Block::Kind::kParagraph);
  return blocks[0].spans;
}

TEST_CASE("field markup: no text, no blocks", "[core][field-markup]") {
  CHECK(blocks_of("").empty());
  CHECK(blocks_of(" \n\t\n\r\n").empty());
}

TEST_CASE("field markup: a blank line parts paragraphs, a single newline is a line break",
          "[core][field-markup]") {
  CHECK(blocks_of("one\ntwo\n\n\nthree") ==
        Blocks{paragraph({text_span("one\ntwo")}), paragraph({text_span("three")})});
  // Windows line ends and the indentation of a line are not shown.
  CHECK(blocks_of("one\r\n   two\r\n") == Blocks{paragraph({text_span("one\ntwo")})});
}

TEST_CASE("field markup: emphasis, strong and both", "[core][field-markup]") {
  CHECK(spans_of("an *emphasised* word") ==
        Spans{text_span("an "), emphasis_span("emphasised"), text_span(" word")});
  CHECK(spans_of("_also_ this") == Spans{emphasis_span("also"), text_span(" this")});
  CHECK(spans_of("a **strong** and __strong__") ==
        Spans{text_span("a "), strong_span("strong"), text_span(" and "), strong_span("strong")});
  CHECK(spans_of("***both***") == Spans{with_strong(emphasis_span("both"))});
  CHECK(spans_of("**strong *and emphasised* too**") ==
        Spans{strong_span("strong "), with_strong(emphasis_span("and emphasised")),
              strong_span(" too")});
  // CommonMark's rule of three: the single runs pair, the double one inside is text.
  CHECK(spans_of("*foo**bar*") == Spans{emphasis_span("foo**bar")});
  CHECK(spans_of("*foo**bar**baz*") ==
        Spans{emphasis_span("foo"), with_strong(emphasis_span("bar")), emphasis_span("baz")});
}

TEST_CASE("field markup: marks that do not pair show as written", "[core][field-markup]") {
  CHECK(spans_of("*open") == Spans{text_span("*open")});
  CHECK(spans_of("**strong*") == Spans{text_span("*"), emphasis_span("strong")});
  CHECK(spans_of("a * b * c") == Spans{text_span("a * b * c")});
  CHECK(spans_of("**") == Spans{text_span("**")});
  // An underscore inside a word is part of it (snake_case names), an asterisk is not.
  CHECK(spans_of("snake_case_name") == Spans{text_span("snake_case_name")});
  CHECK(spans_of("un*frigging*believable") ==
        Spans{text_span("un"), emphasis_span("frigging"), text_span("believable")});
  // Runs between a pair cannot pair across it.
  CHECK(spans_of("*a _b* c_") == Spans{emphasis_span("a _b"), text_span(" c_")});
}

TEST_CASE("field markup: Japanese emphasis closes before kana and after brackets",
          "[core][field-markup]") {
  CHECK(spans_of("**「強調」**です") == Spans{strong_span("「強調」"), text_span("です")});
  CHECK(spans_of("日本語の*強調*テキスト") ==
        Spans{text_span("日本語の"), emphasis_span("強調"), text_span("テキスト")});
  // The ideographic space is whitespace: no emphasis opens before it.
  CHECK(spans_of("*\u3000いいえ*") == Spans{text_span("*\u3000いいえ*")});
}

TEST_CASE("field markup: inline code is read as written", "[core][field-markup]") {
  CHECK(spans_of("call `f(*a*, _b_)` now") ==
        Spans{text_span("call "), code_span("f(*a*, _b_)"), text_span(" now")});
  CHECK(spans_of("`` a`b ``") == Spans{code_span("a`b")});
  CHECK(spans_of("` `` `") == Spans{code_span("``")});
  CHECK(spans_of("`one\ntwo`") == Spans{code_span("one two")});
  // Backticks that never close are text, and the rest is read as usual.
  CHECK(spans_of("a ``b` *c*") == Spans{text_span("a ``b` "), emphasis_span("c")});
  CHECK(spans_of("*`code` in emphasis*") ==
        Spans{with_emphasis(code_span("code")), emphasis_span(" in emphasis")});
}

TEST_CASE("field markup: a backslash escapes ASCII punctuation only", "[core][field-markup]") {
  CHECK(spans_of("\\*not emphasis\\*") == Spans{text_span("*not emphasis*")});
  CHECK(spans_of("\\`not code\\`") == Spans{text_span("`not code`")});
  CHECK(spans_of("C:\\path\\to") == Spans{text_span("C:\\path\\to")});
  CHECK(spans_of("\\\\*em*") == Spans{text_span("\\"), emphasis_span("em")});
  CHECK(spans_of("end\\") == Spans{text_span("end\\")});
  CHECK(blocks_of("\\- not a list") == Blocks{paragraph({text_span("- not a list")})});
}

TEST_CASE("field markup: HTML is text", "[core][field-markup]") {
  CHECK(spans_of("<b>bold</b> &amp; <script>x</script>") ==
        Spans{text_span("<b>bold</b> &amp; <script>x</script>")});
}

TEST_CASE("field markup: fenced code blocks keep their text and name their language",
          "[core][field-markup]") {
  CHECK(blocks_of("before\n```cpp extra words\nint *p = *q;\n\n  indented\n```\nafter") ==
        Blocks{paragraph({text_span("before")}),
               code_block("cpp", {text_span("int *p = *q;\n\n  indented")}),
               paragraph({text_span("after")})});
  CHECK(blocks_of("~~~~\n```\nstill code\n~~~~") ==
        Blocks{code_block("", {text_span("```\nstill code")})});
  // An unclosed fence runs to the end of the text, as in CommonMark.
  CHECK(blocks_of("```\nopen") == Blocks{code_block("", {text_span("open")})});
  CHECK(blocks_of("```\n```") == Blocks{code_block("", {})});
  // A fence's indentation is taken off its lines.
  CHECK(blocks_of("  ```\n  a\n    b\n  ```") == Blocks{code_block("", {text_span("a\n  b")})});
  // Backticks in a backtick fence's info string make the line text.
  CHECK(blocks_of("``` a`b") == Blocks{paragraph({text_span("``` a`b")})});
}

TEST_CASE("field markup: bullet and numbered items, nested by indentation",
          "[core][field-markup]") {
  CHECK(blocks_of("- one\n* two\n  - nested *em*\n    1. deeper\n  - back\n3. three\n4) four") ==
        Blocks{bullet(0, {text_span("one")}), bullet(0, {text_span("two")}),
               bullet(1, {text_span("nested "), emphasis_span("em")}),
               numbered(2, 1, {text_span("deeper")}), bullet(1, {text_span("back")}),
               numbered(0, 3, {text_span("three")}), numbered(0, 4, {text_span("four")})});
  // A line after an item goes on with it; a blank line ends it.
  CHECK(blocks_of("- item\n  goes on\n\nparagraph") ==
        Blocks{bullet(0, {text_span("item\ngoes on")}), paragraph({text_span("paragraph")})});
  // Lists go on across blank lines.
  CHECK(blocks_of("- a\n\n  - b") ==
        Blocks{bullet(0, {text_span("a")}), bullet(1, {text_span("b")})});
  CHECK(blocks_of("- ") == Blocks{bullet(0, {})});
}

TEST_CASE("field markup: what is not a list marker is text", "[core][field-markup]") {
  CHECK(blocks_of("-not an item") == Blocks{paragraph({text_span("-not an item")})});
  CHECK(blocks_of("*emphasis* first") ==
        Blocks{paragraph({emphasis_span("emphasis"), text_span(" first")})});
  CHECK(blocks_of("1234567890. too long") ==
        Blocks{paragraph({text_span("1234567890. too long")})});
  // Inside a paragraph only a bullet or a "1." starts a list: a year ending a sentence stays.
  CHECK(blocks_of("It ended in\n1945. Then\n- a bullet") ==
        Blocks{paragraph({text_span("It ended in\n1945. Then")}),
               bullet(0, {text_span("a bullet")})});
  CHECK(blocks_of("Steps:\n1. first") ==
        Blocks{paragraph({text_span("Steps:")}), numbered(0, 1, {text_span("first")})});
}

TEST_CASE("field markup: nesting stops at the deepest level", "[core][field-markup]") {
  std::string text;
  for (int level = 0; level < 20; ++level) text += std::string(level * 2, ' ') + "- item\n";
  const Blocks blocks = blocks_of(text);
  REQUIRE(blocks.size() == 20);
  CHECK(blocks[kMaxListLevel].level == kMaxListLevel);
  CHECK(blocks.back().level == kMaxListLevel);
}

TEST_CASE("field markup: inserts sit in their paragraph and take its marks",
          "[core][field-markup]") {
  const std::vector<MarkupInsert> inserts{{3, blank_span("hint")}, {11, revealed_span("*x*")}};
  CHECK(parse_field_markup("*a ? b*\n\n- ? c", inserts).blocks ==
        Blocks{paragraph(
                   {emphasis_span("a "), with_emphasis(blank_span("hint")), emphasis_span(" b")}),
               bullet(0, {with_emphasis(revealed_span("x")), text_span(" c")})});
  // An insert past the end or out of order is left out; its byte stays text.
  const std::vector<MarkupInsert> wrong{{2, blank_span()}, {1, blank_span()}, {99, blank_span()}};
  CHECK(parse_field_markup("abc", wrong).blocks ==
        Blocks{paragraph({text_span("ab"), blank_span()})});
}

TEST_CASE("field markup: bytes that are not UTF-8 pass through", "[core][field-markup]") {
  CHECK(spans_of("\xff*\xfe*") == Spans{text_span("\xff"), emphasis_span("\xfe")});
}

}  // namespace
}  // namespace kioku
