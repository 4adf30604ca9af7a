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

// Days until recall falls to `desired_retention` for a card of stability `stability`.
double fsrs_interval(double stability, double desired_retention,
                     const std::array<double, 21>& weights);

// The state after answering `state` with `rating`. Uses options.fsrs_weights,
// options.desired_retention, options.maximum_interval, options.fuzz and the learning and
// relearning steps. Elapsed time is counted in scheduler days (context.calendar).
CardState fsrs_next_state(const CardState& state, Rating rating, const AnswerContext& context,
                          const DeckOptions& options);

}  // namespace kioku
