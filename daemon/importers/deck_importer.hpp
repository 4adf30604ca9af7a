// Imports kioku's own TOML decks: from a file a client opened or names, or the decks built into
// kiokud.
#pragma once

#include <string>
#include <vector>

#include "daemon/store/collection.hpp"

namespace kioku::daemon {

// Parses and imports the deck file open at `descriptor` (a client opened it and passed it over
// the socket) in one transaction. `name` is the file as the user named it: errors and the deck's
// recorded source say it. Throws kioku::InputError (naming file, line and field) for a bad deck,
// a file that is not regular or one past protocol::kMaxDeckFileBytes; nothing is imported then.
// With `dry_run` the import is done and rolled back: the counts say what it would change. With
// `prune` the deck's notes the file no longer has are withdrawn (Collection::import_deck).
// `progress` hears the cards done; what it throws rolls the import back.
ImportSummary import_deck_descriptor(Collection& collection, int descriptor,
                                     const std::string& name, TimestampMs now, bool dry_run = false,
                                     bool prune = false, const ProgressReport& progress = {});

// Imports the bundled decks into a collection that has never been offered them and has no decks.
// Returns what was imported (empty when nothing was).
std::vector<ImportSummary> import_bundled_decks_once(Collection& collection, TimestampMs now);

}  // namespace kioku::daemon
