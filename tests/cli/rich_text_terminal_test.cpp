// A card side as the review screen's lines (cli/terminal/rich_text_terminal.hpp): layout,
// widths with Japanese text, styles with and without colour, and nothing from a deck reaching
// the terminal as a control.
#include "cli/terminal/rich_text_terminal.hpp"

#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "cli/terminal/text_width.hpp"
#include "core/field_markup.hpp"
#include "protocol/rich_text_view.hpp"

namespace kioku::cli {
namespace {

using Lines = std::vector<std::string>;

const Style kPlain{false};
const Style kColour{true};

protocol::RichTextView view_of(std::string_view markup,
                               const std::vector<MarkupInsert>& inserts = {}) {
  return protocol::rich_text_view(parse_field_markup(markup, inserts));
}

Lines lines_of(std::string_view markup, int width = 40, const Style& style = kPlain,
               const std::vector<MarkupInsert>& inserts = {}) {
  return rich_text_lines(view_of(markup, inserts), width, style);
}

Span blank(std::optional<std::string> hint = std::nullopt) {
  Span span;
  span.kind = Span::Kind::kBlank;
  span.hint = std::move(hint);
  return span;
}

Span revealed(std::string text) {
  Span span;
  span.kind = Span::Kind::kRevealed;
  span.text = std::move(text);
  return span;
}

// The line without our SGR sequences, as the terminal shows it.
std::string visible_text(const std::string& line) {
  return std::regex_replace(line, std::regex("\033\\[[0-9;]*m"), "");
}

// `line` without the SGR sequences kioku itself writes (bold 1, italic 3, yellow 33, cyan 36, in
// any combination, and the reset 0): any other escape left is one that came from the deck.
std::string without_kioku_styles(const std::string& line) {
  return std::regex_replace(line, std::regex("\033\\[(0|(1|3|33|36)(;(1|3|33|36))*)m"), "");
}

TEST_CASE("rich text terminal: paragraphs apart, list items together, code indented",
          "[cli][rich-text]") {
  CHECK(lines_of("first\nline\n\nsecond") == Lines{"first", "line", "", "second"});
  CHECK(lines_of("intro\n- one\n  - nested\n2. two\n\n```\ncode *x*\n```") ==
        Lines{"intro", "", "- one", "  - nested", "2. two", "", "    code *x*"});
  CHECK(lines_of("").empty());
}

TEST_CASE("rich text terminal: wrapping keeps a list item's text under its first word",
          "[cli][rich-text]") {
  CHECK(lines_of("- the quick brown fox jumps over", 20) ==
        Lines{"- the quick brown", "  fox jumps over"});
  CHECK(lines_of("10. the quick brown fox jumps over", 20) ==
        Lines{"10. the quick brown", "    fox jumps over"});
  // Styles change inside a line and a line breaks inside a style.
  CHECK(lines_of("the *quick brown fox* jumps", 12) == Lines{"the quick", "brown fox", "jumps"});
}

TEST_CASE("rich text terminal: Japanese text wraps at two columns a character",
          "[cli][rich-text]") {
  const Lines lines = lines_of("- 日本語の**文章**はどこでも折り返せますが幅は二列です", 20);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "- 日本語の文章はどこ");
  CHECK(lines[1] == "  でも折り返せますが");
  for (const std::string& line : lines) {
    INFO(line);
    CHECK(display_width(line) <= 20);
  }
  for (const std::string& line :
       lines_of("漢字とEnglish *mixed* かな交じり文の**強調**", 16, kColour)) {
    INFO(line);
    CHECK(display_width(visible_text(line)) <= 16);
  }
}

TEST_CASE("rich text terminal: without colour, blanks and revealed deletions in brackets",
          "[cli][rich-text]") {
  CHECK(lines_of("The ? is *the* ?.", 40, kPlain, {{4, blank()}, {15, blank("organelle")}}) ==
        Lines{"The [...] is the [organelle]."});
  // A revealed deletion split by its own marks is bracketed once.
  CHECK(lines_of("We are ?.", 40, kPlain, {{7, revealed("*Homo* sapiens")}}) ==
        Lines{"We are [Homo sapiens]."});
  CHECK(lines_of("a `b` **c**", 40, kPlain) == Lines{"a b c"});
}

TEST_CASE("rich text terminal: with colour, each style its SGR and a reset", "[cli][rich-text]") {
  CHECK(lines_of("*e* **s** `c` ? ?", 40, kColour, {{14, blank()}, {16, revealed("r")}}) ==
        Lines{"\033[3me\033[0m \033[1ms\033[0m \033[33mc\033[0m \033[1;36m[...]\033[0m "
              "\033[1;36mr\033[0m"});
  CHECK(lines_of("```\nx\n```", 40, kColour) == Lines{"    \033[33mx\033[0m"});
  // A style broken over two lines is reset at the end of the first and set again.
  CHECK(lines_of("**bold words here**", 10, kColour) ==
        Lines{"\033[1mbold words\033[0m", "\033[1mhere\033[0m"});
}

TEST_CASE("rich text terminal: a tab in code is four columns, an empty hint shows \"...\"",
          "[cli][rich-text]") {
  CHECK(lines_of("```\n\tindented\n```") == Lines{"        indented"});
  CHECK(lines_of("? and ?", 40, kPlain, {{0, blank("")}, {6, blank("日本")}}) ==
        Lines{"[...] and [日本]"});
}

TEST_CASE("rich text terminal: no escape from the deck passes through", "[cli][rich-text]") {
  const std::string hostile =
      "title \x1b]0;owned\x07 csi \xc2\x9b"
      "2J cr \r bidi \u202e txt \x1b[31mred";
  const std::vector<MarkupInsert> inserts{{0, blank("\n\x1b[2Jhint")}};
  const std::string markup =
      "? " + hostile + "\n\n- `" + hostile + "`\n\n```\n" + hostile + "\n```";
  for (const Style& style : {kPlain, kColour}) {
    for (const std::string& line : lines_of(markup, 30, style, inserts)) {
      INFO(line);
      CHECK(line.find('\r') == std::string::npos);
      CHECK(line.find("\xc2\x9b") == std::string::npos);
      CHECK(line.find("\u202e") == std::string::npos);
      // Only kioku's own SGR sequences: none of the deck's.
      CHECK(without_kioku_styles(line).find('\x1b') == std::string::npos);
      if (!style.enabled) CHECK(line.find('\x1b') == std::string::npos);
    }
  }
  // The escapes show as text.
  CHECK(lines_of("a\x1b[31mb", 40) == Lines{"a\\u001b[31mb"});
}

TEST_CASE("rich text terminal: a view with words it does not know still shows",
          "[cli][rich-text]") {
  protocol::RichTextView view;
  view.blocks.push_back(protocol::BlockView{"table", {{"sparkle", "shown", {}, {}}}, {}, {}, {}});
  CHECK(rich_text_lines(view, 40, kPlain) == Lines{"shown"});
}

}  // namespace
}  // namespace kioku::cli
