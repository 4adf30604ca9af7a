// Burying: hiding a card from the queue until the next day starts (scheduling.md §2.7). A
// burial is stored as the day the card comes back, so nothing has to run at the rollover.
#pragma once

#include "core/deck_options.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

// The siblings an answer in a deck with `options` buries.
SiblingBurial sibling_burial(const DeckOptions& options);

}  // namespace kioku::daemon
