// Imports Anki's plain-text notes files (docs/anki-import.md) as a stream: rows are read, mapped
// and saved one at a time inside one write, so the file is never held whole and a failure at
// any row leaves the collection as it was.
#pragma once

#include <string>

#include "core/anki_text_notes.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

// Imports the regular file open at `descriptor` (named `name` in errors and as the decks'
// source) in one write. A note whose deck (by slug) does not exist makes it, named as the file
// names it; a note the deck already has (by id: the guid column, else its first field) is
// updated in its place; new notes go after the deck's last card. With `dry_run` the same work is
// done and rolled back: the counts say what an import would change. Throws kioku::InputError
// naming the file, line and column; nothing is imported then. `progress` hears the share of the
// file read and the cards done; what it throws rolls the import back.
ImportSummary import_anki_text_descriptor(Collection& collection, int descriptor,
                                          const std::string& name, const AnkiTextOptions& options,
                                          bool dry_run, TimestampMs now,
                                          const ProgressReport& progress = {});

}  // namespace kioku::daemon
