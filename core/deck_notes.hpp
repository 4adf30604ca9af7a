// A deck's content as notes whatever its format: what the importer turns into notes and cards
// (validate_note, generate_cards), so that it has one path for both formats.
#pragma once

#include <vector>

#include "core/deck.hpp"

namespace kioku {

// Format 2: deck.notes. Format 1: one choice note per card, in file order: its id the card's,
// fields `question` and `explanation` (one with no text in any language left out), its choices,
// answer and tags, the deck's id, and the card's `note` as its sibling group.
std::vector<DeckNote> deck_notes(const Deck& deck);
// The same, taking format 2's notes from `deck` rather than copying them: an import of 100,000
// notes held them twice.
std::vector<DeckNote> deck_notes(Deck&& deck);

}  // namespace kioku
