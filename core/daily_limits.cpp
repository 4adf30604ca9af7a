#include "core/daily_limits.hpp"

#include <algorithm>

namespace kioku {

DailyAllowance allowance_left(const DeckOptions& options, const DayTally& today) noexcept {
  DailyAllowance allowance;
  allowance.new_cards_ignore_review_limit = options.new_cards_ignore_review_limit;
  allowance.new_left = std::max<std::int64_t>(0, options.new_per_day - today.new_cards);
  std::int64_t review_limit_used = today.review_answers + today.interday_answers;
  if (!options.new_cards_ignore_review_limit) review_limit_used += today.new_cards;
  allowance.reviews_left = std::max<std::int64_t>(0, options.reviews_per_day - review_limit_used);
  return allowance;
}

LimitedCounts limit_due(const DailyAllowance& allowance,
                        const std::function<std::int64_t(LimitedGroup, std::int64_t)>& count) {
  const auto within = [&](LimitedGroup group, std::int64_t most) -> std::int64_t {
    return most > 0 ? std::min(count(group, most), most) : 0;
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
