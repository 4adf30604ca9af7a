// A card's scheduling state: a cache of what replaying its review log gives.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/time.hpp"

namespace kioku {

// One byte, so that CardState packs into 64 (the statistics keep one a card: 100,000 of them).
enum class Phase : std::uint8_t { kNew, kLearning, kReview, kRelearning };

std::string_view to_string(Phase phase) noexcept;
// Learning and relearning: the phases that go through steps.
constexpr bool in_steps(Phase phase) noexcept {
  return phase == Phase::kLearning || phase == Phase::kRelearning;
}
// Throws kioku::Error (kInvalidInput) on an unknown name.
Phase parse_phase(std::string_view text);

struct CardState {
  // The members are ordered widest first so that the state packs into 64 bytes, not 88.

  // When the card is next due. Learning and relearning: the instant it becomes due (a step
  // that crosses the day start is due from the start of its day). Review: the answer's time of
  // day on the due day; a review card is due from the start of that day, so it counts as due
  // when `due < next_day_start(now)`.
  TimestampMs due = 0;
  double ease = 0.0;            // SM-2 ease (E-Factor in classic SM-2); 0 until first set
  double stability = 0.0;       // FSRS: days for recall to fall to 90%; 0 before the first answer
  double difficulty = 0.0;      // FSRS: 1..10; 0 before the first answer
  TimestampMs last_review = 0;  // 0: never reviewed
  int remaining_steps = 0;      // learning or relearning steps still to go
  // Review: the scheduled interval. Relearning: the interval the card returns to afterwards.
  int interval_days = 0;
  int repetition = 0;  // classic SM-2: successful answers in the current run
  int reps = 0;
  int lapses = 0;
  Phase phase = Phase::kNew;
  // Learning and relearning: the step reaches past the day start after the answer, so the card
  // belongs to a later day's work (Anki's interday learning queue): it counts against that
  // day's review limit and is mixed with its reviews instead of coming first.
  bool interday = false;
  bool leech = false;
  bool suspended = false;

  bool operator==(const CardState&) const = default;
};
static_assert(sizeof(CardState) <= 64, "CardState's members are ordered widest first");

}  // namespace kioku
