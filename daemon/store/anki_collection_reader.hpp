// Reads the collection inside an Anki package (schema 11 or 18), which the package reader
// (daemon/importers/anki_package_reader.hpp) has put in a private file: its note types, decks,
// notes and cards, with what part 1 of issue 12 imports, and each card's stored scheduling and
// (when asked) its review log, which part 2 (--with-history) is to import.
// The only place outside the collection's own stores that sees SQLite, so it lives here.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/anki_answers.hpp"
#include "core/anki_card_state.hpp"
#include "core/anki_deck_options.hpp"
#include "core/anki_stock_note_type.hpp"

namespace kioku::daemon {

struct AnkiCard {
  std::int64_t deck_id = 0;  // the home deck: odid when the card sits in a filtered deck
  std::int64_t ord = 0;      // template index, or cloze number - 1
  std::int64_t queue = 0;    // -1 suspended, -2/-3 buried
  int flag = 0;              // 0 none, 1 red ... 7 purple
  // For part 2 (--with-history): the card's id, its stored scheduling and its log by time.
  std::int64_t id = 0;
  AnkiScheduling scheduling;
  std::vector<AnkiRevlogRow> reviews;  // by time
};

struct AnkiNote {
  std::string guid;
  std::int64_t type_id = 0;     // notes.mid
  std::int64_t modified_s = 0;  // notes.mod, seconds
  std::vector<std::string> fields;
  std::vector<std::string> tags;
  std::vector<AnkiCard> cards;  // by ord
};

struct AnkiCollection {
  int schema = 0;                    // col.ver: 11 or 18
  std::int64_t created_seconds = 0;  // col.crt: day 0 of the review cards' dues
  // The collection was on Anki's V1 scheduler (schedVer 1 or unset), whose learning answers
  // had three buttons: its log's ease 2 and 3 there meant Good and Easy.
  bool v1_scheduler = false;
  std::map<std::int64_t, AnkiNoteType> note_types;
  std::map<std::int64_t, std::string> decks;  // id -> name, levels joined with "::"
  // Deck options: each options group by id, and each normal deck's group.
  std::map<std::int64_t, AnkiDeckConfig> deck_configs;
  std::map<std::int64_t, std::int64_t> deck_config_ids;  // deck id -> options group id
  bool fsrs = false;            // the collection scheduled with FSRS (its "fsrs" setting)
  std::vector<AnkiNote> notes;  // by id
};

// The collection file at `path`, opened read-only: its settings, note types, decks and deck
// options are read at once (`collection()`, whose `notes` stay empty), its notes one at a time
// (`next_note`), so that a package's notes, cards and log never sit in memory together.
// Every member throws kioku::InputError naming `package` when the file is not a collection kioku
// reads (damaged, truncated, another schema, broken JSON or protobuf, two notes or two cards with
// one id), the quick_check's findings included (confirm_intact). Each card's review log is read
// only `with_history`: a package's log may be far larger than its notes.
class AnkiCollectionFile {
 public:
  AnkiCollectionFile(const std::string& path, const std::string& package,
                     bool with_history = false);
  ~AnkiCollectionFile();
  AnkiCollectionFile(const AnkiCollectionFile&) = delete;
  AnkiCollectionFile& operator=(const AnkiCollectionFile&) = delete;

  AnkiCollection& collection() noexcept { return collection_; }
  std::int64_t note_count();
  // Each note's guid, in the notes' order.
  void for_each_guid(const std::function<void(const std::string&)>& visit);
  // The next note by id with its cards by ord (and, with history, each card's log by time);
  // false after the last. A card whose note the file does not have is no note's. It may be
  // called on another thread than the one that opened the file (one thread at a time, after
  // note_count() and for_each_guid()); interrupt() cuts a call under way short, which then
  // throws. Unlike the other members, it throws what the reading met, not the check's finding,
  // which it does not wait for: the caller asks confirm_intact() when it throws.
  bool next_note(AnkiNote& note);
  void interrupt() noexcept;
  // Waits for SQLite's quick_check of the file, which runs beside the reading from the moment
  // the file is opened, and throws when it found the file damaged. Nothing read from the file
  // may be kept before this has returned; the other members but next_note() already throw the
  // check's error in place of whatever a damaged file made them throw.
  void confirm_intact();

 private:
  class Reader;
  std::string package_;
  std::unique_ptr<Reader> reader_;
  AnkiCollection collection_;
};

// The whole collection, its notes included: AnkiCollectionFile's, read to the end.
AnkiCollection read_anki_collection(const std::string& path, const std::string& package,
                                    bool with_history = false);

}  // namespace kioku::daemon
