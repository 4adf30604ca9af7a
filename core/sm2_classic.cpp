// Classic SM-2 with the `supermemo` package's choices (scheduling.md §1): the arithmetic is the
// package's, operation for operation, so E-Factors come out bit-identical to its JavaScript.
#include "core/sm2_classic.hpp"

#include "core/lapse.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.hpp"
#include "core/sm2.hpp"

namespace kioku {

namespace {

constexpr double kMinimumEFactor = 1.3;

// JavaScript's Math.round (halves go up), as supermemo rounds I(n-1) * EF.
double round_half_up(double value) {
  const double whole = std::floor(value);
  return value - whole >= 0.5 ? whole + 1.0 : whole;
}

}  // namespace

CardState sm2_classic_next_state(const CardState& state, int quality, const AnswerContext& context,
                                 const DeckOptions& options) {
  if (quality < 0 || quality > 5) {
    throw Error(ErrorCode::kInvalidParams,
                "quality must be between 0 and 5, got " + std::to_string(quality));
  }
  // A card that has no E-Factor yet (new, or never scheduled by SM-2) starts at the deck's
  // starting ease, 2.5 by default as in SM-2.
  const double efactor = state.ease > 0.0 ? state.ease : options.initial_ease;
  const int maximum = std::max(options.maximum_interval, 1);

  CardState next = state;
  next.reps += 1;
  next.last_review = context.now;
  double interval = 1.0;
  if (quality >= 3) {
    if (state.repetition <= 0) {
      next.repetition = 1;
    } else if (state.repetition == 1) {
      interval = 6.0;
      next.repetition = 2;
    } else {
      // From the E-Factor before this answer's update, rounded to nearest (SM-2 says up).
      interval = round_half_up(static_cast<double>(state.interval_days) * efactor);
      next.repetition = state.repetition + 1;
    }
  } else {
    // The run restarts. Forgetting a card that was in a run of successes is a lapse; failing a
    // new card, or one that already failed, is not (as Anki counts lapses only from review).
    next.repetition = 0;
    if (state.repetition > 0) {
      record_lapse(next, options);
    }
  }
  // Updated on every answer, also below 3 (supermemo does; the SM-2 text is ambiguous).
  const double distance = 5 - quality;
  next.ease = efactor + (0.1 - distance * (0.08 + distance * 0.02));
  if (next.ease < kMinimumEFactor) next.ease = kMinimumEFactor;

  // supermemo has no maximum: without one, a run of 5s overflows after about 20 answers.
  const int interval_days =
      static_cast<int>(std::clamp(interval, 1.0, static_cast<double>(maximum)));
  next.phase = Phase::kReview;
  next.remaining_steps = 0;
  next.interval_days = interval_days;
  next.due = review_due(context, interval_days);
  return next;
}

}  // namespace kioku
