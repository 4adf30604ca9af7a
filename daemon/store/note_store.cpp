// The SQL of note rows, prepared once.
#include "daemon/store/note_store.hpp"

#include "core/note_kind.hpp"
#include "daemon/store/note_codec.hpp"
#include "daemon/store/note_text_search.hpp"
#include "daemon/store/rows_insert.hpp"
#include "daemon/store/sqlite.hpp"
#include "daemon/store/tagged_cards.hpp"

namespace kioku::daemon {

namespace {

constexpr const char* kNoteColumns =
    "n.id, n.deck_id, d.slug, n.guid, n.kind, n.fields, n.choices, n.answer, n.tags, "
    "n.sibling_group, n.position, n.created_ms, n.modified_ms, n.deleted_ms, n.note_type, "
    "n.kept_cards "
    "FROM notes n JOIN decks d ON d.id = n.deck_id ";

std::string select_notes(const std::string& condition) {
  return std::string("SELECT ") + kNoteColumns + condition;
}

StoredNote read_note(const sqlite::Statement& row, NoteTypeStore& types) {
  StoredNote stored;
  stored.id = row.column_int(0);
  stored.deck_id = row.column_int(1);
  stored.note.deck = row.column_text(2);
  stored.note.id = row.column_text(3);
  try {
    // Anki notes are no kind a user may write, so parse_note_kind does not read them.
    const std::string kind = row.column_text(4);
    stored.note.kind =
        kind == note_kind_name(NoteKind::kAnki) ? NoteKind::kAnki : parse_note_kind(kind);
  } catch (const NoteError&) {
    throw Error(ErrorCode::kStorage,
                bilingual("note {id} has kind {kind}, which kiokud does not know",
                          "ノート {id} の種類 {kind} は kiokud の知らない種類です",
                          {{"id", std::to_string(stored.id)}, {"kind", row.column_text(4)}}));
  }
  stored.note.fields = note_fields_from_json(row.column_text(5));
  stored.note.choices = note_choices_from_json(row.column_text(6));
  stored.note.answer = static_cast<int>(row.column_int(7));
  stored.note.tags = split_tags(row.column_text(8));
  stored.sibling_group = row.column_text(9);
  stored.position = row.column_int(10);
  stored.created_ms = row.column_int(11);
  stored.modified_ms = row.column_int(12);
  if (!row.column_is_null(13)) stored.deleted_ms = row.column_int(13);
  if (!row.column_is_null(14)) stored.note.note_type = types.by_id(row.column_int(14));
  stored.note.kept_cards = kept_cards_from_text(row.column_text(15));
  return stored;
}

std::vector<StoredNote> read_notes(sqlite::Statement& select, NoteTypeStore& types) {
  std::vector<StoredNote> notes;
  while (select.step()) notes.push_back(read_note(select, types));
  return notes;
}

}  // namespace

struct NoteStore::Statements {
  explicit Statements(sqlite::Database& database)
      : select_in_deck(database.prepare(select_notes("WHERE n.deck_id = ?1 AND n.guid = ?2"))),
        select_by_id(database.prepare(select_notes("WHERE n.id = ?1"))),
        // Through the decks: the index is (deck_id, guid), so one look a deck instead of a scan
        // of every note.
        select_by_guid(database.prepare(select_notes(
            "WHERE n.deck_id IN (SELECT id FROM decks) AND n.guid = ?1 ORDER BY n.id"))),
        select_live_guids(
            database.prepare("SELECT guid, id FROM notes WHERE deleted_ms IS NULL ORDER BY id")),
        select_live_ids(database.prepare(
            "SELECT id FROM notes WHERE deck_id = ?1 AND deleted_ms IS NULL ORDER BY id")),
        // length() of a BLOB counts bytes; of TEXT, characters.
        select_stored_past(database.prepare(
            "SELECT id FROM notes WHERE deleted_ms IS NULL AND length(CAST(fields AS BLOB)) + "
            "length(CAST(choices AS BLOB)) + length(CAST(tags AS BLOB)) > ?1 "
            "ORDER BY deck_id, position, id")),
        // ?1 deck or NULL, ?2 tag or NULL (it or a tag under it, in any case), ?3 the text or
        // NULL (in a field's text, or the note's id exactly), ?4 deleted (0/1), ?5 limit, ?6
        // offset. The page's ids are chosen first and only its rows read whole: sorting whole rows
        // to skip 200,000 of 228,000 notes took 1.55 s, sorting their keys 0.18 s.
        search(database.prepare(
            select_notes("WHERE n.id IN (SELECT n.id FROM notes n "
                         "WHERE (?1 IS NULL OR n.deck_id = ?1) "
                         "AND (?2 IS NULL OR kioku_has_tag(n.tags, ?2)) "
                         "AND (?3 IS NULL OR n.guid = ?3 OR kioku_fields_have_text(n.fields, ?3)) "
                         "AND ((n.deleted_ms IS NOT NULL) = ?4) "
                         "ORDER BY n.deck_id, n.position, n.id LIMIT ?5 OFFSET ?6) "
                         "ORDER BY n.deck_id, n.position, n.id"))),
        insert(database.prepare(
            "INSERT INTO notes (deck_id, guid, kind, fields, choices, answer, tags, "
            "sibling_group, position, created_ms, modified_ms, note_type, kept_cards) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)")),
        update(database.prepare(
            "UPDATE notes SET kind = ?2, fields = ?3, choices = ?4, answer = ?5, tags = ?6, "
            "sibling_group = ?7, position = ?8, modified_ms = ?9, note_type = ?10, "
            "kept_cards = ?11 WHERE id = ?1")),
        set_position(database.prepare("UPDATE notes SET position = ?2 WHERE id = ?1")),
        set_deleted(
            database.prepare("UPDATE notes SET deleted_ms = ?2, modified_ms = ?3 WHERE id = ?1")),
        largest_id(database.prepare("SELECT coalesce(max(id), 0) FROM notes")),
        insert_rows(database, "notes",
                    {"id", "deck_id", "guid", "kind", "fields", "choices", "answer", "tags",
                     "sibling_group", "position", "created_ms", "modified_ms", "note_type",
                     "kept_cards"}) {}

