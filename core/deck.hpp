// A deck as read from a deck file: what it is called and the cards (format 1) or notes (format 2)
// it holds, in every language the file provides. Scheduling state lives elsewhere; this is content
// only. core/deck_notes.hpp gives both formats as notes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/localized_text.hpp"
#include "core/note.hpp"

namespace kioku {

// A card of a format 1 deck: a choice card standing alone.
struct DeckCard {
  std::string id;    // stable within the deck; re-imports match on it
  std::string kind;  // "choice"
  std::vector<std::string> tags;
  // Cards of a deck with the same note are siblings (e.g. both directions of one fact); empty:
  // the card is a note of its own.
  std::string note;
  LocalizedText question;
  LocalizedChoices choices;
  int answer = 0;  // the correct choice, counting from 1
  LocalizedText explanation;
  int line = 0;  // where the card starts in its file, for error messages
};

// A note of a deck, valid (validate_note), with where it is in its file.
struct DeckNote {
  Note note;
  // Notes of a deck with the same group are siblings (format 1's `note =`); empty: the note's
  // cards are siblings of each other only.
  std::string sibling_group;
  // Where the note starts in its file (its [[notes]] or [[cards]] header), for error messages;
  // 0 when not known.
  int line = 0;
  int column = 0;
};

struct Deck {
  int format = 1;
  std::vector<std::string> languages;
  std::string id;
  LocalizedText name;
  LocalizedText description;
  std::vector<DeckCard> cards;  // format 1
  std::vector<DeckNote> notes;  // format 2
  // Format 2: the Anki note types its "anki" notes show through ([[note_types]]).
  std::vector<std::shared_ptr<const TemplatedNoteType>> note_types;
};

}  // namespace kioku
