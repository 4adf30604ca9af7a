// ⌈levels × count / largest⌉ without computing levels × count, which overflows for large counts.
#include "cli/terminal/scaled_level.hpp"

#include <algorithm>

namespace kioku::cli {

int scaled_level(std::int64_t count, std::int64_t largest, int levels) noexcept {
  if (count <= 0 || largest <= 0 || levels <= 0) return 0;
  count = std::min(count, largest);
  // The first level whose share of largest, ⌊level × largest / levels⌋, reaches count. With
  // largest = levels × whole + rest, that share is level × whole + ⌊level × rest / levels⌋:
  // neither term exceeds largest.
  const std::int64_t whole = largest / levels;
  const std::int64_t rest = largest % levels;
  for (int level = 1; level < levels; ++level) {
    if (count <= level * whole + level * rest / levels) return level;
  }
  return levels;
}

}  // namespace kioku::cli
