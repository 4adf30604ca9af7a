// The figures of what cards remember (docs/stats.md "Ease", "Difficulty", "Stability"): SM-2
// cards by ease, FSRS cards by difficulty and stability, each with its median.
#pragma once

#include <optional>
#include <span>

#include "core/card_snapshot.hpp"
#include "core/count_histogram.hpp"

namespace kioku {

// SM-2 (and classic SM-2) review and relearning cards by ease in whole percent (2.5 -> 250,
// truncated as Anki's factor / 10). FSRS cards are left out.
CountHistogram ease_histogram(std::span<const CardSnapshot> cards);

// FSRS cards with a memory state (stability above 0): difficulty 1..10 as a percentage
// (D - 1) / 9 * 100, in 1% bins (100 goes to 99, as Anki), with the median of the unbinned
// percentages.
struct DifficultyHistogram {
  CountHistogram percent;
  std::optional<double> median_percent;
  bool operator==(const DifficultyHistogram&) const = default;
};
DifficultyHistogram difficulty_histogram(std::span<const CardSnapshot> cards);

// The same cards by stability rounded to whole days (half away from zero).
CountHistogram stability_histogram(std::span<const CardSnapshot> cards);

// Whether a card has an FSRS memory state the figures read.
constexpr bool has_memory_state(const CardSnapshot& card) noexcept {
  return card.fsrs && card.state.stability > 0.0;
}

// Anki's percent_to_bin with 1% bins: floor(percent), and 100 into the 99 bin.
std::int64_t percent_bin(double percent) noexcept;

}  // namespace kioku
