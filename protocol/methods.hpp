// The daemon's methods (their types, which carry their names) and the protocol version: the
// contract both binaries share.
#pragma once

#include <string_view>

#include "protocol/card_history_types.hpp"
#include "protocol/collection_types.hpp"
#include "protocol/config_types.hpp"
#include "protocol/deck_types.hpp"
#include "protocol/doctor_types.hpp"
#include "protocol/note_types.hpp"
#include "protocol/review_types.hpp"
#include "protocol/sched_types.hpp"
#include "protocol/stats_types.hpp"
#include "protocol/system_types.hpp"

namespace kioku::protocol {

// Bumped when a method changes incompatibly; system.hello reports it so that an old client
// gets a clear message instead of a strange failure.
// 2: review.next no longer sends the card's answer; review.check grades a choice, review.choose
// records a wrong one and holds a right one for its rating.
// 3: cards come from notes: review.next may send basic, reverse, cloze and typed cards, with
// their sides as rich text; review.check and review.answer take a typed card's text.
// 8: a batch runs for at most 200 ms of kiokud's thread; deck.export takes destination.
// 10: a note whose texts together pass kMaxNoteTextBytes is refused, so every note fits in a
// request line.
inline constexpr int kProtocolVersion = 11;

}  // namespace kioku::protocol
