// Every control sequence the full-screen review writes, in one place: the xterm alternate
// screen, the cursor, erasing. No terminfo: these are the ECMA-48 and xterm sequences every
// terminal kioku meets (xterm, VTE, kitty, tmux, screen, the Linux console) understands alike
// (docs/review-screen.md).
#pragma once

#include <string>

namespace kioku::cli::escapes {

// The alternate screen with the cursor saved (1049), the cursor hidden, the screen cleared.
inline constexpr const char* kEnterFullScreen = "\033[?1049h\033[?25l\033[H\033[2J";
// The cursor shown again, the styles reset and the normal screen back as it was.
inline constexpr const char* kLeaveFullScreen = "\033[0m\033[?25h\033[?1049l";
// Erases from the cursor to the end of its line.
inline constexpr const char* kEraseLineEnd = "\033[K";
// Erases from the cursor to the end of the screen.
inline constexpr const char* kEraseScreenEnd = "\033[J";

// Moves the cursor to `row` and `column`, both counted from 0.
inline std::string cursor_to(int row, int column) {
  return "\033[" + std::to_string(row + 1) + ";" + std::to_string(column + 1) + "H";
}

}  // namespace kioku::cli::escapes
