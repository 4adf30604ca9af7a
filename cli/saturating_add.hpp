// Sums of counts from the daemon's socket, which the CLI does not trust: a hostile or broken
// daemon may send counts whose sum overflows int64, which is undefined behaviour.
#pragma once

#include <cstdint>
#include <limits>

namespace kioku::cli {

// a + b, or the int64 limit on the side it overflowed towards.
inline std::int64_t saturating_add(std::int64_t a, std::int64_t b) noexcept {
  std::int64_t sum = 0;
  if (!__builtin_add_overflow(a, b, &sum)) return sum;
  return b > 0 ? std::numeric_limits<std::int64_t>::max()
               : std::numeric_limits<std::int64_t>::min();
}

}  // namespace kioku::cli
