// What an edit does to a note's cards: the cards it makes now against the cards it has, matched
// by template key, so that no card loses its id or history to an edit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/card_generation.hpp"

namespace kioku {

struct ExistingCard {
  std::int64_t id = 0;
  std::string key;       // GeneratedCard::key when it was made
  bool retired = false;  // suspended earlier because the note stopped making it
};

// Every existing card is in exactly one of kept, revived, retired and still_retired.
struct CardReconciliation {
  std::vector<ExistingCard> kept;           // still made: same id, same history
  std::vector<ExistingCard> revived;        // retired, made again: un-retire, history intact
  std::vector<std::string> added;           // keys made that no card has: new cards
  std::vector<ExistingCard> retired;        // no longer made: suspend and report, never delete
  std::vector<ExistingCard> still_retired;  // retired and still not made: leave as they are
};

// Matches `existing` (a note's cards) with `generated` (generate_cards of the edited note) by
// key. Lists keep the order of their input. Throws Error(kInternal) when two existing cards have
// one key: the store keeps them unique.
CardReconciliation reconcile_cards(const std::vector<ExistingCard>& existing,
                                   const std::vector<GeneratedCard>& generated);

}  // namespace kioku
