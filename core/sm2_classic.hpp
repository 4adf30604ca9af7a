// The original SuperMemo SM-2 with quality 0-5, as the `supermemo` npm package (2.0.23) does it
// (scheduling.md §1): interval from the E-Factor before the update, rounded to nearest; the
// E-Factor updated on every answer; quality below 3 restarts the run with an interval of 1.
#pragma once

#include "core/answer_context.hpp"
#include "core/card_state.hpp"
#include "core/deck_options.hpp"

namespace kioku {

// The state after an answer of `quality` (0..5). Throws kioku::Error (kInvalidParams) when the
// quality is out of range. The card is in the review phase after any answer, due at
// review_due(context, interval_days); `repetition` is the length of the current run of
// successes and `ease` the E-Factor (options.initial_ease, 2.5, to start; floor 1.3). Quality
// below 3 on a card with repetition > 0 is a lapse (lapses + 1, leech check). Intervals stop at
// options.maximum_interval; options.fuzz and the learning steps do not apply. Pure.
CardState sm2_classic_next_state(const CardState& state, int quality, const AnswerContext& context,
                                 const DeckOptions& options);

}  // namespace kioku
