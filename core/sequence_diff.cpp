// A longest common subsequence by dynamic programming over the middle of two sequences.
#include "core/sequence_diff.hpp"

#include <algorithm>
#include <limits>

namespace kioku {

namespace {

void append(std::vector<DiffStep>& steps, DiffStep step, std::size_t count) {
  steps.insert(steps.end(), count, step);
}

}  // namespace

std::vector<DiffStep> diff_sequences(std::span<const std::uint32_t> from,
                                     std::span<const std::uint32_t> to, std::size_t max_cells) {
  std::size_t prefix = 0;
  while (prefix < from.size() && prefix < to.size() && from[prefix] == to[prefix]) ++prefix;
  std::size_t suffix = 0;
  while (suffix < from.size() - prefix && suffix < to.size() - prefix &&
         from[from.size() - 1 - suffix] == to[to.size() - 1 - suffix]) {
    ++suffix;
  }
  const std::span<const std::uint32_t> a = from.subspan(prefix, from.size() - prefix - suffix);
  const std::span<const std::uint32_t> b = to.subspan(prefix, to.size() - prefix - suffix);

  std::vector<DiffStep> steps;
  steps.reserve(from.size() + to.size());
  append(steps, DiffStep::kKeep, prefix);

  const std::size_t n = a.size();
  const std::size_t m = b.size();
  // A length in the table is at most min(n, m), which two bytes hold while it fits.
  const bool table_fits = n != 0 && m != 0 && m <= max_cells / n &&
                          std::min(n, m) <= std::numeric_limits<std::uint16_t>::max();
  if (!table_fits) {
    // Nothing in common (one side is empty), or too long to look for it.
    append(steps, DiffStep::kDelete, n);
    append(steps, DiffStep::kInsert, m);
  } else {
    // common[i * (m + 1) + j]: the length of a longest common subsequence of a[i..] and b[j..],
    // filled from the end so that the walk below can go forwards.
    const std::size_t row = m + 1;
    std::vector<std::uint16_t> common((n + 1) * row, 0);
    for (std::size_t i = n; i-- > 0;) {
      for (std::size_t j = m; j-- > 0;) {
        common[i * row + j] = a[i] == b[j]
                                  ? static_cast<std::uint16_t>(common[(i + 1) * row + j + 1] + 1)
                                  : std::max(common[(i + 1) * row + j], common[i * row + j + 1]);
      }
    }
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < n && j < m) {
      if (a[i] == b[j]) {
        steps.push_back(DiffStep::kKeep);
        ++i;
        ++j;
      } else if (common[(i + 1) * row + j] >= common[i * row + j + 1]) {
        steps.push_back(DiffStep::kDelete);
        ++i;
      } else {
        steps.push_back(DiffStep::kInsert);
        ++j;
      }
    }
    append(steps, DiffStep::kDelete, n - i);
    append(steps, DiffStep::kInsert, m - j);
  }

  append(steps, DiffStep::kKeep, suffix);
  return steps;
}

}  // namespace kioku
