// Display width of UTF-8 text in a terminal (CJK characters take two columns) and wrapping to
// a width, so Japanese and English cards both wrap cleanly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/unicode.hpp"

namespace kioku::cli {

// Columns `text` occupies (core/unicode.hpp); invalid UTF-8 bytes count as one column each.
using kioku::display_width;

// Splits `text` into lines of at most `width` columns (under 10 taken as 10), never inside a
// grapheme cluster, by line_breaking.hpp's rules: Latin text breaks at spaces, wide characters
// between any two where Japanese line-breaking rules allow; explicit newlines are kept.
std::vector<std::string> wrap_text(std::string_view text, int width);

// `text` cut to at most `width` columns (at a grapheme cluster's boundary), with "…" when cut.
std::string truncate_to_width(std::string_view text, int width);

// `text` filled with spaces to `width` columns: after it (aligned left) or before it (aligned
// right); as it is when it is that wide already.
std::string pad_after(std::string_view text, int width);
std::string pad_before(std::string_view text, int width);

}  // namespace kioku::cli
