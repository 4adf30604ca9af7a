// The SQL of note type rows, prepared once, and the types read from them, kept.
#include "daemon/store/note_type_store.hpp"

#include <boost/json.hpp>

#include "core/error.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace json = boost::json;

namespace {

std::string fields_to_json(const AnkiNoteType& definition) {
  json::array fields;
  for (const std::string& name : definition.fields) fields.emplace_back(name);
  return json::serialize(fields);
}

std::string templates_to_json(const AnkiNoteType& definition) {
  json::array templates;
  for (const AnkiCardTemplate& entry : definition.templates) {
    templates.push_back(
        json::object{{"name", entry.name}, {"question", entry.question}, {"answer", entry.answer}});
  }
  return json::serialize(templates);
}

[[noreturn]] void refuse(std::int64_t id) {
  throw Error(ErrorCode::kStorage,
              bilingual("note type {id} is not what kiokud writes",
                        "ノートタイプ {id} の内容が kiokud の書き込む形式ではありません",
                        {{"id", std::to_string(id)}}));
}

// The row's fields and templates, as note_type_key and templates_to_json wrote them.
AnkiNoteType read_definition(std::int64_t id, std::int64_t anki_id, std::string name, bool cloze,
                             const std::string& fields, const std::string& templates,
                             std::string css) {
  AnkiNoteType definition;
  definition.id = anki_id;
  definition.name = std::move(name);
  definition.cloze = cloze;
  definition.css = std::move(css);
  json::error_code error;
  const json::value field_list = json::parse(fields, error);
  if (error || !field_list.is_array()) refuse(id);
  for (const json::value& field : field_list.get_array()) {
    if (!field.is_string()) refuse(id);
    definition.fields.emplace_back(field.get_string());
  }
  const json::value template_list = json::parse(templates, error);
  if (error || !template_list.is_array()) refuse(id);
  for (const json::value& entry : template_list.get_array()) {
    const json::object* object = entry.if_object();
    if (object == nullptr) refuse(id);
    AnkiCardTemplate read;
    for (auto [key, into] : {std::pair{"name", &read.name}, std::pair{"question", &read.question},
                             std::pair{"answer", &read.answer}}) {
      const json::value* value = object->if_contains(key);
      if (value == nullptr || !value->is_string()) refuse(id);
      *into = value->get_string();
    }
    definition.templates.push_back(std::move(read));
  }
  return definition;
}

}  // namespace

struct NoteTypeStore::Statements {
  explicit Statements(sqlite::Database& database)
      : select_by_key(database.prepare(
            "SELECT id, name, fields, templates, css, cloze FROM note_types WHERE key = ?1")),
        select_by_id(database.prepare("SELECT key, anki_id, name, cloze, fields, templates, css, "
                                      "modified_ms FROM note_types WHERE id = ?1")),
        select_modified(database.prepare("SELECT modified_ms, key FROM note_types WHERE id = ?1")),
        select_by_name(database.prepare("SELECT id FROM note_types WHERE name = ?1 "
                                        "ORDER BY modified_ms DESC, id DESC LIMIT 1")),
        select_any(database.prepare("SELECT EXISTS (SELECT 1 FROM note_types)")),
        insert(database.prepare(
            "INSERT INTO note_types (key, anki_id, name, cloze, fields, templates, css, "
            "created_ms, modified_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)")),
        update(database.prepare("UPDATE note_types SET name = ?2, templates = ?3, css = ?4, "
                                "modified_ms = ?5 WHERE id = ?1")) {}

  sqlite::Statement select_by_key;
  sqlite::Statement select_by_id;
  sqlite::Statement select_modified;
  sqlite::Statement select_by_name;
  sqlite::Statement select_any;
  sqlite::Statement insert;
  sqlite::Statement update;
};

NoteTypeStore::NoteTypeStore(sqlite::Database& database)
    : database_(database), statements_(std::make_unique<Statements>(database)) {}

