#include "core/card_reconciliation.hpp"

#include <set>
#include <string_view>

#include "core/error.hpp"

namespace kioku {

CardReconciliation reconcile_cards(const std::vector<ExistingCard>& existing,
                                   const std::vector<GeneratedCard>& generated) {
  std::set<std::string_view> made;
  for (const GeneratedCard& card : generated) made.insert(card.key);

  CardReconciliation result;
  std::set<std::string_view> have;
  for (const ExistingCard& card : existing) {
    if (!have.insert(card.key).second) {
      throw Error(ErrorCode::kInternal, "two cards of one note have the key " + card.key);
    }
    const bool still_made = made.count(card.key) == 1;
    if (still_made) {
      (card.retired ? result.revived : result.kept).push_back(card);
    } else {
      (card.retired ? result.still_retired : result.retired).push_back(card);
    }
  }
  for (const GeneratedCard& card : generated) {
    if (have.count(card.key) == 0) result.added.push_back(card.key);
  }
  return result;
}

}  // namespace kioku
