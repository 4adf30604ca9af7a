// A text as a TOML basic string for the files kioku writes and reads back (config.toml, an
// exported deck file): always one line, so what is read back is exactly what was written (no
// multi-line string trims a first newline or keeps a CR).
#pragma once

#include <string>
#include <string_view>

namespace kioku {

// `text` between double quotes: '"' and '\\' escaped with '\\', control characters (DEL
// included) as escapes ("\n", "\r", "\t", else "\u001b"). Other bytes are kept as they are.
std::string toml_string(std::string_view text);

}  // namespace kioku
