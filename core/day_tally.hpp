// What a day's roll-up counts, and what one answer adds to it: the classification that
// statistics and the daily limits share, so neither scans the review log.
#pragma once

#include <cstdint>

#include "core/card_state.hpp"
#include "core/rating.hpp"

namespace kioku {

struct DayTally {
  std::int64_t reviews = 0;           // every answer
  std::int64_t correct = 0;           // answers rated above again
  std::int64_t new_cards = 0;         // answers to cards that were new: cards introduced that day
  std::int64_t review_answers = 0;    // answers to cards that were in the review phase
  std::int64_t interday_answers = 0;  // answers to interday learning cards
  std::int64_t duration_ms = 0;

  DayTally& operator+=(const DayTally& other) noexcept;
  bool operator==(const DayTally&) const = default;
};

// One answer's share of its day's roll-up: the card's state before it, the rating it got and
// the time it took. "Correct" goes by the rating, not the choice, so a card the user rated
// again after a lucky guess does not count as known.
DayTally tally_of(const CardState& before, Rating rating, std::int64_t duration_ms) noexcept;

}  // namespace kioku
