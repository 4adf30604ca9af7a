// Anki's v3 SM-2 rules (scheduling.md §2) as a pure function of state, rating and time.
#pragma once

#include <array>

#include "core/answer_context.hpp"
#include "core/card_state.hpp"
#include "core/day_calendar.hpp"
#include "core/deck_options.hpp"
#include "core/rating.hpp"

namespace kioku {

// When a card answered at `time` with an interval of `interval_days` is due: the same time of
// day (counted from the day start), `interval_days` scheduler days later. It is available for
// review from the start of that day (due < next_day_start(now)); with UTC and a day start of 0
// this is exactly answer time + interval days, as ts-fsrs computes it.
TimestampMs review_due(const AnswerContext& time, int interval_days);

// The state after answering `state` with `rating` at `time`. Pure: no clock, no I/O.
CardState sm2_next_state(const CardState& state, Rating rating, const AnswerContext& time,
                         const DeckOptions& options);

// The outcome of each of the four ratings, indexed by Rating value - 1.
std::array<CardState, 4> sm2_preview(const CardState& state, const AnswerContext& time,
                                     const DeckOptions& options);

}  // namespace kioku
