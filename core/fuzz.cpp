// Fuzz ranges: wider for longer intervals (15% of 2.5-7 days, 10% of 7-20, 5% beyond).
#include "core/fuzz.hpp"

#include <algorithm>
#include <cmath>

namespace kioku {

namespace {

double overlap(double value, double low, double high) {
  return std::max(std::min(value, high) - low, 0.0);
}

double fuzz_delta(double interval) {
  if (interval < 2.5) return 0.0;
  return 1.0 + 0.15 * overlap(interval, 2.5, 7.0) + 0.10 * overlap(interval, 7.0, 20.0) +
         0.05 * overlap(interval, 20.0, HUGE_VAL);
}

}  // namespace

double fuzz_factor(std::uint64_t seed) noexcept {
  std::uint64_t value = seed + 0x9E3779B97F4A7C15ull;
  value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ull;
  value = (value ^ (value >> 27)) * 0x94D049BB133111EBull;
  value ^= value >> 31;
  return static_cast<double>(value >> 11) * 0x1.0p-53;
}

FuzzRange fuzz_range(double interval, int minimum, int maximum) noexcept {
  minimum = std::min(std::max(minimum, 1), maximum);
  interval = std::clamp(interval, static_cast<double>(minimum), static_cast<double>(maximum));
  const double delta = fuzz_delta(interval);
  const auto bounded = [&](double value) {
    return std::clamp(static_cast<int>(std::lround(value)), minimum, maximum);
  };
  FuzzRange range{bounded(interval - delta), bounded(interval + delta)};
  if (range.lowest == range.highest && range.highest > 2 && range.highest < maximum) {
    range.highest = range.lowest + 1;
  }
  return range;
}

int fuzzed_interval(double interval, int minimum, int maximum, double factor) noexcept {
  const FuzzRange range = fuzz_range(interval, minimum, maximum);
  const int span = range.highest - range.lowest + 1;
  return std::min(range.lowest + static_cast<int>(std::floor(factor * span)), range.highest);
}

}  // namespace kioku
