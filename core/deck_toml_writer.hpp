// One deck as kioku's deck file, format 2 (docs/deck-format.md), which `kioku import` reads back
// to the same notes: the note ids (Anki's guids among them), kinds, fields in every language,
// choices, answers and tags. Content only, as every deck file: no scheduling.
#pragma once

#include <string>

#include "core/deck_export.hpp"

namespace kioku {

// The languages the file declares: the deck's own, and any its notes' texts use.
std::vector<std::string> deck_file_languages(const ExportDeck& deck);

// The file's text. Throws kioku::Error (kConflict) naming the note, the field and the language
// when a note's field has text in some of the file's languages and not in another: a deck file
// gives each field in every language it declares, and guessing the missing text would change
// the note.
std::string deck_toml(const ExportDeck& deck);

}  // namespace kioku
