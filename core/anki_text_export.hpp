// Decks as Anki's plain-text notes file, the form Anki 2.1.54+ exports (anki-formats.md, 4.4):
// tab-separated, HTML fields, with the guid, note type, deck and tags in columns its headers
// name, which `kioku import` and Anki both read back. Pure.
#pragma once

#include <span>
#include <string>

#include "core/deck_export.hpp"

namespace kioku {

// The whole file: headers, then one row per note, every row as wide as the widest note type.
// Field text is in `language` (else the note's first language with text).
std::string anki_text_export(std::span<const ExportDeck> decks, const std::string& language);

// One field as Anki's CSV writer quotes it: in double quotes (a quote doubled) when it holds a
// tab, a quote, a line break, or starts with '#' (a row starting with '#' is a comment).
std::string anki_text_field(const std::string& text);

}  // namespace kioku
