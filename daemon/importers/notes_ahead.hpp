// What an import's walk (ReadAhead) may hold ahead of the import that saves its notes, and the
// notes it prepares for it: the text and package importers' one rule, so that memory stays that
// of a few notes whatever a file's notes are.
#pragma once

#include <cstddef>
#include <optional>

#include "core/note.hpp"
#include "daemon/store/prepared_note.hpp"

namespace kioku::daemon {

// The most bytes the items read ahead may hold together (ReadAhead::Weight).
inline constexpr std::size_t kMostBytesAhead = 8 * 1024 * 1024;
// The most bytes (held_bytes) of a note prepared ahead: a note of many clozes makes a row a card.
inline constexpr std::size_t kMostBytesPreparedAhead = 64 * 1024;

// `note` prepared (prepare_new_note) for a walk to hold; null when that fails or the note holds
// more than kMostBytesPreparedAhead. The import then makes the note itself when it comes to it,
// and reports what fails in the note's place.
std::optional<PreparedNote> prepare_ahead(Note note);

}  // namespace kioku::daemon
