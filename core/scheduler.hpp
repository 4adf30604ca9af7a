// One entry point for every scheduler: picks SM-2, classic SM-2 or FSRS from the deck's options.
#pragma once

#include <array>
#include <optional>

#include "core/answer_context.hpp"
#include "core/card_state.hpp"
#include "core/deck_options.hpp"
#include "core/rating.hpp"

namespace kioku {

// An answer as a scheduler sees it. Classic SM-2 grades with a quality 0..5; when only a
// rating is given it maps Again/Hard/Good/Easy to 1/3/4/5 (scheduling.md's decision).
struct Answer {
  Rating rating = Rating::kGood;
  std::optional<int> quality;
};

int quality_for(Rating rating) noexcept;
// The button a classic quality stands for: below 3 Again, 3 Hard, 4 Good, 5 Easy.
Rating rating_for_quality(int quality) noexcept;

// The state after `answer`, by options.algorithm, with `interday` set: whether the new state
// is a learning or relearning step due on a later scheduler day (Anki: a step that crosses the
// day start is interday learning). Pure.
CardState next_state(const CardState& state, const Answer& answer, const AnswerContext& context,
                     const DeckOptions& options);

// The outcome of each rating (Again, Hard, Good, Easy), as the answer buttons show it.
std::array<CardState, 4> preview(const CardState& state, const AnswerContext& context,
                                 const DeckOptions& options);

}  // namespace kioku
