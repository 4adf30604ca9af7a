// The card counts figure (docs/stats.md "Card counts"): every card in exactly one of new,
// learning, relearning, young, mature, suspended and buried; leeches counted beside them.
#pragma once

#include <cstdint>
#include <span>

#include "core/card_snapshot.hpp"

namespace kioku {

struct CardCounts {
  std::int64_t new_cards = 0;
  std::int64_t learning = 0;
  std::int64_t relearning = 0;
  std::int64_t young = 0;   // review phase, interval < 21 days
  std::int64_t mature = 0;  // review phase, interval >= 21 days
  std::int64_t suspended = 0;
  std::int64_t buried = 0;
  // Cards marked leech, whatever else they are (a suspended leech is also in `suspended`).
  std::int64_t leeches = 0;

  // Every card once: the seven exclusive counts (leeches not added).
  std::int64_t total() const noexcept {
    return new_cards + learning + relearning + young + mature + suspended + buried;
  }
  bool operator==(const CardCounts&) const = default;
};

// Anki's "separate inactive cards" view: a suspended card counts as suspended, else a buried
// one (buried until after today) as buried, else by its phase.
CardCounts card_counts(std::span<const CardSnapshot> cards, std::int64_t today);

}  // namespace kioku
