// Tests for the scheduler dispatch (core/scheduler.hpp): the deck's algorithm picks the rules,
// ratings map to classic qualities, and previews list the four outcomes in rating order.
#include "core/scheduler.hpp"

#include <catch2/catch.hpp>

#include "core/fsrs.hpp"
#include "core/sm2.hpp"
#include "core/sm2_classic.hpp"
#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

using test::TimeZoneGuard;

constexpr Rating kRatings[] = {Rating::kAgain, Rating::kHard, Rating::kGood, Rating::kEasy};

struct SchedulerScene {
  TimeZoneGuard zone{"UTC"};
  DayCalendar calendar;
  TimestampMs now = calendar.day_start(days_from_civil(2026, 5, 11)) + 8 * 3600 * 1000;

  AnswerContext context() const { return {now, calendar, 42}; }

  // A review card that every scheduler can answer: ease, memory state and a run of successes.
  CardState review_card() const {
    CardState card;
    card.phase = Phase::kReview;
    card.interval_days = 10;
    card.last_review = now - 12 * kMillisecondsPerDay;
    card.due = now - 2 * kMillisecondsPerDay;
    card.ease = 2.3;
    card.stability = 9.0;
    card.difficulty = 5.5;
    card.repetition = 3;
    card.reps = 6;
    return card;
  }
};

DeckOptions options_for(Algorithm algorithm) {
  DeckOptions options;
  options.algorithm = algorithm;
  return options;
}

TEST_CASE("scheduler: quality_for maps Again Hard Good Easy to 1 3 4 5", "[core][scheduler]") {
  CHECK(quality_for(Rating::kAgain) == 1);
  CHECK(quality_for(Rating::kHard) == 3);
  CHECK(quality_for(Rating::kGood) == 4);
  CHECK(quality_for(Rating::kEasy) == 5);
}

TEST_CASE("scheduler: next_state routes by the deck's algorithm", "[core][scheduler]") {
  const SchedulerScene scene;
  const CardState card = scene.review_card();
  for (const Rating rating : kRatings) {
    INFO("rating " << static_cast<int>(rating));
    const Answer answer{rating, std::nullopt};
    const DeckOptions sm2 = options_for(Algorithm::kSm2);
    const DeckOptions classic = options_for(Algorithm::kSm2Classic);
    const DeckOptions fsrs = options_for(Algorithm::kFsrs);
    CHECK(next_state(card, answer, scene.context(), sm2) ==
          sm2_next_state(card, rating, scene.context(), sm2));
    CHECK(next_state(card, answer, scene.context(), classic) ==
          sm2_classic_next_state(card, quality_for(rating), scene.context(), classic));
    CHECK(next_state(card, answer, scene.context(), fsrs) ==
          fsrs_next_state(card, rating, scene.context(), fsrs));
  }
  // The three really differ on this card: Good keeps the ease in SM-2, grows classic's
  // repetition, and changes only FSRS's memory state.
  const Answer good{Rating::kGood, std::nullopt};
  const CardState by_sm2 = next_state(card, good, scene.context(), options_for(Algorithm::kSm2));
  const CardState by_classic =
      next_state(card, good, scene.context(), options_for(Algorithm::kSm2Classic));
  const CardState by_fsrs = next_state(card, good, scene.context(), options_for(Algorithm::kFsrs));
  CHECK(by_sm2.stability == card.stability);
  CHECK(by_sm2.repetition == card.repetition);
  CHECK(by_classic.repetition == card.repetition + 1);
  CHECK(by_classic.stability == card.stability);
  CHECK(by_fsrs.stability > card.stability);
  CHECK(by_fsrs.ease == card.ease);
}

TEST_CASE("scheduler: an explicit quality overrides the rating in classic mode only",
          "[core][scheduler]") {
  const SchedulerScene scene;
  const CardState card = scene.review_card();
  const Answer answer{Rating::kGood, 2};
  const CardState classic =
      next_state(card, answer, scene.context(), options_for(Algorithm::kSm2Classic));
  CHECK(classic.repetition == 0);
  CHECK(classic.interval_days == 1);
  for (const Algorithm algorithm : {Algorithm::kSm2, Algorithm::kFsrs}) {
    const DeckOptions options = options_for(algorithm);
    CHECK(next_state(card, answer, scene.context(), options) ==
          next_state(card, Answer{Rating::kGood, std::nullopt}, scene.context(), options));
  }
}

TEST_CASE("scheduler: preview returns the four outcomes in rating order", "[core][scheduler]") {
  const SchedulerScene scene;
  const Algorithm algorithm = GENERATE(Algorithm::kSm2, Algorithm::kSm2Classic, Algorithm::kFsrs);
  const DeckOptions options = options_for(algorithm);
  INFO("algorithm " << to_string(algorithm));
  for (const CardState& card : {CardState{}, scene.review_card()}) {
    const std::array<CardState, 4> outcomes = preview(card, scene.context(), options);
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      INFO("rating " << i + 1 << " phase " << to_string(card.phase));
      CHECK(outcomes[i] ==
            next_state(card, Answer{kRatings[i], std::nullopt}, scene.context(), options));
    }
    // Never a shorter wait for a better rating; classic SM-2 gives 3, 4 and 5 the same
    // interval (only the E-Factor differs), the others give Easy the longest.
    CHECK(outcomes[0].due <= outcomes[1].due);
    CHECK(outcomes[1].due <= outcomes[2].due);
    CHECK(outcomes[2].due <= outcomes[3].due);
    if (algorithm != Algorithm::kSm2Classic) CHECK(outcomes[2].due < outcomes[3].due);
  }
}

}  // namespace
}  // namespace kioku
