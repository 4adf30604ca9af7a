// Where an import puts each note: a note the collection has keeps its place, a new one goes
// after its deck's last card. Each deck's next position is read once and then counted on, and a
// new note is added without save_note's look for the note and its cards (Collection::add_note):
// a query each per note was a seventh of a large text import. New notes nothing else waits on
// are added in batches (Collection::add_notes, multi-row INSERTs).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "core/note.hpp"
#include "core/time.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/prepared_note.hpp"

namespace kioku::daemon {

class ImportedNotePlaces {
 public:
  // Saves `note` in deck `deck_id`, inside the import's write: at `stored_position` when the
  // import found the note there, else as a new note after the deck's last card. When the deck
  // has the note all the same (the import did not look), it is saved at the place it has; a
  // deleted note of its id is saved in place of that, and stays deleted. Throws NoteError as
  // Collection::save_note does, which takes `source_modified` as it does. Saves the notes added
  // later first.
  NoteSave save(Collection& collection, std::int64_t deck_id, const Note& note,
                std::optional<std::int64_t> stored_position, TimestampMs now,
                std::optional<TimestampMs> source_modified = std::nullopt);
  // save() for a note the import did not find in the deck, when nothing of the import reads
  // or writes its rows before flush(): it is prepared (and refused, with NoteError) now, and
  // saved with the notes after it, in one batch; `saved` hears its save then. The import
  // calls flush() before anything else of it reads or writes notes or cards, and at its end.
  void add_later(Collection& collection, std::int64_t deck_id, Note note, TimestampMs now,
                 std::function<void(const NoteSave&)> saved,
                 std::optional<TimestampMs> source_modified = std::nullopt);
  // The same for a note already prepared (prepare_new_note).
  void add_later(Collection& collection, std::int64_t deck_id, PreparedNote prepared,
                 TimestampMs now, std::function<void(const NoteSave&)> saved,
                 std::optional<TimestampMs> source_modified = std::nullopt);
  // Saves the notes added later, in their order, as save() one at a time would.
  void flush(Collection& collection, TimestampMs now);

 private:
  std::int64_t& next_position(Collection& collection, std::int64_t deck_id);
  NoteSave save_now(Collection& collection, std::int64_t deck_id, const Note& note,
                    std::optional<std::int64_t> stored_position, TimestampMs now,
                    std::optional<TimestampMs> source_modified);

  // Most notes waiting: two statements of 32; more only hold memory. And at most so many of
  // their bytes (held_bytes): notes of many clozes hold their fields once a card.
  static constexpr std::size_t kMostWaiting = 64;
  static constexpr std::size_t kMostWaitingBytes = 4 * 1024 * 1024;

  std::map<std::int64_t, std::int64_t> next_positions_;  // by deck id
  // In the order they came, of any decks (a package's subdecks take turns).
  std::vector<Collection::NoteToAdd> waiting_;
  std::vector<std::function<void(const NoteSave&)>> waiting_saved_;
  std::size_t waiting_bytes_ = 0;
};

}  // namespace kioku::daemon
