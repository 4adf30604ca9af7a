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
};

// Makes `note` canonical, checks it and generates its cards. Throws NoteError (as validate_note)
// for a note its kind refuses.
PreparedNote prepare_new_note(Note note);

}  // namespace kioku::daemon
