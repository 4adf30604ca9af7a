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

}  // namespace kioku
