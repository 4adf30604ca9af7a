// Anki note types kept as themselves (schema 0014, docs/anki-templates.md): the rows of the
// note_types table, which an Anki import writes and every read of an Anki note needs. A type is
// read and its templates parsed once, then shared by its notes (core/templated_note_type.hpp);
// the copy kept is checked against the row's modified_ms and key on each use, so that a type
// another connection (the import worker) changed, or a row a rolled-back write left, is read
// again.
// Like every store it prepares its statements when it is constructed and never begins a
// transaction. Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "core/anki_stock_note_type.hpp"
#include "core/templated_note_type.hpp"
#include "core/time.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

class NoteTypeStore {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  explicit NoteTypeStore(sqlite::Database& database);
  ~NoteTypeStore();
  NoteTypeStore(const NoteTypeStore&) = delete;
  NoteTypeStore& operator=(const NoteTypeStore&) = delete;

  // The type kept for Anki's `definition`: the one of its key (core's note_type_key), its name,
  // templates and style made the definition's when they differ; a new row when there is none.
  std::shared_ptr<const TemplatedNoteType> save(const AnkiNoteType& definition, TimestampMs now);

  // The type of row `id`. Throws kioku::Error (kStorage) when there is none or it does not read.
  std::shared_ptr<const TemplatedNoteType> by_id(std::int64_t id);
  // The type named `name` (as Anki names it, exactly) changed last; null when none is.
  std::shared_ptr<const TemplatedNoteType> by_name(const std::string& name);
  // The row id of the type of `key`. Throws kioku::Error (kStorage) when there is none.
  std::int64_t id_of(const std::string& key);
  // Whether the collection keeps any type: a text import's rows can name one only then.
  bool any();

  // Drops the types kept: the collection under them was replaced (a restore).
  void forget() noexcept;

 private:
  struct Kept {
    TimestampMs modified_ms = 0;
    std::shared_ptr<const TemplatedNoteType> type;
  };
  struct Statements;
  sqlite::Database& database_;
  std::unique_ptr<Statements> statements_;
  std::unordered_map<std::int64_t, Kept> kept_;
};

}  // namespace kioku::daemon
