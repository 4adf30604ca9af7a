// Text from the collection (a deck's name, a date, anything the daemon sends) made safe to put in
// an HTML document, in element content and in quoted attribute values alike. The report is a
// file someone opens in a browser: a deck named "<script>" must stay text there.
#pragma once

#include <string>
#include <string_view>

namespace kioku::cli {

// `text` as HTML: first as safe_line makes it (controls and bidirectional overrides written as
// visible escapes, bytes that are not UTF-8 as U+FFFD), then &, <, >, " and ' as character
// references. The one escape every text of the HTML report goes through.
std::string html_text(std::string_view text);

}  // namespace kioku::cli