NoteTypeStore::~NoteTypeStore() = default;

std::shared_ptr<const TemplatedNoteType> NoteTypeStore::save(const AnkiNoteType& definition,
                                                             TimestampMs now) {
  const std::string key = note_type_key(definition);
  const std::string templates = templates_to_json(definition);
  std::int64_t id = 0;
  {
    sqlite::Statement& select = statements_->select_by_key;
    sqlite::StatementScope scope(select);
    select.bind(1, key);
    if (select.step()) {
      id = select.column_int(0);
      if (select.column_text(1) != definition.name || select.column_text(3) != templates ||
          select.column_text(4) != definition.css) {
        statements_->update.bind(1, id).bind(2, definition.name).bind(3, templates);
        statements_->update.bind(4, definition.css).bind(5, now).run();
        // Its modified_ms may be the one kept (two saves in one millisecond).
        kept_.erase(id);
      }
    }
  }
  if (id == 0) {
    sqlite::Statement& insert = statements_->insert;
    insert.bind(1, key).bind(2, definition.id).bind(3, definition.name);
    insert.bind(4, definition.cloze ? 1 : 0).bind(5, fields_to_json(definition));
    insert.bind(6, templates).bind(7, definition.css).bind(8, now).run();
    id = database_.last_insert_rowid();
  }
  return by_id(id);
}

std::shared_ptr<const TemplatedNoteType> NoteTypeStore::by_id(std::int64_t id) {
  const auto kept = kept_.find(id);
  if (kept != kept_.end()) {
    sqlite::Statement& select = statements_->select_modified;
    sqlite::StatementScope scope(select);
    select.bind(1, id);
    // The same row as kept: a rolled-back write may have given its id to another type.
    if (select.step() && select.column_int(0) == kept->second.modified_ms &&
        select.column_text(1) == kept->second.type->key()) {
      return kept->second.type;
    }
  }
  sqlite::Statement& select = statements_->select_by_id;
  sqlite::StatementScope scope(select);
  select.bind(1, id);
  if (!select.step()) {
    throw Error(ErrorCode::kStorage,
                bilingual("no note type with row id {id}", "行 ID {id} のノートタイプはありません",
                          {{"id", std::to_string(id)}}));
  }
  const std::string key = select.column_text(0);
  std::shared_ptr<const TemplatedNoteType> type =
      TemplatedNoteType::make(key, read_definition(id, select.column_int(1), select.column_text(2),
                                                   select.column_int(3) == 1, select.column_text(4),
                                                   select.column_text(5), select.column_text(6)));
  kept_[id] = Kept{select.column_int(7), type};
  return type;
}

std::shared_ptr<const TemplatedNoteType> NoteTypeStore::by_name(const std::string& name) {
  std::int64_t id = 0;
  {
    sqlite::Statement& select = statements_->select_by_name;
    sqlite::StatementScope scope(select);
    select.bind(1, name);
    if (!select.step()) return nullptr;
    id = select.column_int(0);
  }
  return by_id(id);
}

std::int64_t NoteTypeStore::id_of(const std::string& key) {
  // Asked of the table every time (its UNIQUE key makes it one lookup): a row a rolled-back
  // write inserted must not be remembered.
  sqlite::Statement& select = statements_->select_by_key;
  sqlite::StatementScope scope(select);
  select.bind(1, key);
  if (select.step()) return select.column_int(0);
  throw Error(ErrorCode::kStorage,
              bilingual("no note type {key} is kept", "ノートタイプ {key} は保存されていません",
                        {{"key", key}}));
}

bool NoteTypeStore::any() {
  sqlite::Statement& select = statements_->select_any;
  sqlite::StatementScope scope(select);
  return select.step() && select.column_int(0) != 0;
}

void NoteTypeStore::forget() noexcept {
  kept_.clear();
}

}  // namespace kioku::daemon
