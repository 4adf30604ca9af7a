// Text from outside (a deck id, a method name, a time from a replay line) made safe to show
// inside a one-line message: a NUL no longer ends the message early where it is read as a C
// string, and no control character reaches a terminal.
#pragma once

#include <string>
#include <string_view>

namespace kioku {

// `text` with every control character written as an escape: "\n", "\r", "\t" and "\u001b"
// style for the other C0 characters and DEL, and for the C1 characters U+0080-U+009F. All
// other bytes, invalid UTF-8 included, are kept as they are.
std::string escape_controls(std::string_view text);

}  // namespace kioku
