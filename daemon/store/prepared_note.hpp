// A new note made ready to save before the collection is touched: what Collection::add_note()
// does that needs no SQL. Pure, so a thread of its own can make the next notes of a batch while
// the collection's thread saves the ones made (note.add_many).
#pragma once

#include <string>
#include <vector>

#include "core/card_generation.hpp"
#include "core/note.hpp"

namespace kioku::daemon {

struct PreparedNote {
  Note note;  // canonical (core/note_canonical.hpp)
  std::vector<GeneratedCard> generated;
  std::string fields_json;  // notes.fields, as note_codec writes it
  // card_content_hash() of each generated card's row as a new note's cards are saved (no
  // sibling group given): made here, so that a thread making the next notes makes them too, not
  // the collection's thread that writes the rows (Collection::add_notes).
  std::vector<std::string> card_hashes;
};

// Makes `note` canonical, checks it, generates its cards and hashes their rows. Throws NoteError
// (as validate_note) for a note its kind refuses.
PreparedNote prepare_new_note(Note note);

}  // namespace kioku::daemon
