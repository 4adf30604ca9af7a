// Text from the collection (or from whatever answers on the socket) made safe to write to a
// terminal. A deck imported before kioku refused control characters, a future importer of
// another format, or a hostile daemon could otherwise hand the terminal an ESC, a C1 CSI or a
// carriage return: redraw the review screen, set the window title, write the clipboard.
#pragma once

#include <string>
#include <string_view>

namespace kioku::cli {

// `text` for one line of output: every C0 control, DEL and C1 control (U+0080-U+009F), the
// bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), and the line
// and paragraph separators (U+2028, U+2029), written as an escape that shows: "\n", "\r", "\t",
// else "\u001b" style; a byte that is not UTF-8 as U+FFFD. Text without any of them comes back
// unchanged.
std::string safe_line(std::string_view text);

// The same for text shown over several lines (a question, an explanation): newlines (and U+2028,
// U+2029) are kept and a tab becomes four spaces, so that wrapping still counts every column.
std::string safe_text(std::string_view text);

// JSON text (as protocol::to_json_text writes it) for stdout: DEL, the C1 controls and the
// bidirectional controls inside its strings written as \u escapes, which JSON readers decode to
// the same characters. JSON already escapes the C0 controls.
std::string safe_json(std::string_view json_text);

}  // namespace kioku::cli
