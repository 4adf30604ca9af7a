// FSRS-6 (scheduling.md §3): the memory model (stability, difficulty, retrievability) and the
// scheduling layer around it as ts-fsrs 5.4.2 does it with short-term scheduling on.
#pragma once

#include <array>

#include "core/answer_context.hpp"
#include "core/card_state.hpp"
#include "core/deck_options.hpp"
#include "core/rating.hpp"

namespace kioku {

// Probability of recall `elapsed_days` after a review that left stability `stability`.
double fsrs_retrievability(double elapsed_days, double stability,
                           const std::array<double, 21>& weights);

// Days until recall falls to `desired_retention` for a card of stability `stability`, unrounded
// (the scheduler rounds it and keeps it within [1, maximum interval]).
double fsrs_interval(double stability, double desired_retention,
                     const std::array<double, 21>& weights);

// A memory state from elsewhere (an Anki card's "s" and "d") as the scheduler reads a stored
// one: stability within [0.001, 36500] days and difficulty within [1, 10]; none (both 0) when
// either is not above 0 or not a number.
struct FsrsMemoryState {
  double stability = 0.0;
  double difficulty = 0.0;
};
FsrsMemoryState fsrs_memory_in_range(double stability, double difficulty);

// The state after answering `state` with `rating`. Pure: no clock, no I/O. Uses
// options.fsrs_weights (clamped to FSRS-6's ranges as ts-fsrs does), options.desired_retention,
// options.maximum_interval, options.fuzz, the learning and relearning steps and the leech
// options. Elapsed time is counted in whole scheduler days (context.calendar; 0 = same day).
// Stability and difficulty go to CardState::stability and ::difficulty; a card without them
// (new, or scheduled by SM-2 until now) starts from this rating. Learning and relearning steps
// are due exactly their delay after `context.now` (interval_days 0); reviews are due at
// review_due(context, interval). Again on a review card is a lapse: relearning, lapses + 1.
CardState fsrs_next_state(const CardState& state, Rating rating, const AnswerContext& context,
                          const DeckOptions& options);

}  // namespace kioku
