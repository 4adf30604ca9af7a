// Replays review logs through core's replay loop.
#include "daemon/methods/rebuild.hpp"

#include "core/replay.hpp"

namespace kioku::daemon {

namespace {
constexpr std::size_t kReportedCards = 20;
}

RebuildReport rebuild_deck(Collection& collection, std::int64_t deck_id, const DeckOptions& options,
                           const DayCalendar& calendar) {
  RebuildReport report;
  const Replay replay(options, calendar);
  for (const std::int64_t card_id : collection.cards().ids_in_deck(deck_id)) {
    const std::vector<PastAnswer> history = collection.review_log().card_history(card_id);
    const CardRecord stored = collection.cards().card(card_id);
    // A card without answers replays to a new card's state.
    const CardState replayed = replay.history(card_id, history);
    ++report.cards;
    if (replayed == stored.state) continue;
    ++report.changed;
    if (report.changed_cards.size() < kReportedCards) report.changed_cards.push_back(card_id);
    collection.cards().write_state(card_id, replayed);
  }
  return report;
}

}  // namespace kioku::daemon
