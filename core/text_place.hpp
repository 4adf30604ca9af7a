// Where a byte of a field's text is, as an error tells a deck author: the byte offset, and the
// line and column an editor shows.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/bilingual_message.hpp"

namespace kioku {

struct TextPlace {
  std::size_t offset = 0;  // bytes from the start of the text
  int line = 0;            // from 1, counting '\n'; 0 when the error has no place
  int column = 0;  // from 1, in code points from the start of the line (a byte not UTF-8 is one)

  bool known() const noexcept { return line > 0; }
};

// The place of byte `offset` (at most text.size()) in `text`.
TextPlace text_place_at(std::string_view text, std::size_t offset) noexcept;

// "column 5: " or "line 2, column 5: " (in Japanese "5 列: ", "2 行 5 列: "); empty for a place
// not known.
BilingualMessage describe_text_place(const TextPlace& place);

}  // namespace kioku
