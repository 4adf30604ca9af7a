// The longest streak: the most consecutive scheduler days with at least one answer, ever (the
// current streak is core/streak.hpp's).
#pragma once

#include <cstdint>
#include <span>

namespace kioku {

// `reviewed_days`: the days with answers, in ascending order, each once (as a GROUP BY day of
// the roll-ups gives them). 0 when empty.
std::int64_t longest_streak(std::span<const std::int64_t> reviewed_days) noexcept;

}  // namespace kioku
