// Where an import puts each note: a note the collection has keeps its place, a new one goes
// after its deck's last card. Each deck's next position is read once and then counted on, and a
// new note is added without save_note's look for the note and its cards (Collection::add_note):
// a query each per note was a seventh of a large text import.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

#include "core/note.hpp"
#include "core/time.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

class ImportedNotePlaces {
 public:
  // Saves `note` in deck `deck_id`, inside the import's write: at `stored_position` when the
  // import found the note there, else as a new note after the deck's last card. When the deck
  // has the note all the same (the import did not look), it is saved at the place it has; a
  // deleted note of its id is saved in place of that, and stays deleted. Throws NoteError as
  // Collection::save_note does.
  NoteSave save(Collection& collection, std::int64_t deck_id, const Note& note,
                std::optional<std::int64_t> stored_position, TimestampMs now);

 private:
  std::map<std::int64_t, std::int64_t> next_positions_;  // by deck id
};

}  // namespace kioku::daemon
