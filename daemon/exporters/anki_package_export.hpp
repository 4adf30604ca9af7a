// An Anki package of decks (`kioku export --format apkg`, docs/export.md): legacy 2 as Anki's
// "Support older Anki versions" export writes it: `meta` (version 2), the collection as
// `collection.anki21` in schema 11, the JSON `media` map and each media file a note names.
#pragma once

#include <span>
#include <string>

#include "core/deck_export.hpp"
#include "core/time.hpp"
#include "core/work_progress.hpp"

namespace kioku::daemon {

struct AnkiPackageExport {
  std::string language;        // of the fields' text
  std::string data_directory;  // where temporary files are made and media/ is
  TimestampMs now = 0;
  TimestampMs day_start = 0;  // the start of today: the package's day 0 (col.crt)
  bool with_history = false;  // each card's answers (ExportCard::answers) as revlog rows
};

struct AnkiPackageWritten {
  std::int64_t notes = 0;
  std::int64_t cards = 0;
  std::int64_t media = 0;
  std::int64_t reviews = 0;  // with_history: revlog rows written
};

// Writes the package into `descriptor` (a regular file, written from its current offset).
// Throws kioku::Error when a temporary file cannot be made or written (kStorage) or the
// descriptor cannot be written; the temporary files are removed whatever happens. `progress`
// hears the stage kWriting's fraction while the package is compressed, and what it throws
// (WorkCancelled) stops the compression and is rethrown.
AnkiPackageWritten write_anki_package(std::span<const ExportDeck> decks,
                                      const AnkiPackageExport& options, int descriptor,
                                      const ProgressReport& progress = ProgressReport{});

}  // namespace kioku::daemon
