// Writes the collection inside an Anki package that `kioku export --format apkg` makes: a new
// SQLite file in Anki's schema 11 layout (anki-formats.md, 2), as Anki's legacy exporter writes
// `collection.anki21`. Lives in daemon/store/ because it is SQLite; what goes in is decided by
// daemon/exporters/anki_package_export.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/anki_answers.hpp"
#include "core/anki_export_mapping.hpp"

namespace kioku::daemon {

struct AnkiPackageNote {
  std::int64_t id = 0;
  std::string guid;
  std::int64_t type_id = 0;
  std::int64_t modified_s = 0;
  std::string tags;                 // " a b " as Anki writes them
  std::vector<std::string> fields;  // HTML
  std::string sort_field;           // the first field without its HTML
  std::int64_t checksum = 0;        // csum
};

struct AnkiPackageCard {
  std::int64_t id = 0;
  std::int64_t note_id = 0;
  std::int64_t deck_id = 0;
  std::int64_t ord = 0;
  std::int64_t modified_s = 0;
  AnkiCardSchedule schedule;
  int flag = 0;  // cards.flags: 0 none, 1 red ... 7 purple
};

// One revlog row of card `card_id`; its id (the answer's time) is made unique on writing.
struct AnkiPackageReview {
  std::int64_t card_id = 0;
  AnkiRevlogRow row;
};

struct AnkiPackageCollection {
  std::int64_t created_s = 0;  // col.crt: day 0 of the review dues
  std::int64_t modified_ms = 0;
  std::string conf;  // col's JSON columns
  std::string models;
  std::string decks;
  std::string dconf;
  std::string tags;
  std::vector<AnkiPackageNote> notes;
  std::vector<AnkiPackageCard> cards;
  std::vector<AnkiPackageReview> reviews;
};

// Creates the file at `path` (which must not hold a database) and writes `collection` into it
// in one transaction. Throws sqlite::SqliteError (kioku::Error, kStorage) when it cannot.
void write_anki_collection(const std::string& path, const AnkiPackageCollection& collection);

}  // namespace kioku::daemon
