// How a deck file's bytes reach the parser: the size limit kioku and kiokud both apply, and a
// read that stops at it, so that /dev/zero or an endless pipe cannot grow either process without
// bound (docs/faults.md, "Deck files").
#pragma once

#include <cstddef>
#include <string>

namespace kioku::protocol {

// The largest deck file kiokud imports: 16 MiB, about 115,000 cards of the generated kind. The
// TOML tree costs some twenty times the file while it is parsed (a 14 MB deck took the daemon to
// 326 MB), so a larger deck would be a memory hazard for the one process every client shares.
inline constexpr std::size_t kMaxDeckFileBytes = 16 * 1024 * 1024;

// The limit as users read it: "16 MiB".
std::string deck_file_limit_text();

// Reads `descriptor` from where it stands to its end, at most kMaxDeckFileBytes. Throws
// kioku::InputError naming `name` (the file as the user gave it) when there is more than that or
// reading fails. It blocks as long as the descriptor does: kiokud calls it only on regular files.
std::string read_deck_bytes(int descriptor, const std::string& name);

}  // namespace kioku::protocol
