// What a card shows on each side, as rich text (core/rich_text.hpp): its fields' markup, with a
// cloze card's deletion blank on the question side and revealed on the answer side.
#pragma once

#include <string>

#include "core/card_generation.hpp"
#include "core/note.hpp"
#include "core/rich_text.hpp"

namespace kioku {

struct CardSides {
  std::string language;  // the language both sides are in
  RichText question;
  // What the answer side adds below the question: a cloze card's text again with the deletion
  // revealed, then `extra`; the answer fields of basic, reverse and typed cards; a choice card's
  // explanation (its choices travel on their own). Last, the note's source (source_line).
  RichText answer;

  bool operator==(const CardSides&) const = default;
};

// The sides of `card`, one of the cards generate_cards(note) made, in `language` when the card
// asks in it (card.languages), else in the first language it asks in. A field without text in
// that language shows its text in another (pick_language: English, else any), so that an answer
// written in one language only still shows. Fields follow one another as blocks.
// Throws ClozeError when a cloze note's text does not read; a note that validate_note accepted
// always reads.
CardSides render_card_sides(const Note& note, const GeneratedCard& card,
                            const std::string& language);

// The language `card`'s sides are shown in when `language` is asked for: it, when the card asks
// in it, else the first language the card asks in.
std::string side_language(const GeneratedCard& card, const std::string& language);

// The note's `source` field as the answer side ends with it, in `language` (else English, else
// any): "Source: …", or "出典: …" in Japanese; empty when the note has no source.
std::string source_line(const Note& note, const std::string& language);

// The text of `note`'s field `name` as a side in `language` shows it: in that language, else
// English, else any (pick_language); empty when the note has no such field.
const std::string& field_text(const Note& note, const std::string& name,
                              const std::string& language);

}  // namespace kioku
