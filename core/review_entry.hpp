// One answer as the statistics read it: the review log row reduced to what the figures of
// docs/stats.md need, in Anki's terms (review kind, last interval), so a store can fill it from
// log rows or from its roll-ups and the maths never sees SQL.
#pragma once

#include <cstdint>
#include <optional>

#include "core/card_state.hpp"
#include "core/deck_options.hpp"  // kMatureIntervalDays: Anki's 21 days
#include "core/rating.hpp"
#include "core/time.hpp"

namespace kioku {

// Anki's review kinds (its revlog `type`) that kioku has. kioku writes no manual or
// rescheduled entries; cram is an answer that did not change the schedule (`kioku review
// --cram`, revlog.cram; Anki's filtered deck without rescheduling).
enum class ReviewKind { kLearning, kReview, kRelearning, kCram };

// The kind of an answer given to a card in `before`: a new card's first answer is learning, as
// in Anki.
ReviewKind review_kind_of(Phase before) noexcept;
// The kind of a logged answer: cram when it was (whatever the card's phase), else as above.
inline ReviewKind review_kind_of(Phase before, bool cram) noexcept {
  return cram ? ReviewKind::kCram : review_kind_of(before);
}

struct ReviewEntry {
  TimestampMs reviewed = 0;
  ReviewKind kind = ReviewKind::kLearning;
  Rating rating = Rating::kAgain;
  // Review answers: the interval the card was scheduled with (revlog.interval_before_days).
  int interval_before_days = 0;
  // Learning and relearning answers: the length of the step the card was waiting on (its due
  // minus its last answer before this one); 0 for a new card. Anki's negative `lastIvl`.
  std::int64_t step_before_ms = 0;
  std::int64_t duration_ms = 0;  // capped at 60 s when recorded
};

// Anki's young/mature split of an answer: a review answer whose interval was 21 days or more.
// Learning, relearning and cram answers are young (Anki's last interval for them is a step in
// negative seconds, always below 21).
bool is_mature_answer(const ReviewEntry& entry) noexcept;

// Pass for retention and "correct" for the other figures: Hard, Good or Easy.
constexpr bool is_pass(Rating rating) noexcept {
  return rating != Rating::kAgain;
}

// `part` of `total` as a fraction; none of nothing (the figures' "N/A").
constexpr std::optional<double> share(std::int64_t part, std::int64_t total) noexcept {
  if (total == 0) return std::nullopt;
  return static_cast<double>(part) / static_cast<double>(total);
}

}  // namespace kioku
