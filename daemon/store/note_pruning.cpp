// import --prune: a deck file's notes are the deck's, so a live note the file no longer has is
// withdrawn. Withdrawn means retired, as an edit retires a card its note stops making: suspended,
// kept with its history, left so by doctor --rebuild and an undo, and revived by the next save of
// its note (docs/deck-format.md, "Pruning").
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

void Collection::prune_notes_except(std::int64_t deck_id,
                                    const std::unordered_set<std::int64_t>& kept,
                                    ImportSummary& summary) {
  for (const std::int64_t note_id : notes_.live_ids_in_deck(deck_id)) {
    if (kept.count(note_id) != 0) continue;
    int withdrawn = 0;
    for (const StoredNoteCard& card : cards_.cards_of_note(note_id)) {
      if (card.card.retired) continue;  // pruned before, or no longer made by the note
      cards_.set_retired(card.card.id, true);
      ++withdrawn;
    }
    if (withdrawn == 0) continue;
    cards_.refresh_suspension(note_id);
    ++summary.pruned;
    summary.suspended += withdrawn;
  }
}

}  // namespace kioku::daemon
