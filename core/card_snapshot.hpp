// One card as the card-based figures read it (forecast, counts, intervals, ease, FSRS memory):
// its scheduling state plus what the collection keeps beside it, filled by a store from
// card_state rows; no SQL here.
#pragma once

#include <array>
#include <cstdint>

#include "core/card_state.hpp"
#include "core/time.hpp"

namespace kioku {

struct CardSnapshot {
  CardState state;
  // card_state.buried_until_day: buried while today < this day (0: not buried).
  std::int64_t buried_until_day = 0;
  std::int64_t note_id = 0;
  // FSRS cards: their deck's parameters (retrievability reads the decay, w[20]); nullptr: the
  // defaults. Not owned: the store keeps each deck's options alive while the figures are made.
  const std::array<double, 21>* fsrs_weights = nullptr;
  TimestampMs created = 0;  // cards.created_ms, for the "added" figure
  // Its deck schedules with FSRS: the figures of difficulty, stability and retrievability read
  // it, and the ease figure leaves it out. Last, so that it packs into the padding.
  bool fsrs = false;
};

constexpr bool is_buried(const CardSnapshot& card, std::int64_t today) noexcept {
  return today < card.buried_until_day;
}

// Review and relearning cards: the ones with an interval (Anki's card types Review and Relearn).
constexpr bool has_interval(const CardSnapshot& card) noexcept {
  return card.state.phase == Phase::kReview || card.state.phase == Phase::kRelearning;
}

}  // namespace kioku
