// A new note made ready to save before the collection is touched: what Collection::add_note()
// does that needs no SQL. Pure, so a thread of its own can make the next notes of a batch while
// the collection's thread saves the ones made (note.add_many).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/note.hpp"
#include "daemon/store/card_store.hpp"

namespace kioku::daemon {

// A new note's card as it is saved: its row, whose deck, note id and position are set when the
// note is written, and the row's card_content_hash(), which does not depend on them.
struct PreparedCard {
  NoteCardRow row;
  std::string content_hash;
};

struct PreparedNote {
  Note note;                // canonical (core/note_canonical.hpp)
  std::string fields_json;  // notes.fields, as note_codec writes it
  // Its generated cards, as a new note's are saved (no sibling group given): made here, so that
  // a thread making the next notes makes their rows and hashes too, not the collection's thread
  // that writes them (Collection::add_notes).
  std::vector<PreparedCard> cards;
};

// Makes `note` canonical, checks it, generates its cards and makes their rows and hashes. Throws
// NoteError (as validate_note) for a note its kind refuses.
PreparedNote prepare_new_note(Note note);

// About the bytes `prepared` holds: its texts, and each card's row (a note of 500 clozes makes
// 500). What an import weighs to bound the notes it holds at once.
std::size_t held_bytes(const PreparedNote& prepared);
// The same for a note as made: its texts.
std::size_t held_bytes(const Note& note);

}  // namespace kioku::daemon
