// Tests for the roll-up classification (core/day_tally.hpp): which counters one answer adds
// to, by the card's state before it and the rating.
#include "core/day_tally.hpp"

#include <catch2/catch.hpp>

namespace kioku {
namespace {

CardState in_phase(Phase phase, bool interday = false) {
  CardState state;
  state.phase = phase;
  state.interday = interday;
  return state;
}

TEST_CASE("day tally: every answer counts once with its time - correct goes by the rating",
          "[core][day_tally]") {
  const DayTally right = tally_of(in_phase(Phase::kReview), Rating::kHard, 4200);
  CHECK(right.reviews == 1);
  CHECK(right.correct == 1);
  CHECK(right.duration_ms == 4200);
  const DayTally again = tally_of(in_phase(Phase::kReview), Rating::kAgain, 0);
  CHECK(again.reviews == 1);
  CHECK(again.correct == 0);
}

TEST_CASE(
    "day tally: new, review and interday learning answers are told apart by the state "
    "before",
    "[core][day_tally]") {
  const DayTally fresh = tally_of(in_phase(Phase::kNew), Rating::kGood, 0);
  CHECK((fresh.new_cards == 1 && fresh.review_answers == 0 && fresh.interday_answers == 0));
  const DayTally review = tally_of(in_phase(Phase::kReview), Rating::kGood, 0);
  CHECK((review.new_cards == 0 && review.review_answers == 1 && review.interday_answers == 0));
  for (const Phase phase : {Phase::kLearning, Phase::kRelearning}) {
    const DayTally interday = tally_of(in_phase(phase, true), Rating::kGood, 0);
    CHECK((interday.new_cards == 0 && interday.review_answers == 0 &&
           interday.interday_answers == 1));
    const DayTally intraday = tally_of(in_phase(phase, false), Rating::kGood, 0);
    CHECK((intraday.new_cards == 0 && intraday.review_answers == 0 &&
           intraday.interday_answers == 0));
  }
  // A stale interday flag on a review card does not make it interday learning.
  CHECK(tally_of(in_phase(Phase::kReview, true), Rating::kGood, 0).interday_answers == 0);
}

TEST_CASE("day tally: tallies add up field by field", "[core][day_tally]") {
  DayTally day;
  day += tally_of(in_phase(Phase::kNew), Rating::kGood, 1000);
  day += tally_of(in_phase(Phase::kReview), Rating::kAgain, 2000);
  day += tally_of(in_phase(Phase::kLearning, true), Rating::kEasy, 500);
  CHECK(day == DayTally{3, 2, 1, 1, 1, 3500});
}

}  // namespace
}  // namespace kioku
