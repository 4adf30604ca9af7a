// A histogram of whole-number values (interval days, ease percent, ...) and its median, as the
// interval, ease and stability figures report them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace kioku {

struct CountHistogram {
  std::map<std::int64_t, std::int64_t> counts;  // value -> how many cards have it
  std::int64_t total = 0;

  void add(std::int64_t value) {
    ++counts[value];
    ++total;
  }
  bool operator==(const CountHistogram&) const = default;
};

// The median of the values, unrounded: for n sorted values v[0..n-1], the value at position
// (n - 1) / 2, interpolated between its neighbours when that falls between two (the R-7
// quantile Anki's d3 `quantile(values, 0.5)` computes). nullopt when empty.
std::optional<double> median(const CountHistogram& histogram);

// The same median of values that are not whole numbers (FSRS difficulty). nullopt when empty.
std::optional<double> median_of_values(std::vector<double> values);

}  // namespace kioku
