// Counting cards by interval.
#include "core/interval_histogram.hpp"

namespace kioku {

CountHistogram interval_histogram(std::span<const CardSnapshot> cards) {
  CountHistogram histogram;
  for (const CardSnapshot& card : cards) {
    if (has_interval(card)) histogram.add(card.state.interval_days);
  }
  return histogram;
}

}  // namespace kioku
