#include "core/day_tally.hpp"

namespace kioku {

DayTally& DayTally::operator+=(const DayTally& other) noexcept {
  reviews += other.reviews;
  correct += other.correct;
  new_cards += other.new_cards;
  review_answers += other.review_answers;
  interday_answers += other.interday_answers;
  duration_ms += other.duration_ms;
  return *this;
}

DayTally tally_of(const CardState& before, Rating rating, std::int64_t duration_ms) noexcept {
  DayTally tally;
  tally.reviews = 1;
  tally.correct = rating == Rating::kAgain ? 0 : 1;
  tally.new_cards = before.phase == Phase::kNew ? 1 : 0;
  tally.review_answers = before.phase == Phase::kReview ? 1 : 0;
  tally.interday_answers = before.interday && in_steps(before.phase) ? 1 : 0;
  tally.duration_ms = duration_ms;
  return tally;
}

}  // namespace kioku
