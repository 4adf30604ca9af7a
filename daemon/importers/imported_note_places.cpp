// An import's notes at their places, each deck's next position counted on.
#include "daemon/importers/imported_note_places.hpp"

#include <algorithm>

namespace kioku::daemon {

NoteSave ImportedNotePlaces::save(Collection& collection, std::int64_t deck_id, const Note& note,
                                  std::optional<std::int64_t> stored_position, TimestampMs now) {
  auto next = next_positions_.find(deck_id);
  if (next == next_positions_.end()) {
    next = next_positions_.emplace(deck_id, collection.cards().next_position(deck_id)).first;
  }
  if (!stored_position) {
    NoteSave added = collection.add_note(deck_id, note, next->second, now);
    if (added.note_added) {
      next->second += static_cast<std::int64_t>(added.cards.size());
      return added;
    }
  }
  if (!stored_position) {
    // The deck has the note after all (the caller did not look: a deck this import made, and a
    // note an earlier row of the file added): it keeps its place.
    if (const std::optional<StoredNote> stored = collection.notes().find(deck_id, note.id)) {
      stored_position = stored->position;
    }
  }
  const std::int64_t position = stored_position.value_or(next->second);
  NoteSave save = collection.save_note(deck_id, note, "", position, now);
  // A card the note makes now (a new cloze) goes after its note's others, which may reach past
  // where the next new note was to go.
  next->second = std::max(next->second, position + static_cast<std::int64_t>(save.cards.size()));
  return save;
}

}  // namespace kioku::daemon
