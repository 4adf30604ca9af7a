// The cards of an Anki note kept as its note type (NoteKind::kAnki, core/templated_note_type.hpp)
// and what each shows: its template rendered with the note's fields (Anki's HTML), then turned
// into kioku's rich text for the terminal (docs/anki-templates.md, "Note types kept as
// themselves"). Pure: no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/anki_template_render.hpp"
#include "core/card_generation.hpp"
#include "core/card_sides.hpp"
#include "core/note.hpp"

namespace kioku {

// The cards of `note`, a kAnki note with its type: the ones its type's rules make
// (TemplatedNoteType::card_ordinals), keyed by templated_card_key.
std::vector<GeneratedCard> templated_cards(const Note& note);

// What the templates' special fields show that the note does not hold.
struct TemplatedCardPlace {
  std::string deck;          // {{Deck}}: the deck's name, "A::B::C"
  std::int64_t card_id = 0;  // {{CardID}}; 0 leaves it empty
  int flag = 0;              // {{CardFlag}}
};

// The card's sides in `language` (the note's, when it has no text in it). The answer side is
// what shows below the question, so {{FrontSide}} on it shows nothing: the question is already
// there. A {{type:...}} marker shows nothing either: the review screen asks for the text in its
// own place. A side whose template does not read shows the note's fields instead, so that the
// card is still a card.
CardSides render_templated_sides(const Note& note, const GeneratedCard& card,
                                 const std::string& language, const TemplatedCardPlace& place);

// What a card whose question asks for typed text ({{type:F}}, {{type:cloze:F}}, {{type:nc:F}})
// expects, as text; nothing for a card that asks for none.
std::optional<std::string> templated_typed_answer(const Note& note, const GeneratedCard& card,
                                                  const std::string& language);

}  // namespace kioku
