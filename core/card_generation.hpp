// The cards a note makes: a pure function of the note, run again after every edit so that the
// cards that still exist keep their ids and history (core/card_reconciliation.hpp).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/cloze.hpp"
#include "core/note.hpp"

namespace kioku {

// One card of a note and what it shows.
struct GeneratedCard {
  // Stable within the note across edits: "card" (basic, typed, choice), "forward" and
  // "backward" (reverse, basic-optional-reverse), "c1", "c2", ... (cloze and Anki cloze types),
  // "card1", "card2", ... (the templates of other Anki note types).
  std::string key;
  // The fields the question side shows, in order; for a cloze card its `text` with deletion
  // `cloze_number` blank (core/cloze_side.hpp), for a choice card with the note's choices.
  std::vector<std::string> question_fields;
  // The fields the answer side adds below the question side; a cloze card's answer side shows
  // its text again with the deletion revealed, then these.
  std::vector<std::string> answer_fields;
  ClozeNumber cloze_number = 0;  // cloze cards only
  bool typed_answer = false;     // typed cards: the answer is typed and compared with `back`
  // Anki notes (NoteKind::kAnki): Anki's cards.ord, which template (or cloze number - 1) shows it.
  int anki_ordinal = 0;
  // The note's languages in which this card asks something (its question text is not empty or,
  // for a cloze card, holds its number), in the order of the note's language codes. A renderer
  // shows the card in the user's language when it is here, else in the first of these.
  std::vector<std::string> languages;
};

// The cards of `note`, in a stable order (cloze cards by number). Throws NoteError when the note
// breaks a rule of its shape (check_note_shape); the rules on its text are validate_note's, run
// where a note comes in.
std::vector<GeneratedCard> generate_cards(const Note& note);

// The same for a note validate_note has just accepted, given the clozes it read, so that they
// are not read twice.
std::vector<GeneratedCard> generate_cards(const Note& note,
                                          const std::map<std::string, ClozeText>& clozes);

}  // namespace kioku
