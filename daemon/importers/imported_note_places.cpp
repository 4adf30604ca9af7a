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
                                  std::optional<std::int64_t> stored_position, TimestampMs now,
                                  std::optional<TimestampMs> source_modified) {
  flush(collection, now);
  return save_now(collection, deck_id, note, stored_position, now, source_modified);
}

NoteSave ImportedNotePlaces::save_now(Collection& collection, std::int64_t deck_id,
                                      const Note& note, std::optional<std::int64_t> stored_position,
                                      TimestampMs now, std::optional<TimestampMs> source_modified) {
  std::int64_t& next = next_position(collection, deck_id);
  if (!stored_position) {
    NoteSave added = collection.add_note(deck_id, note, next, now, source_modified);
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
  NoteSave save = collection.save_note(deck_id, note, "", position, now, source_modified);
  // A card the note makes now (a new cloze) goes after its note's others, which may reach past
  // where the next new note was to go.
  next = std::max(next, position + static_cast<std::int64_t>(save.cards.size()));
  return save;
}

void ImportedNotePlaces::add_later(Collection& collection, std::int64_t deck_id, Note note,
                                   TimestampMs now, std::function<void(const NoteSave&)> saved,
                                   std::optional<TimestampMs> source_modified) {
  add_later(collection, deck_id, prepare_new_note(std::move(note)), now, std::move(saved),
            source_modified);
}

void ImportedNotePlaces::add_later(Collection& collection, std::int64_t deck_id,
                                   PreparedNote prepared, TimestampMs now,
                                   std::function<void(const NoteSave&)> saved,
                                   std::optional<TimestampMs> source_modified) {
  if (waiting_.size() >= kMostWaiting || waiting_bytes_ >= kMostWaitingBytes) {
    flush(collection, now);
  }
  waiting_bytes_ += held_bytes(prepared);
  waiting_.push_back({std::move(prepared), deck_id, source_modified});
  waiting_saved_.push_back(std::move(saved));
}

void ImportedNotePlaces::flush(Collection& collection, TimestampMs now) {
  std::span<Collection::NoteToAdd> left(waiting_);
  std::size_t done = 0;
  const Collection::NextPosition next = [&](std::int64_t deck_id) -> std::int64_t& {
    return next_position(collection, deck_id);
  };
  while (!left.empty()) {
    const std::vector<NoteSave> saves = collection.add_notes(left, next, now);
    for (std::size_t at = 0; at < saves.size(); ++at) {
      const NoteSave& save = saves[at];
      if (save.note_added) {
        waiting_saved_[done++](save);
      } else {
        // One its deck has after all: saved where it is, as save() would.
        waiting_saved_[done++](save_now(collection, left[at].deck_id, save.note, std::nullopt, now,
                                        left[at].source_modified));
      }
    }
    left = left.subspan(saves.size());
  }
  waiting_.clear();
  waiting_saved_.clear();
  waiting_bytes_ = 0;
}

}  // namespace kioku::daemon
