// An import's notes at their places, each deck's next position counted on.
#include "daemon/importers/imported_note_places.hpp"

#include <algorithm>
#include <span>
#include <utility>

namespace kioku::daemon {

std::int64_t& ImportedNotePlaces::next_position(Collection& collection, std::int64_t deck_id) {
  auto next = next_positions_.find(deck_id);
  if (next == next_positions_.end()) {
    next = next_positions_.emplace(deck_id, collection.cards().next_position(deck_id)).first;
  }
  return next->second;
}

NoteSave ImportedNotePlaces::save(Collection& collection, std::int64_t deck_id, const Note& note,
                                  std::optional<std::int64_t> stored_position, TimestampMs now) {
  flush(collection, now);
  return save_now(collection, deck_id, note, stored_position, now);
}

NoteSave ImportedNotePlaces::save_now(Collection& collection, std::int64_t deck_id,
                                      const Note& note, std::optional<std::int64_t> stored_position,
                                      TimestampMs now) {
  std::int64_t& next = next_position(collection, deck_id);
  if (!stored_position) {
    NoteSave added = collection.add_note(deck_id, note, next, now);
    if (added.note_added) {
      next += static_cast<std::int64_t>(added.cards.size());
      return added;
    }
    // The deck has the note after all (the caller did not look: a deck this import made, and a
    // note an earlier row of the file added): it keeps its place.
    if (const std::optional<StoredNote> stored = collection.notes().find(deck_id, note.id)) {
      stored_position = stored->position;
    }
  }
  const std::int64_t position = stored_position.value_or(next);
  NoteSave save = collection.save_note(deck_id, note, "", position, now);
  // A card the note makes now (a new cloze) goes after its note's others, which may reach past
  // where the next new note was to go.
  next = std::max(next, position + static_cast<std::int64_t>(save.cards.size()));
  return save;
}

void ImportedNotePlaces::add_later(Collection& collection, std::int64_t deck_id, Note note,
                                   TimestampMs now, std::function<void(const NoteSave&)> saved) {
  if (!waiting_.empty() && (deck_id != waiting_deck_ || waiting_.size() >= kMostWaiting)) {
    flush(collection, now);
  }
  waiting_deck_ = deck_id;
  waiting_.push_back(prepare_new_note(std::move(note)));
  waiting_saved_.push_back(std::move(saved));
}

void ImportedNotePlaces::flush(Collection& collection, TimestampMs now) {
  std::span<PreparedNote> left(waiting_);
  std::size_t done = 0;
  while (!left.empty()) {
    std::int64_t& next = next_position(collection, waiting_deck_);
    const std::vector<NoteSave> saves = collection.add_notes(waiting_deck_, left, next, now);
    for (const NoteSave& save : saves) {
      if (save.note_added) {
        next += static_cast<std::int64_t>(save.cards.size());
        waiting_saved_[done++](save);
        continue;
      }
      // The deck has this one after all: saved where it is, as save() would.
      waiting_saved_[done++](save_now(collection, waiting_deck_, save.note, std::nullopt, now));
    }
    left = left.subspan(saves.size());
  }
  waiting_.clear();
  waiting_saved_.clear();
}

}  // namespace kioku::daemon
