// A deck's daily limits as Anki's v3 scheduler applies them (scheduling.md §2.7): what is left
// of the new and review limits today, and how the review limit is shared out among what is
// due: interday learning cards take it first, then reviews, and new cards come last with what
// is left of it unless new_cards_ignore_review_limit.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/day_tally.hpp"
#include "core/deck_options.hpp"

namespace kioku {

// What a deck may still show today.
struct DailyAllowance {
  std::int64_t new_left = 0;  // new cards still allowed
  // Review-limit answers still allowed: reviews, interday learning and (unless
  // new_cards_ignore_review_limit) new cards all use it up.
  std::int64_t reviews_left = 0;
  bool new_cards_ignore_review_limit = false;
};

// The allowance left after `today`'s answers in the deck.
DailyAllowance allowance_left(const DeckOptions& options, const DayTally& today) noexcept;

// The kinds of cards the limits apply to; intraday learning cards have no limit.
enum class LimitedGroup { kInterdayLearning, kReview, kNew };

struct LimitedCounts {
  std::int64_t interday_learning = 0;
  std::int64_t review = 0;
  std::int64_t new_cards = 0;
};

// How many cards of each group are due within the allowance. `count(group, most)` says how many
// of the group are due, counting no further than `most` (at least 1); it is not asked for a
// group with no room left, so a store's count can stop at the limit.
// A template rather than a std::function: the queue calls it for every deck of every request,
// and its counting lambda is too large for std::function's inline buffer.
template <class Count>
LimitedCounts limit_due(const DailyAllowance& allowance, const Count& count) {
  const auto within = [&](LimitedGroup group, std::int64_t most) -> std::int64_t {
    return most > 0 ? std::min<std::int64_t>(count(group, most), most) : 0;
  };
  LimitedCounts counts;
  counts.interday_learning = within(LimitedGroup::kInterdayLearning, allowance.reviews_left);
  const std::int64_t reviews_left = allowance.reviews_left - counts.interday_learning;
  counts.review = within(LimitedGroup::kReview, reviews_left);
  std::int64_t new_left = allowance.new_left;
  if (!allowance.new_cards_ignore_review_limit) {
    // Anki v3 gathers new cards last, with what the review limit has left.
    new_left = std::min(new_left, reviews_left - counts.review);
  }
  counts.new_cards = within(LimitedGroup::kNew, new_left);
  return counts;
}

}  // namespace kioku
