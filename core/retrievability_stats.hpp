// The retrievability figure (docs/stats.md "Retrievability"): each FSRS card's probability of
// recall now, their average, and Anki's "estimated total knowledge".
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/card_snapshot.hpp"
#include "core/count_histogram.hpp"
#include "core/time.hpp"

namespace kioku {

struct RetrievabilityStats {
  CountHistogram percent;         // cards by R in 1% bins (R = 1 goes to 99)
  std::int64_t cards = 0;         // cards with a memory state
  std::optional<double> average;  // mean R (0..1) of those cards; nullopt when there are none
  // Estimated total knowledge: the sum of R over the cards (cards you would recall now) ...
  double knowledge_cards = 0.0;
  // ... and over notes: each note's mean R over all of its cards given, a card without memory
  // state counting 0 (as Anki).
  double knowledge_notes = 0.0;
};

// R of a card with a memory state at `now`: FSRS's forgetting curve with its deck's decay, after
// the fractional days since its last answer (0 when the clock reads earlier than that answer).
double current_retrievability(const CardSnapshot& card, TimestampMs now);

RetrievabilityStats retrievability_stats(std::span<const CardSnapshot> cards, TimestampMs now);

}  // namespace kioku
