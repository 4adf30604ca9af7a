#include "core/deck_parser_note_types.hpp"

#include <set>
#include <string>

#include "core/deck_parser_text.hpp"
#include "core/note_type_rules.hpp"

namespace kioku {

namespace {

// A string of `table`, which may be empty (a template's answer, a style): its text is checked
// with the rest of the type (note_type_problem).
std::string any_text(const TableReader& table, const std::string& key) {
  const toml::node& node = table.require(key);
  if (!node.is_string()) {
    table.fail(key, bilingual("must be a string", "文字列でなければなりません"), &node);
  }
  return node.as_string()->get();
}

// The reader of card template `index` of `type`'s list.
TableReader template_reader(const TableReader& type, const toml::node& node, std::size_t index) {
  const std::string where = "templates[" + std::to_string(index + 1) + "]";
  const toml::table* table = node.as_table();
  if (table == nullptr) {
    type.fail(where,
              bilingual("must be a table {name, question, answer}",
                        "テーブル {name, question, answer} でなければなりません"),
              &node);
  }
  return TableReader(*table, type.place(), type.field(where), type.line_of(node));
}

// Fails at the key of the file that holds `problem`.
[[noreturn]] void fail_at_problem(const TableReader& type, const toml::array& templates,
                                  const NoteTypeProblem& problem) {
  const std::string key(note_type_part_key(problem.part));
  if (!is_template_part(problem.part)) type.fail(key, problem.problem, &type.require(key));
  const TableReader entry =
      template_reader(type, *templates.get(problem.template_index), problem.template_index);
  entry.fail(key, problem.problem, &entry.require(key));
}

AnkiNoteType read_type(const TableReader& type) {
  type.allow_only({"name", "anki_id", "cloze", "fields", "templates", "css"});
  AnkiNoteType definition;
  definition.name = any_text(type, "name");
  if (type.has("anki_id")) definition.id = type.integer("anki_id");
  if (type.has("cloze")) {
    const toml::node& cloze = type.require("cloze");
    if (!cloze.is_boolean()) {
      type.fail("cloze", bilingual("must be true or false", "true か false でなければなりません"),
                &cloze);
    }
    definition.cloze = cloze.as_boolean()->get();
  }
  definition.fields = type.string_list("fields");
  const toml::node& templates = type.require("templates");
  const toml::array* list = templates.as_array();
  if (list == nullptr) {
    type.fail(
        "templates",
        bilingual("must list the card templates: [{name, question, answer}, ...]",
                  "カードテンプレートを挙げなければなりません: [{name, question, answer}, ...]"),
        &templates);
  }
  for (std::size_t index = 0; index < list->size(); ++index) {
    const TableReader entry = template_reader(type, *list->get(index), index);
    entry.allow_only({"name", "question", "answer"});
    definition.templates.push_back({.name = any_text(entry, "name"),
                                    .question = any_text(entry, "question"),
                                    .answer = any_text(entry, "answer")});
  }
  if (type.has("css")) definition.css = any_text(type, "css");
  if (const std::optional<NoteTypeProblem> problem = note_type_problem(definition)) {
    fail_at_problem(type, *list, *problem);
  }
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
    file.fail("note_types",
              bilingual("must be an array of tables ([[note_types]])",
                        "テーブルの配列（[[note_types]]）でなければなりません"),
              &node);
  }
  std::set<std::string> names;
  for (std::size_t index = 0; index < list->size(); ++index) {
    const toml::node& entry = *list->get(index);
    const std::string where = "note_types[" + std::to_string(index + 1) + "]";
    const TableReader type(*entry.as_table(), file.place(), where, file.line_of(entry));
    AnkiNoteType definition = read_type(type);
    if (!names.insert(definition.name).second) {
      type.fail("name",
                bilingual("another note type of this file has the name {name}",
                          "このファイルのほかのノートタイプにも {name} という名前があります",
                          {{"name", quoted_for_error(definition.name)}}));
    }
    std::string key = note_type_key(definition);
    // Two types of one key would be one kept type, the second's templates the first's.
    for (const auto& earlier : types) {
      if (earlier->key() == key) {
        type.fail("name",
                  bilingual("has the same anki_id, kind, fields and template names as note type "
                            "{name}; give one of them its own anki_id",
                            "ノートタイプ {name} と anki_id、種類、フィールド、テンプレート名が"
                            "すべて同じです。どちらかに別の anki_id を付けてください",
                            {{"name", quoted_for_error(earlier->name())}}));
      }
    }
    types.push_back(TemplatedNoteType::make(std::move(key), std::move(definition)));
  }
  return types;
}

}  // namespace kioku
