// The small Markdown a note's field may be written in, read into rich text (core/rich_text.hpp):
// paragraphs, line breaks, emphasis, strong, inline code, fenced code blocks, bullet and
// numbered lists, backslash escapes. docs/field-markup.md gives the rules with examples; HTML is
// not read, it is text like any other.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "core/rich_text.hpp"

namespace kioku {

// A piece a caller sets into the flow of a field's text that is not the text's own: a cloze
// side's blank or revealed deletion, which must sit inside the paragraph and the emphasis around
// it. It stands at one byte of the text, which is read as a letter whatever it is.
struct MarkupInsert {
  std::size_t offset = 0;
  // Shown with the marks of where it stands. A kRevealed span's text has its own markup read
  // (its marks pair only inside it) unless it stands in code; other spans show as they are.
  Span span;
};

// `text` (any bytes; not UTF-8 passes through for the terminal to show safely) as rich text.
// Never throws but for std::bad_alloc; linear in the size of the text (a code span's closing
// backticks are looked up, not searched for); nothing recurses with the text's nesting.
RichText parse_field_markup(std::string_view text);

// The same with `inserts` set in, in the order of their offsets; one whose offset is past the
// text or not after the one before it is left out.
RichText parse_field_markup(std::string_view text, std::span<const MarkupInsert> inserts);

}  // namespace kioku
