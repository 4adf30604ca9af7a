// Replays review logs through core's replay loop.
#include "daemon/methods/rebuild.hpp"

#include <algorithm>

#include "core/replay.hpp"

namespace kioku::daemon {

namespace {

// How many cards are replayed between two reports: a report costs a look at the client's
// connection, a card a few reads.
constexpr std::size_t kCardsPerReport = 1024;

// Replays every card of the deck; stores each state that differs only when `store`.
RebuildReport replay_deck(Collection& collection, std::int64_t deck_id, const DeckOptions& options,
                          const DayCalendar& calendar, bool store, const ProgressReport& progress) {
  RebuildReport report;
  // Cards their note or the user keeps out of the queue (retired, of a deleted note, suspended
  // by hand) are suspended whatever their answers say; both lists are sorted by id.
  const std::vector<std::int64_t> withdrawn = collection.cards().withdrawn_in_deck(deck_id);
  const std::vector<std::int64_t> card_ids = collection.cards().ids_in_deck(deck_id);
  const WorkStage stage = store ? WorkStage::kReplaying : WorkStage::kReading;
  for (const std::int64_t card_id : card_ids) {
    if (report.cards % kCardsPerReport == 0) {
      progress(stage, static_cast<std::size_t>(report.cards), card_ids.size());
    }
    const CardRecord stored = collection.cards().card(card_id);
    const CardState replayed = replayed_state(
        collection, card_id, std::binary_search(withdrawn.begin(), withdrawn.end(), card_id),
        options, calendar);
    ++report.cards;
    if (replayed == stored.state) continue;
    ++report.changed;
    if (report.changed_cards.size() < kReportedCards) report.changed_cards.push_back(card_id);
    if (store) collection.cards().write_state(card_id, replayed);
  }
  progress(stage, card_ids.size(), card_ids.size());
  return report;
}

}  // namespace

CardState replayed_state(Collection& collection, std::int64_t card_id, bool withdrawn,
                         const DeckOptions& options, const DayCalendar& calendar) {
  const Replay replay(options, calendar);
  // From the state the card was imported with, if any; a card without answers replays to it,
  // or to a new card's state. The imported answers before it are not in card_history().
  const std::optional<CardState> imported = collection.imported_states().of(card_id);
  const CardState start =
      imported ? replay.imported_start(card_id, *imported,
                                       collection.review_log().imported_history(card_id))
               : CardState{};
  CardState replayed =
      replay.history(card_id, start, collection.review_log().card_history(card_id));
  if (withdrawn) replayed.suspended = true;
  return replayed;
}

RebuildReport rebuild_deck(Collection& collection, std::int64_t deck_id, const DeckOptions& options,
                           const DayCalendar& calendar, const ProgressReport& progress) {
  return replay_deck(collection, deck_id, options, calendar, true, progress);
}

RebuildReport compare_deck(Collection& collection, std::int64_t deck_id, const DeckOptions& options,
                           const DayCalendar& calendar, const ProgressReport& progress) {
  return replay_deck(collection, deck_id, options, calendar, false, progress);
}

}  // namespace kioku::daemon
