// The longest run of consecutive days.
#include "core/longest_streak.hpp"

#include <algorithm>

namespace kioku {

std::int64_t longest_streak(std::span<const std::int64_t> reviewed_days) noexcept {
  std::int64_t longest = 0;
  std::int64_t run = 0;
  for (std::size_t index = 0; index < reviewed_days.size(); ++index) {
    const bool continues = index > 0 && reviewed_days[index] == reviewed_days[index - 1] + 1;
    run = continues ? run + 1 : 1;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace kioku
