// The inline half of field markup (core/field_markup.hpp): one block's text into spans. The
// block half has taken off list markers and indentation and joined the block's lines with "\n".
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "core/field_markup.hpp"
#include "core/rich_text.hpp"

namespace kioku {

// Escapes, code spans and emphasis in `text`; `inserts` are valid (ascending offsets inside the
// text). Adjacent spans of the same kind and marks are joined; no span of text is empty.
std::vector<Span> parse_inline_markup(std::string_view text, std::span<const MarkupInsert> inserts);

// A code block's text: as written, with only the inserts set in (a revealed one as written too).
std::vector<Span> code_block_spans(std::string_view text, std::span<const MarkupInsert> inserts);

// Appends `span`, joined to the last one when both are text or both revealed with the same marks.
// An empty text or revealed span is left out.
void append_span(std::vector<Span>& spans, Span span);

}  // namespace kioku
