// Which learning steps are interday learning (scheduling.md §2.7): a step whose due falls on a
// later scheduler day than the answer, for every algorithm with steps.
#include <catch2/catch.hpp>

#include "core/scheduler.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kMinuteMs;

using test::TimeZoneGuard;

struct InterdayScene {
  TimeZoneGuard zone{"UTC"};
  DayCalendar calendar;  // days start at 04:00
  TimestampMs day_start = calendar.day_start(days_from_civil(2026, 5, 11));

  CardState answer(const CardState& card, Rating rating, TimestampMs now,
                   const DeckOptions& options) const {
    return next_state(card, Answer{rating, std::nullopt}, AnswerContext{now, calendar, 7}, options);
  }
};

DeckOptions with_steps(std::vector<int> learning, std::vector<int> relearning = {600}) {
  DeckOptions options;
  options.learn_steps_seconds = std::move(learning);
  options.relearn_steps_seconds = std::move(relearning);
  options.fuzz = false;
  return options;
}

TEST_CASE("interday learning: a step of a day is interday and due at its day's start",
          "[core][queue]") {
  const InterdayScene scene;
  const TimestampMs morning = scene.day_start + 6 * 3600 * kMillisecondsPerSecond;
  const CardState card = scene.answer(CardState{}, Rating::kAgain, morning, with_steps({86400}));
  CHECK(card.phase == Phase::kLearning);
  CHECK(card.interday);
  CHECK(card.due == scene.calendar.day_start(scene.calendar.day_number(morning) + 1));
}

TEST_CASE("interday learning: short steps within the day are intraday", "[core][queue]") {
  const InterdayScene scene;
  const TimestampMs morning = scene.day_start + 6 * 3600 * kMillisecondsPerSecond;
  const DeckOptions options = with_steps({60, 600});
  CardState card = scene.answer(CardState{}, Rating::kGood, morning, options);
  CHECK(card.phase == Phase::kLearning);
  CHECK_FALSE(card.interday);
  // Graduating leaves learning, and with it the flag.
  card = scene.answer(card, Rating::kGood, card.due, options);
  CHECK(card.phase == Phase::kReview);
  CHECK_FALSE(card.interday);
}

TEST_CASE("interday learning: a short step that crosses the day start is interday",
          "[core][queue]") {
  const InterdayScene scene;
  const TimestampMs before_rollover = scene.day_start - 5 * kMinuteMs;  // 03:55
  for (const Algorithm algorithm : {Algorithm::kSm2, Algorithm::kFsrs}) {
    DeckOptions options = with_steps({600});
    options.algorithm = algorithm;
    const CardState card = scene.answer(CardState{}, Rating::kAgain, before_rollover, options);
    INFO(to_string(algorithm));
    CHECK(in_steps(card.phase));
    CHECK(card.interday);
    // SM-2 moves the step to the day's start (Anki); FSRS keeps its exact time (ts-fsrs).
    CHECK(card.due ==
          (algorithm == Algorithm::kSm2 ? scene.day_start : before_rollover + 10 * kMinuteMs));
  }
}

TEST_CASE("interday learning: relearning after a lapse follows the same rule", "[core][queue]") {
  const InterdayScene scene;
  CardState review;
  review.phase = Phase::kReview;
  review.interval_days = 10;
  review.ease = 2.5;
  review.reps = 5;
  const TimestampMs morning = scene.day_start + 2 * 3600 * kMillisecondsPerSecond;
  review.due = morning;
  review.last_review = morning - 10 * kMillisecondsPerDay;
  CHECK(scene.answer(review, Rating::kAgain, morning, with_steps({60}, {2 * 86400})).interday);
  CHECK_FALSE(scene.answer(review, Rating::kAgain, morning, with_steps({60}, {600})).interday);
}

}  // namespace
}  // namespace kioku
