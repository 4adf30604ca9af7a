// How a deck file's bytes reach the parser: the size limit kioku and kiokud both apply, and a
// read that stops at it, so that /dev/zero or an endless pipe cannot grow either process without
// bound (docs/faults.md, "Deck files").
#pragma once

#include <cstddef>
#include <string>

#include "core/bilingual_message.hpp"
#include "core/deck_parser_limits.hpp"

namespace kioku::protocol {

// The largest deck file kiokud imports (core/deck_parser_limits.hpp, where the parser's other
// limits are): the client and the daemon refuse a larger file before reading all of it.
using kioku::kMaxDeckFileBytes;

// The limit as users read it: "16 MiB".
std::string deck_file_limit_text();

// What is said of a deck file past kMaxDeckFileBytes, after its name.
BilingualMessage deck_file_too_large();

// Reads `descriptor` from where it stands to its end, at most kMaxDeckFileBytes. Throws
// kioku::InputError naming `name` (the file as the user gave it) when there is more than that or
// reading fails. It blocks as long as the descriptor does: kiokud calls it only on regular files.
std::string read_deck_bytes(int descriptor, const std::string& name);

}  // namespace kioku::protocol
