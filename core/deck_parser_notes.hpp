// Reading one note of a format 2 deck ([[notes]], docs/deck-format.md): its keys into a Note,
// checked by validate_note, with every problem an InputError naming the file, line, column and
// field, down to the place in a field's text.
#pragma once

#include <string_view>

#include "core/deck.hpp"
#include "core/deck_parser_table.hpp"
#include "core/toml.hpp"

namespace kioku {

// The note `table`, the `index`th of `deck` (counting from 1), read from toml++'s part
// `part_text` at `place`. `deck` gives the languages and the deck id. Throws InputError.
DeckNote read_deck_note(const toml::table& table, const TablePlace& place,
                        std::string_view part_text, int index, const Deck& deck);

}  // namespace kioku
