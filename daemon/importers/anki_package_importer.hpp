// Imports an Anki package (.apkg/.colpkg; docs/anki-import.md, "Packages"): its notes of Anki's
// five stock note types as kioku notes of the matching kinds, by the path every import takes
// (Collection::save_note), with their decks, tags and suspended cards, and its media files.
// All or nothing: the notes in one write, the media files put in place only once it is done.
// Without `with_history` every card it adds is new; with it, each card that has no answer in
// kioku takes its Anki log and scheduling (docs/anki-import.md, "History").
#pragma once

#include <string>

#include "core/day_calendar.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

struct AnkiPackageOptions {
  std::string language = "en";  // the language the fields' text is stored under
  std::string data_directory;   // where the collection is unpacked and media/ is
  // Anki's review log and each card's scheduling come too (kioku import --with-history).
  bool with_history = false;
  // The hour the days the imported answers and dues are put on start (DayCalendar); a number,
  // not a calendar, which is 96 KB of caches to copy with the options.
  int day_starts_at_hour = DayCalendar::kDefaultDayStartHour;
};

// Imports the package open at `descriptor` (named `name` in errors). A note whose guid kioku
// has is updated when the package's copy is newer (notes.mod after the kioku note's
// modified_ms: the mod of the package it came from, or the time kioku last changed it), else
// left; an imported note keeps its package's mod as its modified_ms. Throws kioku::InputError
// naming the package: a malformed package, a note type other than the five (named), a note its
// kind refuses; nothing is changed then.
// With `dry_run` the import is done and rolled back and no media file is written. `progress`
// hears the notes and cards done; what it throws rolls the import back.
ImportSummary import_anki_package_descriptor(Collection& collection, int descriptor,
                                             const std::string& name,
                                             const AnkiPackageOptions& options, bool dry_run,
                                             TimestampMs now, const ProgressReport& progress = {});

}  // namespace kioku::daemon
