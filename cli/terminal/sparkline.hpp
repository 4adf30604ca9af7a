// Counts drawn as one line of Unicode block characters (▁▂▃▄▅▆▇█), one character a count: the
// forecast and the hourly breakdown of the stats dashboard.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kioku::cli {

// The level (0-8) `count` is drawn at when `largest` is the largest count of the line: 0 for a
// count of 0 or less, else ⌈8 × count / largest⌉, so that any count above 0 shows (at least ▁)
// and only the largest reaches █.
int sparkline_level(std::int64_t count, std::int64_t largest) noexcept;

// The character of a level: " " for 0, "▁" for 1 … "█" for 8.
const char* sparkline_character(int level) noexcept;

// `counts` as a sparkline, each one column wide, scaled to the largest of them.
std::string sparkline(const std::vector<std::int64_t>& counts);

}  // namespace kioku::cli
