// Reads kioku's TOML deck format (docs/deck-format.md). toml++ stays inside the .cpp.
#pragma once

#include <string>
#include <string_view>

#include "core/deck.hpp"

namespace kioku {

// The newest format this kioku reads; it reads every one from 1.
inline constexpr int kDeckFormatVersion = 2;

// Parses a deck from `text`; `source_name` is the file name used in errors.
// Throws kioku::InputError naming the file, line and field (in format 2 the column too) of the
// first problem found. Format 2 fills `notes`, each valid (validate_note); format 1 `cards`.
Deck parse_deck(std::string_view text, const std::string& source_name);

// Reads and parses the file at `path`. Throws kioku::InputError, also when it cannot be read.
Deck read_deck_file(const std::string& path);

}  // namespace kioku
