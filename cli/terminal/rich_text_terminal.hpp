// A card side from the wire (protocol/rich_text_types.hpp) as the lines the review screen
// prints: wrapped to the terminal's width, styled with SGR when colour is on.
#pragma once

#include <string>
#include <vector>

#include "cli/terminal/terminal.hpp"
#include "protocol/rich_text_types.hpp"

namespace kioku::cli {

// The lines of `text`, none wider than `width` columns (East Asian wide characters take two)
// unless `width` is narrower than a list's indentation and 10 columns of text. Paragraphs and
// code blocks are parted by an empty line, list items are not; items are indented two columns
// a level, after "- " or their number, and code four columns. With `style.enabled`, emphasis
// is italic, strong bold, code yellow, a blank ("[...]", or "[hint]") and a revealed deletion
// bold cyan; with it off, a revealed deletion is in brackets too. Every piece of text goes
// through safe_text first: nothing in the deck reaches the terminal as a control.
std::vector<std::string> rich_text_lines(const protocol::RichTextView& text, int width,
                                         const Style& style);

}  // namespace kioku::cli
