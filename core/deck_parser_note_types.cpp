#include "core/deck_parser_note_types.hpp"

#include <set>
#include <string>

#include "core/deck_parser_limits.hpp"
#include "core/deck_parser_text.hpp"

namespace kioku {

namespace {

constexpr TextRule kNameRule{kMaxTemplatedNameBytes, false};
constexpr TextRule kTemplateRule{kMaxTemplateBytes, true};

// A string of `table` that may be empty (a template's answer, a style), keeping to `rule`.
std::string any_text(const TableReader& table, const std::string& key, const TextRule& rule) {
  const toml::node& node = table.require(key);
  if (!node.is_string()) table.fail(key, "must be a string", &node);
  const std::string& text = node.as_string()->get();
  table.check_text(key, text, rule, &node);
  return text;
}

AnkiCardTemplate read_template(const TableReader& type, const toml::node& node,
                               const std::string& where) {
  const toml::table* table = node.as_table();
  if (table == nullptr) type.fail(where, "must be a table {name, question, answer}", &node);
  const TableReader entry(*table, type.place(), type.field(where), type.line_of(node));
  entry.allow_only({"name", "question", "answer"});
  AnkiCardTemplate read;
  read.name = any_text(entry, "name", kNameRule);
  read.question = any_text(entry, "question", kTemplateRule);
  read.answer = any_text(entry, "answer", kTemplateRule);
  if (read.question.size() + read.answer.size() > kMaxTemplateBytes) {
    entry.fail("question", "the two sides are longer than " + std::to_string(kMaxTemplateBytes) +
                               " bytes together");
  }
  return read;
}

AnkiNoteType read_type(const TableReader& type) {
  type.allow_only({"name", "anki_id", "cloze", "fields", "templates", "css"});
  AnkiNoteType definition;
  definition.name = any_text(type, "name", kNameRule);
  if (definition.name.empty()) type.fail("name", "a note type needs a name", &type.require("name"));
  if (type.has("anki_id")) definition.id = type.integer("anki_id");
  if (type.has("cloze")) {
    const toml::node& cloze = type.require("cloze");
    if (!cloze.is_boolean()) type.fail("cloze", "must be true or false", &cloze);
    definition.cloze = cloze.as_boolean()->get();
  }
  const toml::node* fields_at = &type.require("fields");
  definition.fields = type.string_list("fields");
  if (definition.fields.empty()) type.fail("fields", "a note type needs a field", fields_at);
  if (definition.fields.size() > kMaxTemplatedFields) {
    type.fail("fields", "at most " + std::to_string(kMaxTemplatedFields) + " fields", fields_at);
  }
  std::set<std::string> seen;
  for (const std::string& field : definition.fields) {
    type.check_text("fields", field, kNameRule, fields_at);
    if (field.empty()) type.fail("fields", "a field needs a name", fields_at);
    if (!seen.insert(field).second) {
      type.fail("fields", quoted_for_error(field) + " is listed twice", fields_at);
    }
  }
  const toml::node& templates = type.require("templates");
  const toml::array* list = templates.as_array();
  if (list == nullptr || list->empty()) {
    type.fail("templates", "must list the card templates: [{name, question, answer}, ...]",
              &templates);
  }
  if (list->size() > kMaxTemplatedTemplates) {
    type.fail("templates", "at most " + std::to_string(kMaxTemplatedTemplates) + " templates",
              &templates);
  }
  for (std::size_t index = 0; index < list->size(); ++index) {
    definition.templates.push_back(
        read_template(type, *list->get(index), "templates[" + std::to_string(index + 1) + "]"));
  }
  if (type.has("css")) definition.css = any_text(type, "css", kTemplateRule);
  return definition;
}

}  // namespace

std::vector<std::shared_ptr<const TemplatedNoteType>> read_deck_note_types(
    const TableReader& file) {
  std::vector<std::shared_ptr<const TemplatedNoteType>> types;
  if (!file.has("note_types")) return types;
  const toml::node& node = file.require("note_types");
  const toml::array* list = node.as_array();
  if (list == nullptr || !list->is_array_of_tables()) {
    file.fail("note_types", "must be an array of tables ([[note_types]])", &node);
  }
  std::set<std::string> names;
  for (std::size_t index = 0; index < list->size(); ++index) {
    const toml::node& entry = *list->get(index);
    const std::string where = "note_types[" + std::to_string(index + 1) + "]";
    const TableReader type(*entry.as_table(), file.place(), where, file.line_of(entry));
    AnkiNoteType definition = read_type(type);
    if (!names.insert(definition.name).second) {
      type.fail("name",
                "another note type of this file has the name " + quoted_for_error(definition.name));
    }
    std::string key = note_type_key(definition);
    // Two types of one key would be one kept type, the second's templates the first's.
    for (const auto& earlier : types) {
      if (earlier->key() == key) {
        type.fail("name", "has the same anki_id, kind, fields and template names as note type " +
                              quoted_for_error(earlier->name()) +
                              "; give one of them its own anki_id");
      }
    }
    types.push_back(TemplatedNoteType::make(std::move(key), std::move(definition)));
  }
  return types;
}

}  // namespace kioku
