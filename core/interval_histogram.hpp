// The intervals figure (docs/stats.md "Intervals"): review and relearning cards by their
// interval in days, with the median.
#pragma once

#include <span>

#include "core/card_snapshot.hpp"
#include "core/count_histogram.hpp"

namespace kioku {

// Every review or relearning card, suspended and buried ones included (as Anki): a relearning
// card by the interval it returns to.
CountHistogram interval_histogram(std::span<const CardSnapshot> cards);

}  // namespace kioku
