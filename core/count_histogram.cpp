// The median of a histogram, walked in value order without expanding it.
#include "core/count_histogram.hpp"

#include <algorithm>

namespace kioku {

namespace {

// The value at sorted position `index` (0-based). Precondition: index < histogram.total.
std::int64_t value_at(const CountHistogram& histogram, std::int64_t index) {
  std::int64_t seen = 0;
  for (const auto& [value, count] : histogram.counts) {
    seen += count;
    if (index < seen) return value;
  }
  return histogram.counts.rbegin()->first;
}

}  // namespace

std::optional<double> median(const CountHistogram& histogram) {
  if (histogram.total == 0) return std::nullopt;
  const std::int64_t lower = (histogram.total - 1) / 2;
  const double low = static_cast<double>(value_at(histogram, lower));
  if ((histogram.total - 1) % 2 == 0) return low;
  const double high = static_cast<double>(value_at(histogram, lower + 1));
  return (low + high) / 2.0;
}

std::optional<double> median_of_values(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  const std::size_t lower = (values.size() - 1) / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(lower),
                   values.end());
  const double low = values[lower];
  if ((values.size() - 1) % 2 == 0) return low;
  // The next value up is the smallest of those after the lower middle.
  const double high =
      *std::min_element(values.begin() + static_cast<std::ptrdiff_t>(lower) + 1, values.end());
  return (low + high) / 2.0;
}

}  // namespace kioku
