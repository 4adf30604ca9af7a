// Rich text on the wire (core/rich_text.hpp): a card side as blocks of styled spans, with
// kinds, styles and marks as words so that any client can read it. review.next sends each side
// as one. A client meeting a word it does not know shows the block as a paragraph and the span
// as text, so new kinds can come without breaking old clients (protocol/rich_text_view.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct SpanView {
  std::string style;  // "text", "blank" (a cloze deletion asked for) or "revealed" (shown)
  std::string text;   // empty for a blank
  // A blank's hint; left out for a blank without one, which shows Anki's "...".
  Omissible<std::string> hint;
  // "emphasis", "strong", "code"; left out when there are none.
  Omissible<std::vector<std::string>> marks;
};
BOOST_DESCRIBE_STRUCT(SpanView, (), (style, text, hint, marks))

struct BlockView {
  std::string kind;  // "paragraph", "code", "bullet" or "numbered"
  std::vector<SpanView> spans;
  Omissible<std::int64_t> level;    // bullet and numbered items: nesting, from 0
  Omissible<std::int64_t> number;   // numbered items: the number as written
  Omissible<std::string> language;  // code blocks with a language after the fence
};
BOOST_DESCRIBE_STRUCT(BlockView, (), (kind, spans, level, number, language))

struct RichTextView {
  std::vector<BlockView> blocks;
};
BOOST_DESCRIBE_STRUCT(RichTextView, (), (blocks))

}  // namespace kioku::protocol
