// Rich text to its wire form and back (protocol/rich_text_types.hpp).
#pragma once

#include "core/rich_text.hpp"
#include "protocol/rich_text_types.hpp"

namespace kioku::protocol {

RichTextView rich_text_view(const RichText& text);

// What a client shows of a view from the wire, which it does not trust: a block kind, span style
// or mark it does not know reads as a paragraph, text, or no mark; a level outside
// 0..kMaxListLevel and a number outside an int are brought inside; a hint on a span that is not
// a blank is dropped. Never throws but for std::bad_alloc.
RichText rich_text_from_view(const RichTextView& view);

}  // namespace kioku::protocol
