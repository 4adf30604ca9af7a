// Dispatch to the deck's scheduler.
#include "core/scheduler.hpp"

#include "core/fsrs.hpp"
#include "core/sm2.hpp"
#include "core/sm2_classic.hpp"

namespace kioku {

int quality_for(Rating rating) noexcept {
  switch (rating) {
    case Rating::kAgain:
      return 1;
    case Rating::kHard:
      return 3;
    case Rating::kGood:
      return 4;
    case Rating::kEasy:
      return 5;
  }
  return 4;
}

Rating rating_for_quality(int quality) noexcept {
  if (quality < 3) return Rating::kAgain;
  if (quality == 3) return Rating::kHard;
  return quality == 4 ? Rating::kGood : Rating::kEasy;
}

namespace {

CardState by_algorithm(const CardState& state, const Answer& answer, const AnswerContext& context,
                       const DeckOptions& options) {
  switch (options.algorithm) {
    case Algorithm::kSm2:
      return sm2_next_state(state, answer.rating, context, options);
    case Algorithm::kSm2Classic:
      return sm2_classic_next_state(state, answer.quality.value_or(quality_for(answer.rating)),
                                    context, options);
    case Algorithm::kFsrs:
      return fsrs_next_state(state, answer.rating, context, options);
  }
  return sm2_next_state(state, answer.rating, context, options);
}

// Whether `state`, reached by an answer at context.now, is a learning or relearning step due
// on a later scheduler day (Anki: a step that crosses the day start is interday learning).
bool crosses_day_start(const CardState& state, const AnswerContext& context) {
  return in_steps(state.phase) &&
         context.calendar.day_number(state.due) > context.calendar.day_number(context.now);
}

}  // namespace

CardState next_state(const CardState& state, const Answer& answer, const AnswerContext& context,
                     const DeckOptions& options) {
  CardState next = by_algorithm(state, answer, context, options);
  next.interday = crosses_day_start(next, context);
  return next;
}

std::array<CardState, 4> preview(const CardState& state, const AnswerContext& context,
                                 const DeckOptions& options) {
  std::array<CardState, 4> outcomes;
  for (int rating = 1; rating <= 4; ++rating) {
    outcomes[static_cast<std::size_t>(rating - 1)] =
        next_state(state, Answer{static_cast<Rating>(rating), std::nullopt}, context, options);
  }
  return outcomes;
}

}  // namespace kioku
