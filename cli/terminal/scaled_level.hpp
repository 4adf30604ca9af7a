// A count as one of a few levels of its line's largest count, rounded up: the heights of a
// sparkline and the shades of the heatmap.
#pragma once

#include <cstdint>

namespace kioku::cli {

// 0 for a count of 0 or less (or no largest), else ⌈levels × count / largest⌉ with count capped
// at largest: any count above 0 reaches level 1, only the largest reaches `levels`. Exact for
// every int64 (the counts come from the daemon's socket, so they may be anything).
int scaled_level(std::int64_t count, std::int64_t largest, int levels) noexcept;

}  // namespace kioku::cli
