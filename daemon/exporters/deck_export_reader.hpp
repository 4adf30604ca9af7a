// The decks `kioku export` writes, read from the collection: each chosen deck's live notes, in
// the deck's order, with their cards (retired ones left out) and each card's state.
#pragma once

#include <vector>

#include "core/deck_export.hpp"
#include "core/work_progress.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

// With `with_history`, each card's standing answers too (ExportCard::answers). Throws
// kioku::Error (kStorage) when a stored row does not read. Tells `progress` how many of each
// deck's notes it has read, which may stop it (WorkCancelled).
std::vector<ExportDeck> read_export_decks(Collection& collection, const std::vector<DeckRow>& decks,
                                          bool with_history = false,
                                          const ProgressReport& progress = ProgressReport{});

}  // namespace kioku::daemon
