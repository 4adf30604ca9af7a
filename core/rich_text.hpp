// A card side's text with its structure: blocks (paragraphs, code, list items) of styled spans,
// with room for a cloze blank and a revealed deletion. Terminal-free: the CLI turns it into
// lines (cli/terminal/rich_text_terminal.hpp), and later outputs (HTML statistics, export) read
// the same values. Field text becomes one by core/field_markup.hpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kioku {

struct Span {
  enum class Kind {
    kText,      // text as written
    kBlank,     // a cloze deletion the card asks for, hidden: shows `hint`, or "..." without one
    kRevealed,  // the answer side's asked deletion, shown
  };
  Kind kind = Kind::kText;
  // kText and kRevealed; a "\n" in it is a line break kept from the field's text.
  std::string text;
  std::optional<std::string> hint;  // kBlank only; none: Anki's "..."
  // Marks that apply to the span whatever its kind (a blank inside emphasis is emphasised too).
  bool emphasis = false;
  bool strong = false;
  bool code = false;  // inline code; never set inside a code block, whose kind says it already

  bool operator==(const Span&) const = default;
};

struct Block {
  enum class Kind {
    kParagraph,
    kCode,          // a fenced code block: its spans are text as written, line breaks kept
    kBulletItem,    // "- " or "* "
    kNumberedItem,  // "1. " or "1) "
  };
  Kind kind = Kind::kParagraph;
  std::vector<Span> spans;
  // List items: how deep in nested lists, from 0 (at most kMaxListLevel).
  int level = 0;
  // Numbered items: the number as written (a list may start at 3, or count 1, 1, 1).
  int number = 0;
  // Code blocks: the first word after the opening fence ("cpp"), empty when none was written.
  std::string language;

  bool operator==(const Block&) const = default;
};

inline constexpr int kMaxListLevel = 8;

struct RichText {
  std::vector<Block> blocks;

  bool empty() const noexcept { return blocks.empty(); }
  bool operator==(const RichText&) const = default;
};

// The text of the spans of every block, a blank as its hint in brackets ("[...]" without one):
// for tests, logs and search, where styles do not matter.
std::string rich_text_plain(const RichText& text);

}  // namespace kioku
