// Notes: the rows of the notes table, as an import, note.add and note.update write them and the
// note methods read them. Like every store it prepares its statements when it is constructed
// and never begins a transaction: writes go inside Collection::write. The cards a note makes
// are CardStore's; Collection::save_note keeps the two in step.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/compact_string_set.hpp"
#include "core/note.hpp"
#include "core/time.hpp"
#include "daemon/store/note_type_store.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

struct StoredNote {
  std::int64_t id = 0;  // the row's id; `note.id` is the note's own (its guid)
  std::int64_t deck_id = 0;
  Note note;  // note.deck is the deck's slug
  std::string sibling_group;
  std::int64_t position = 0;
  TimestampMs created_ms = 0;
  TimestampMs modified_ms = 0;
  std::optional<TimestampMs> deleted_ms;  // set while soft-deleted
};

// What note.find looks for; every part given must match.
struct NoteSearch {
  std::optional<std::int64_t> deck_id;
  std::optional<std::string> tag;   // one of the note's tags, exactly
  std::optional<std::string> text;  // in a field, any language (core/text_query.hpp), or the id
  bool deleted = false;             // soft-deleted notes instead of live ones
  std::int64_t limit = 100;
  std::int64_t offset = 0;
};

class NoteStore {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  // Reads an Anki note's type through `types`, which must outlive it.
  NoteStore(sqlite::Database& database, NoteTypeStore& types);
  ~NoteStore();
  NoteStore(const NoteStore&) = delete;
  NoteStore& operator=(const NoteStore&) = delete;

  // Each throws kioku::Error (kStorage) when a stored note does not read.
  std::optional<StoredNote> find(std::int64_t deck_id, const std::string& guid);
  // Throws kioku::Error (kNotFound) when there is no such row.
  StoredNote note(std::int64_t note_id);
  // Every note with this id, in any deck, by row id: one index look a deck.
  std::vector<StoredNote> with_guid(const std::string& guid);
  // The oldest live (not deleted) note of each of the guids `gather_guids` puts in its set that
  // the collection has, by guid: one walk of the notes for an import that would otherwise look
  // each of its notes up, a scan each (the table's index is (deck_id, guid)). The guids are
  // gathered only when the collection has a live note: an import into an empty collection
  // keeps none, and need not hold its file's ids.
  std::unordered_map<std::string, std::int64_t> oldest_live_ids(
      const std::function<void(CompactStringSet&)>& gather_guids);
  // The row ids of the deck's notes that are not deleted, in row order: what an import's
  // --prune compares with the file's notes.
  std::vector<std::int64_t> live_ids_in_deck(std::int64_t deck_id);
  std::vector<StoredNote> search(const NoteSearch& search);
  // The row ids of the live notes whose fields, choices and tags as stored take more than
  // `bytes`, by deck and position: every note whose texts may pass `bytes`, since the stored
  // form (JSON, tags joined by spaces) is never shorter than the texts; the caller counts them.
  // One walk of every note (doctor.check's).
  std::vector<std::int64_t> live_ids_stored_past(std::size_t bytes);

  // `note` should be canonical (core/note_canonical.hpp): what is stored is what is compared.
  // `fields_json` is note_fields_to_json(note.fields), which the caller has made already for
  // its cards' hashes (made once, it cost a note.add 7,500 instructions less). `created` and
  // `modified` are the row's created_ms and modified_ms: one time but for a note that has a
  // time of change of its own (Collection::save_note).
  std::int64_t insert(std::int64_t deck_id, const Note& note, const std::string& fields_json,
                      const std::string& sibling_group, std::int64_t position, TimestampMs created,
                      TimestampMs modified);
  // insert() for a note the caller believes new: empty, and nothing written, when the deck has
  // a note of its id already (the table's UNIQUE (deck_id, guid) says so, instead of a lookup
  // before every insert).
  std::optional<std::int64_t> insert_new(std::int64_t deck_id, const Note& note,
                                         const std::string& fields_json, std::int64_t position,
                                         TimestampMs created, TimestampMs modified);
  // insert_new() for new notes with the row ids the caller gave them (above every id there
  // is), in multi-row INSERTs (daemon/store/rows_insert.hpp). False when a note its deck has
  // already (or one `rows` holds twice) fails a statement: none of that statement's rows stays,
  // those of the statements before it do, so RowsInsert::kMostRows rows or fewer land whole or
  // not at all. Which note clashed is not looked for. Each row's created_ms is `now`.
  struct NewRow {
    std::int64_t id = 0;
    std::int64_t deck_id = 0;
    const Note* note = nullptr;  // canonical
    const std::string* fields_json = nullptr;
    std::int64_t position = 0;
    TimestampMs modified = 0;  // its modified_ms
  };
  bool insert_new_rows(std::span<const NewRow> rows, TimestampMs now);
  // The largest row id of a note, 0 for none.
  std::int64_t largest_id();
  void update(std::int64_t note_id, const Note& note, const std::string& fields_json,
              const std::string& sibling_group, std::int64_t position, TimestampMs now);
  void set_position(std::int64_t note_id, std::int64_t position);
  // Soft delete (`deleted` set) or its undoing (`deleted` empty).
  void set_deleted(std::int64_t note_id, std::optional<TimestampMs> deleted, TimestampMs now);

 private:
  // The row id of an Anki note's type; empty for the other kinds.
  std::optional<std::int64_t> type_id(const Note& note);

  struct Statements;
  sqlite::Database& database_;
  NoteTypeStore& types_;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
