// Counting cards by what they are today.
#include "core/card_counts.hpp"

#include "core/review_entry.hpp"

namespace kioku {

CardCounts card_counts(std::span<const CardSnapshot> cards, std::int64_t today) {
  CardCounts counts;
  for (const CardSnapshot& card : cards) {
    if (card.state.leech) ++counts.leeches;
    if (card.state.suspended) {
      ++counts.suspended;
      continue;
    }
    if (is_buried(card, today)) {
      ++counts.buried;
      continue;
    }
    switch (card.state.phase) {
      case Phase::kNew:
        ++counts.new_cards;
        break;
      case Phase::kLearning:
        ++counts.learning;
        break;
      case Phase::kRelearning:
        ++counts.relearning;
        break;
      case Phase::kReview:
        ++(card.state.interval_days < kMatureIntervalDays ? counts.young : counts.mature);
        break;
    }
  }
  return counts;
}

}  // namespace kioku
