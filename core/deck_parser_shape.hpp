// The shape of a deck file's TOML, read before toml++ parses any of it: where the file splits
// into parts (the lines before the first [[cards]] or [[notes]] header, then one part per such
// header),
// and for each part bounds on how deep and how large the tree toml++ would build can get.
//
// toml++ recurses once per level of the tree it builds (while parsing nested values, when it
// fixes up source regions and when it frees the tree) and caps only nested values, not key
// paths; it keeps the tables made by dotted keys in one list it searches linearly. Parsing part
// by part, each within kMaxTomlDepth, kMaxTomlValuesPerPart and kMaxDottedKeyPartsPerPart,
// keeps its stack, its memory and its time bounded whatever the file holds (docs/faults.md,
// "Deck files", says why the scan cannot miss a level).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/bilingual_message.hpp"

namespace kioku {

// Upper bounds on the tree toml++ builds from one part.
struct TomlShape {
  int depth = 0;                     // levels below the root table
  std::size_t values = 0;            // values, tables and arrays
  std::size_t dotted_key_parts = 0;  // parts of keys and headers before their last
};

struct DeckFilePart {
  std::string_view text;
  int first_line = 1;  // of `text` in the file
  TomlShape shape;
};

struct DeckFileLayout {
  DeckFilePart head;  // everything before the first [[ header (all of a file without)
  // From each top-level [[ header to the next: one card (format 1) or note (format 2) each.
  std::vector<DeckFilePart> entries;
};

// Splits `text` at its top-level array-of-tables headers and measures each part. Throws
// kioku::InputError naming `source_name`, the line and (for an entry's part) "cards[N]", or
// "notes[N]" under a [[notes]] header, when a part passes a limit of core/deck_parser_limits.hpp
// or the file has more than kMaxCards [[cards]] or kMaxNotes [[notes]] headers. Nothing else
// about the TOML is checked: toml++ reports syntax errors.
DeckFileLayout scan_deck_layout(std::string_view text, const std::string& source_name);

// "a deck holds at most 100000 cards" (or notes), in both languages: a deck past kMaxCards
// [[cards]] or kMaxNotes [[notes]].
BilingualMessage too_many_entries(bool notes);

}  // namespace kioku
