// Imports kioku's own TOML decks: from a file a client names, or the decks built into kiokud.
#pragma once

#include <string>
#include <vector>

#include "daemon/store/collection.hpp"

namespace kioku::daemon {

// Parses and imports the deck at `path` in one transaction. Throws kioku::InputError (naming
// file, line and field) for a bad deck; nothing is imported then.
ImportSummary import_deck_file(Collection& collection, const std::string& path, TimestampMs now);

// Imports the bundled decks into a collection that has never been offered them and has no decks.
// Returns what was imported (empty when nothing was).
std::vector<ImportSummary> import_bundled_decks_once(Collection& collection, TimestampMs now);

}  // namespace kioku::daemon
