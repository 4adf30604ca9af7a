// Replays review logs through core's pure schedulers.
#include "daemon/methods/rebuild.hpp"

#include "core/scheduler.hpp"

namespace kioku::daemon {

namespace {
constexpr std::size_t kReportedCards = 20;
}

CardState replay_history(std::int64_t card_id, const std::vector<LoggedAnswer>& history,
                         const DeckOptions& options, const DayCalendar& calendar) {
  CardState state;
  for (const LoggedAnswer& logged : history) {
    state = next_state(state, Answer{logged.rating, logged.quality},
                       AnswerContext{logged.reviewed, calendar, card_id}, options);
  }
  return state;
}

RebuildReport rebuild_deck(Collection& collection, std::int64_t deck_id, const DeckOptions& options,
                           const DayCalendar& calendar) {
  RebuildReport report;
  for (const std::int64_t card_id : collection.cards().ids_in_deck(deck_id)) {
    const std::vector<LoggedAnswer> history = collection.review_log().card_history(card_id);
    const CardRecord stored = collection.cards().card(card_id);
    CardState replayed = replay_history(card_id, history, options, calendar);
    // New cards keep their place in the deck's order; nothing in the log says otherwise.
    if (history.empty()) replayed = CardState{};
    ++report.cards;
    if (replayed == stored.state) continue;
    ++report.changed;
    if (report.changed_cards.size() < kReportedCards) report.changed_cards.push_back(card_id);
    collection.cards().write_state(card_id, replayed);
  }
  return report;
}

}  // namespace kioku::daemon
