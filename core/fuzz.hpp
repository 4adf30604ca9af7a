// Anki's v3 interval fuzz (scheduling.md §2.6), shared by SM-2 and FSRS: an interval of a few
// days or more is spread over a small range so that cards learned together do not stay bunched.
#pragma once

#include <cstdint>

namespace kioku {

struct FuzzRange {
  int lowest;
  int highest;
};

// A deterministic draw in [0, 1) from `seed` (SplitMix64): the same card and review count always
// give the same fuzz.
double fuzz_factor(std::uint64_t seed) noexcept;

// The days `interval` may be fuzzed to, within [minimum, maximum] (minimum at least 1).
FuzzRange fuzz_range(double interval, int minimum, int maximum) noexcept;

// A day in fuzz_range(interval, minimum, maximum) picked by `factor` in [0, 1).
int fuzzed_interval(double interval, int minimum, int maximum, double factor) noexcept;

}  // namespace kioku
