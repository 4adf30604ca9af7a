// A lapse as every kioku scheduler counts it, with Anki's leech rule and the deck's action.
#pragma once

#include "core/card_state.hpp"
#include "core/deck_options.hpp"

namespace kioku {

// True at `threshold` lapses and every ceil(threshold / 2) after (8, 12, 16 ... for 8);
// a threshold of 0 means never.
bool is_leech(int lapses, int threshold) noexcept;

// Counts one more lapse on `state`; a card that becomes a leech is marked, and suspended when
// the deck's leech action says so.
void record_lapse(CardState& state, const DeckOptions& options) noexcept;

}  // namespace kioku
