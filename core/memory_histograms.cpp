// Ease, difficulty and stability histograms.
#include "core/memory_histograms.hpp"

#include <cmath>
#include <vector>

namespace kioku {

std::int64_t percent_bin(double percent) noexcept {
  if (percent >= 100.0) return 99;
  return static_cast<std::int64_t>(std::floor(percent));
}

CountHistogram ease_histogram(std::span<const CardSnapshot> cards) {
  CountHistogram histogram;
  for (const CardSnapshot& card : cards) {
    if (card.fsrs || !has_interval(card)) continue;
    // Through whole permille first, as Anki stores the factor: 2.35 held as 2.3499999 is 235%.
    const std::int64_t permille = std::llround(card.state.ease * 1000.0);
    histogram.add(permille / 10);
  }
  return histogram;
}

DifficultyHistogram difficulty_histogram(std::span<const CardSnapshot> cards) {
  DifficultyHistogram result;
  std::vector<double> percents;
  for (const CardSnapshot& card : cards) {
    if (!has_memory_state(card)) continue;
    const double percent = (card.state.difficulty - 1.0) / 9.0 * 100.0;
    result.percent.add(percent_bin(percent));
    percents.push_back(percent);
  }
  result.median_percent = median_of_values(std::move(percents));
  return result;
}

CountHistogram stability_histogram(std::span<const CardSnapshot> cards) {
  CountHistogram histogram;
  for (const CardSnapshot& card : cards) {
    if (has_memory_state(card)) histogram.add(std::llround(card.state.stability));
  }
  return histogram;
}

}  // namespace kioku
