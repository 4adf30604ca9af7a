// Anki v3 SM-2: learning steps, graduation, review intervals with lateness, lapses, leeches.
// Arithmetic is done in float, as Anki does, so intervals round the same way.
#include "core/sm2.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "core/fuzz.hpp"
#include "core/lapse.hpp"

namespace kioku {

namespace {

constexpr int kSecondsPerDay = 86400;
constexpr float kHardEaseDelta = -0.15f;
constexpr float kEasyEaseDelta = 0.15f;
constexpr float kLapseEaseDelta = -0.20f;

// Where a card is in its (re)learning steps, and what each button does there.
struct Steps {
  const std::vector<int>& seconds;

  int count() const { return static_cast<int>(seconds.size()); }
  int index(int remaining) const { return std::clamp(count() - remaining, 0, count() - 1); }

  int again_delay() const { return seconds.front(); }

  int hard_delay(int remaining) const {
    const int current = index(remaining);
    if (current > 0) return seconds[current];
    if (count() == 1) return std::min(seconds[0] * 3 / 2, seconds[0] + kSecondsPerDay);
    return (seconds[0] + seconds[1]) / 2;
  }

  // The delay of the step after the current one, or -1 when Good graduates.
  int good_delay(int remaining) const {
    const int next = index(remaining) + 1;
    return next < count() ? seconds[next] : -1;
  }
};

// A learning delay that would reach past the next day start becomes a whole-day due date.
TimestampMs learning_due(const AnswerContext& time, int delay_seconds) {
  const TimestampMs due =
      time.now + static_cast<TimestampMs>(delay_seconds) * kMillisecondsPerSecond;
  const TimestampMs next_day_start = time.calendar.next_day_start(time.now);
  if (due < next_day_start) return due;
  const std::int64_t seconds_until_next_day = (next_day_start - time.now) / kMillisecondsPerSecond;
  const std::int64_t days = (delay_seconds - seconds_until_next_day) / kSecondsPerDay + 1;
  return time.calendar.day_start(time.calendar.day_number(time.now) + days);
}

// Hard delays of over a day are rounded to whole days.
int round_long_delay(int delay_seconds) {
  if (delay_seconds <= kSecondsPerDay) return delay_seconds;
  return static_cast<int>(std::lround(static_cast<double>(delay_seconds) / kSecondsPerDay)) *
         kSecondsPerDay;
}

// Ease is kept in thousandths, as Anki stores it (2500 = 2.5), with a floor of 1.3.
double ease_after(float ease, float delta) {
  const double exact = static_cast<double>(ease + delta);
  return std::max(std::round(exact * 1000.0) / 1000.0, kMinimumEase);
}

// Rounds `interval` into [max(minimum, 1), maximum], or with `fuzz` picks a day around it.
int constrain_interval(float interval, int minimum, int maximum, std::optional<double> fuzz) {
  minimum = std::min(std::max(minimum, 1), maximum);
  if (fuzz) return fuzzed_interval(static_cast<double>(interval), minimum, maximum, *fuzz);
  const int rounded = static_cast<int>(std::round(interval));
  return std::clamp(rounded, minimum, maximum);
}

CardState into_review(CardState next, const AnswerContext& time, int interval_days) {
  next.phase = Phase::kReview;
  next.remaining_steps = 0;
  next.interval_days = interval_days;
  next.due = review_due(time, interval_days);
  return next;
}

CardState into_steps(CardState next, Phase phase, const AnswerContext& time, int remaining,
                     int delay_seconds) {
  next.phase = phase;
  next.remaining_steps = remaining;
  next.due = learning_due(time, delay_seconds);
  return next;
}

// New and learning cards.
CardState answer_learning(CardState next, int remaining, Rating rating, const AnswerContext& time,
                          const DeckOptions& options, std::optional<double> fuzz) {
  const Steps steps{options.learn_steps_seconds};
  const auto graduate = [&](int interval_days) {
    next.ease = options.initial_ease;
    return into_review(
        next, time,
        constrain_interval(static_cast<float>(interval_days), 1, options.maximum_interval, fuzz));
  };
  if (rating == Rating::kEasy || steps.count() == 0) {
    return graduate(rating == Rating::kEasy ? options.graduating_interval_easy
                                            : options.graduating_interval_good);
  }
  switch (rating) {
    case Rating::kAgain:
      return into_steps(next, Phase::kLearning, time, steps.count(), steps.again_delay());
    case Rating::kHard:
      return into_steps(next, Phase::kLearning, time, remaining,
                        round_long_delay(steps.hard_delay(remaining)));
    case Rating::kGood: {
      const int delay = steps.good_delay(remaining);
      if (delay < 0) return graduate(options.graduating_interval_good);
      return into_steps(next, Phase::kLearning, time, remaining - 1, delay);
    }
    case Rating::kEasy:
      break;
  }
  return next;
}

// Relearning cards return to review with the interval fixed when they lapsed.
CardState answer_relearning(CardState next, Rating rating, const AnswerContext& time,
                            const DeckOptions& options) {
  const Steps steps{options.relearn_steps_seconds};
  const int lapse_interval = std::max(next.interval_days, 1);
  if (steps.count() == 0) return into_review(next, time, lapse_interval);
  switch (rating) {
    case Rating::kAgain:
      return into_steps(next, Phase::kRelearning, time, steps.count(), steps.again_delay());
    case Rating::kHard:
      return into_steps(next, Phase::kRelearning, time, next.remaining_steps,
                        round_long_delay(steps.hard_delay(next.remaining_steps)));
    case Rating::kGood: {
      const int delay = steps.good_delay(next.remaining_steps);
      if (delay < 0) return into_review(next, time, lapse_interval);
      return into_steps(next, Phase::kRelearning, time, next.remaining_steps - 1, delay);
    }
    case Rating::kEasy:
      return into_review(next, time, std::min(lapse_interval + 1, options.maximum_interval));
  }
  return next;
}

CardState answer_review(CardState next, Rating rating, const AnswerContext& time,
                        const DeckOptions& options, std::optional<double> fuzz) {
  const std::int64_t today = time.calendar.day_number(time.now);
  const int scheduled = next.interval_days;
  const std::int64_t due_day = time.calendar.day_number(next.due);
  const std::int64_t elapsed = today - (due_day - scheduled);
  const float late = static_cast<float>(std::max<std::int64_t>(elapsed - scheduled, 0));
  const float interval = static_cast<float>(std::max(scheduled, 1));
  const float ease = static_cast<float>(next.ease);
  const float multiplier = static_cast<float>(options.interval_multiplier);
  const float hard_multiplier = static_cast<float>(options.hard_multiplier);

  if (rating == Rating::kAgain) {
    record_lapse(next, options);
    next.ease = ease_after(ease, kLapseEaseDelta);
    const float lapse_interval = interval * static_cast<float>(options.lapse_multiplier);
    next.interval_days = constrain_interval(lapse_interval, options.minimum_lapse_interval,
                                            options.maximum_interval, fuzz);
    const Steps steps{options.relearn_steps_seconds};
    if (steps.count() == 0) return into_review(next, time, next.interval_days);
    return into_steps(next, Phase::kRelearning, time, steps.count(), steps.again_delay());
  }

  const int hard = constrain_interval(interval * hard_multiplier * multiplier,
                                      hard_multiplier > 1.0f ? scheduled + 1 : 0,
                                      options.maximum_interval, fuzz);
  if (rating == Rating::kHard) {
    next.ease = ease_after(ease, kHardEaseDelta);
    return into_review(next, time, hard);
  }
  const int good = constrain_interval((interval + late / 2.0f) * ease * multiplier,
                                      hard_multiplier > 1.0f ? hard + 1 : scheduled + 1,
                                      options.maximum_interval, fuzz);
  if (rating == Rating::kGood) return into_review(next, time, good);
  const int easy = constrain_interval(
      (interval + late) * ease * static_cast<float>(options.easy_multiplier) * multiplier, good + 1,
      options.maximum_interval, fuzz);
  next.ease = ease_after(ease, kEasyEaseDelta);
  return into_review(next, time, easy);
}

}  // namespace

TimestampMs review_due(const AnswerContext& time, int interval_days) {
  const std::int64_t today = time.calendar.day_number(time.now);
  const TimestampMs into_day = time.now - time.calendar.day_start(today);
  const TimestampMs due = time.calendar.day_start(today + interval_days) + into_day;
  // On a day shortened by daylight saving the same offset could fall into the next day.
  return std::min(due, time.calendar.day_start(today + interval_days + 1) - 1);
}

CardState sm2_next_state(const CardState& state, Rating rating, const AnswerContext& time,
                         const DeckOptions& options) {
  // One draw per answer, seeded by the card and its review count before this answer.
  const std::optional<double> fuzz =
      options.fuzz ? std::optional<double>(fuzz_factor(static_cast<std::uint64_t>(time.card_id) +
                                                       static_cast<std::uint64_t>(state.reps)))
                   : std::nullopt;
  CardState next = state;
  next.reps += 1;
  next.last_review = time.now;
  switch (state.phase) {
    case Phase::kNew:
      return answer_learning(next, static_cast<int>(options.learn_steps_seconds.size()), rating,
                             time, options, fuzz);
    case Phase::kLearning:
      return answer_learning(next, state.remaining_steps, rating, time, options, fuzz);
    case Phase::kRelearning:
      return answer_relearning(next, rating, time, options);
    case Phase::kReview:
      return answer_review(next, rating, time, options, fuzz);
  }
  return next;
}

std::array<CardState, 4> sm2_preview(const CardState& state, const AnswerContext& time,
                                     const DeckOptions& options) {
  return {sm2_next_state(state, Rating::kAgain, time, options),
          sm2_next_state(state, Rating::kHard, time, options),
          sm2_next_state(state, Rating::kGood, time, options),
          sm2_next_state(state, Rating::kEasy, time, options)};
}

}  // namespace kioku