  sqlite::Statement select_in_deck;
  sqlite::Statement select_by_id;
  sqlite::Statement select_by_guid;
  sqlite::Statement select_live_guids;
  sqlite::Statement select_live_ids;
  sqlite::Statement select_stored_past;
  sqlite::Statement search;
  sqlite::Statement insert;
  sqlite::Statement update;
  sqlite::Statement set_position;
  sqlite::Statement set_deleted;
  sqlite::Statement largest_id;
  RowsInsert insert_rows;
};

namespace {

// The search's tag matches as review.next's does (core/tag_match.hpp); its text as
// core/text_query.hpp says.
sqlite::Database& with_search_functions(sqlite::Database& database) {
  add_has_tag_function(database);
  add_fields_have_text_function(database);
  return database;
}

}  // namespace

NoteStore::NoteStore(sqlite::Database& database, NoteTypeStore& types)
    : database_(database),
      types_(types),
      statements_(std::make_unique<Statements>(with_search_functions(database))) {}

NoteStore::~NoteStore() = default;

std::optional<StoredNote> NoteStore::find(std::int64_t deck_id, const std::string& guid) {
  sqlite::Statement& select = statements_->select_in_deck;
  sqlite::StatementScope scope(select);
  select.bind(1, deck_id).bind(2, guid);
  if (!select.step()) return std::nullopt;
  return read_note(select, types_);
}

StoredNote NoteStore::note(std::int64_t note_id) {
  sqlite::Statement& select = statements_->select_by_id;
  sqlite::StatementScope scope(select);
  select.bind(1, note_id);
  if (!select.step()) {
    throw Error(ErrorCode::kNotFound,
                bilingual("no note with row id {id}", "行 ID {id} のノートはありません",
                          {{"id", std::to_string(note_id)}}));
  }
  return read_note(select, types_);
}

std::vector<std::int64_t> NoteStore::live_ids_in_deck(std::int64_t deck_id) {
  sqlite::Statement& select = statements_->select_live_ids;
  sqlite::StatementScope scope(select);
  select.bind(1, deck_id);
  std::vector<std::int64_t> ids;
  while (select.step()) ids.push_back(select.column_int(0));
  return ids;
}

std::vector<std::int64_t> NoteStore::live_ids_stored_past(std::size_t bytes) {
  sqlite::Statement& select = statements_->select_stored_past;
  sqlite::StatementScope scope(select);
  select.bind(1, static_cast<std::int64_t>(bytes));
  std::vector<std::int64_t> ids;
  while (select.step()) ids.push_back(select.column_int(0));
  return ids;
}

std::vector<StoredNote> NoteStore::with_guid(const std::string& guid) {
  sqlite::Statement& select = statements_->select_by_guid;
  sqlite::StatementScope scope(select);
  select.bind(1, guid);
  return read_notes(select, types_);
}

std::unordered_map<std::string, std::int64_t> NoteStore::oldest_live_ids(
    const std::function<void(CompactStringSet&)>& gather_guids) {
  std::unordered_map<std::string, std::int64_t> ids;
  sqlite::Statement& select = statements_->select_live_guids;
  sqlite::StatementScope scope(select);
  if (!select.step()) return ids;
  CompactStringSet guids;
  gather_guids(guids);
  if (guids.empty()) return ids;
  do {
    std::string guid = select.column_text(0);
    if (guids.contains(guid)) ids.try_emplace(std::move(guid), select.column_int(1));
  } while (select.step());
  return ids;
}

std::vector<StoredNote> NoteStore::search(const NoteSearch& search) {
  sqlite::Statement& select = statements_->search;
  sqlite::StatementScope scope(select);
  select.bind(1, search.deck_id);
  select.bind(2, search.tag);
  select.bind(3, search.text);
  select.bind(4, search.deleted ? 1 : 0);
  select.bind(5, search.limit).bind(6, search.offset);
  return read_notes(select, types_);
}

std::int64_t NoteStore::insert(std::int64_t deck_id, const Note& note,
                               const std::string& fields_json, const std::string& sibling_group,
                               std::int64_t position, TimestampMs created, TimestampMs modified) {
  sqlite::Statement& insert = statements_->insert;
  insert.bind(1, deck_id).bind_lasting(2, note.id).bind(3, note_kind_name(note.kind));
  insert.bind_lasting(4, fields_json).bind(5, note_choices_to_json(note.choices));
  insert.bind(6, note.answer).bind(7, join_tags(note.tags)).bind_lasting(8, sibling_group);
  insert.bind(9, position).bind(10, created).bind(11, modified).bind(12, type_id(note));
  insert.bind(13, kept_cards_to_text(note.kept_cards)).run();
  return database_.last_insert_rowid();
}

std::optional<std::int64_t> NoteStore::insert_new(std::int64_t deck_id, const Note& note,
                                                  const std::string& fields_json,
                                                  std::int64_t position, TimestampMs created,
                                                  TimestampMs modified) {
  try {
    return insert(deck_id, note, fields_json, "", position, created, modified);
  } catch (const sqlite::SqliteError& error) {
    // Confirmed by a lookup, only on this rare path: another UNIQUE index on notes, one day,
    // must not read as "the deck has this note".
    if (error.result_code() == SQLITE_CONSTRAINT_UNIQUE && find(deck_id, note.id)) {
      return std::nullopt;
    }
    throw;
  }
}

bool NoteStore::insert_new_rows(std::span<const NewRow> rows, TimestampMs now) {
  RowsInsert& insert = statements_->insert_rows;
  // Texts made here for a statement's rows, alive until it has run (they are bound lasting).
  std::vector<std::string> made;
  try {
    for_each_part(rows, [&](std::span<const NewRow> part) {
      sqlite::Statement& statement = insert.statement(static_cast<int>(part.size()));
      made.clear();
      made.reserve(part.size() * 3);
      for (std::size_t at = 0; at < part.size(); ++at) {
        const NewRow& row = part[at];
        const Note& note = *row.note;
        made.push_back(note_choices_to_json(note.choices));
        made.push_back(join_tags(note.tags));
        made.push_back(kept_cards_to_text(note.kept_cards));
        RowBinder binder = insert.row(statement, static_cast<int>(at));
        binder.bind(row.id).bind(row.deck_id).bind_lasting(note.id);
        binder.bind(note_kind_name(note.kind)).bind_lasting(*row.fields_json);
        binder.bind_lasting(made[made.size() - 3]).bind(note.answer);
        binder.bind_lasting(made[made.size() - 2]).bind_lasting("").bind(row.position);
        binder.bind(now).bind(row.modified).bind(type_id(note)).bind_lasting(made.back());
      }
      statement.run();
    });
  } catch (const sqlite::SqliteError& error) {
    // Which note clashed the caller finds, one note at a time (insert_new confirms each).
    if (error.result_code() == SQLITE_CONSTRAINT_UNIQUE) return false;
    throw;
  }
  return true;
}

std::int64_t NoteStore::largest_id() {
  sqlite::Statement& select = statements_->largest_id;
  sqlite::StatementScope scope(select);
  return select.step() ? select.column_int(0) : 0;
}

void NoteStore::update(std::int64_t note_id, const Note& note, const std::string& fields_json,
                       const std::string& sibling_group, std::int64_t position, TimestampMs now) {
  sqlite::Statement& update = statements_->update;
  update.bind(1, note_id).bind(2, note_kind_name(note.kind));
  update.bind(3, fields_json).bind(4, note_choices_to_json(note.choices));
  update.bind(5, note.answer).bind(6, join_tags(note.tags)).bind(7, sibling_group);
  update.bind(8, position).bind(9, now).bind(10, type_id(note));
  update.bind(11, kept_cards_to_text(note.kept_cards)).run();
}

std::optional<std::int64_t> NoteStore::type_id(const Note& note) {
  if (!note.note_type) return std::nullopt;
  return types_.id_of(note.note_type->key());
}

void NoteStore::set_position(std::int64_t note_id, std::int64_t position) {
  statements_->set_position.bind(1, note_id).bind(2, position).run();
}

void NoteStore::set_deleted(std::int64_t note_id, std::optional<TimestampMs> deleted,
                            TimestampMs now) {
  statements_->set_deleted.bind(1, note_id).bind(2, deleted).bind(3, now).run();
}

}  // namespace kioku::daemon
