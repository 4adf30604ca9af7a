// Reading a format 2 deck's [[note_types]] (docs/deck-format.md, "Anki note types"): the Anki
// note types its `kind = "anki"` notes are shown through, as kioku's export writes them, with
// every problem an InputError naming the file, line, column and field.
#pragma once

#include <memory>
#include <vector>

#include "core/deck_parser_table.hpp"
#include "core/templated_note_type.hpp"

namespace kioku {

// The note types of the file's head (`file`), in file order; none when it has no note_types.
// Throws InputError for a type without a name, fields or templates, a name used twice, a field
// named twice or past the limits (core/templated_note_type.hpp), or a text a deck file refuses.
std::vector<std::shared_ptr<const TemplatedNoteType>> read_deck_note_types(const TableReader& file);

}  // namespace kioku
