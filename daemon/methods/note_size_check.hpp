// Notes whose texts together pass a note's limit (kMaxNoteTextBytes, protocol version 10): kept
// from before the limit, or from a file made elsewhere. doctor.check warns of each and changes
// none: such a note is studied as it is, and only its user can say what to cut (docs/notes.md,
// "A note stored past the limit").
#pragma once

#include <cstddef>
#include <vector>

#include "core/bilingual_message.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

// How many such notes are named one by one; past it, one more sentence counts the rest.
inline constexpr std::size_t kReportedNotes = 20;

// One sentence for each live note past the limit (its id, deck, size and the limit, and what
// to do), in deck order, and one counting those past kReportedNotes; none when there are none.
std::vector<BilingualMessage> oversized_note_warnings(Collection& collection);

}  // namespace kioku::daemon
