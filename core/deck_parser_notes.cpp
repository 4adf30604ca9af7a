// A note's table holds id, kind, tags, and for a choice note choices and answer; every other key
// is one of its fields, which validate_note checks against its kind. A field is a string in a
// deck of one language, else a table of one string per language (`front.en`, `front.ja`).
#include "core/deck_parser_notes.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/deck_parser_limits.hpp"
#include "core/deck_parser_source.hpp"
#include "core/deck_parser_text.hpp"
#include "core/error.hpp"
#include "core/note_validation.hpp"
#include "core/templated_note_type.hpp"

namespace kioku {

namespace {

constexpr TextRule kIdRule{kMaxNoteIdBytes, false};
constexpr TextRule kAnkiFieldTextRule{kMaxAnkiFieldBytes, true};

constexpr std::string_view kNoteKeys[] = {"id",     "kind",      "tags",      "choices",
                                          "answer", "note_type", "kept_cards"};

bool is_note_key(std::string_view key) {
  return std::find(std::begin(kNoteKeys), std::end(kNoteKeys), key) != std::end(kNoteKeys);
}

class NoteReader {
 public:
  NoteReader(const toml::table& table, const TablePlace& place, std::string_view part_text,
             int index, const Deck& deck)
      : table_(table),
        reader_(table, place, "notes[" + std::to_string(index) + "]",
                line_of(table, place.part_first_line)),
        part_text_(part_text),
        deck_(deck) {}

  DeckNote read() {
    DeckNote result;
    result.line = reader_.line_of(table_);
    result.column = static_cast<int>(table_.source().begin.column);
    Note& note = result.note;
    note.deck = deck_.id;
    note.id = reader_.string("id");
    reader_.check_text("id", note.id, kIdRule, table_.get("id"));
    note.kind = kind();
    if (note.kind == NoteKind::kAnki) return read_anki(result);
    for (const std::string_view key : {"note_type", "kept_cards"}) {
      if (reader_.has(std::string(key))) {
        reader_.fail(std::string(key),
                     bilingual("only an anki note has it", "anki のノートだけが持つキーです"),
                     table_.get(std::string_view(key)));
      }
    }
    if (reader_.has("tags")) note.tags = reader_.tags("tags");
    if (reader_.has("choices")) note.choices = choices();
    if (reader_.has("answer")) {
      // By the key, not its value: validate_note reads an answer of 0 as none given.
      if (!note_kind_spec(note.kind).has_choices) {
        reader_.fail("answer",
                     bilingual("only a choice note has an answer",
                               "answer を持つのは choice のノートだけです"),
                     table_.get("answer"));
      }
      note.answer = answer();
    } else if (note_kind_spec(note.kind).has_choices) {
      reader_.fail("answer",
                   bilingual("missing (required): the choice that is right, counting from 1",
                             "ありません（必須）: 正しい選択肢の番号（1 から数えます）"));
    }
    note.fields = fields();
    try {
      validate_note(note);
    } catch (const NoteError& error) {
      fail(error);
    }
    return result;
  }

 private:
  bool single_language() const { return deck_.languages.size() == 1; }

  // An anki note: its type by name from the file's [[note_types]], the cards Anki made, and its
  // fields in a table of their own (their names are the type's, any text, so they could be a
  // note's own keys).
  DeckNote read_anki(DeckNote& result) const {
    reader_.allow_only({"id", "kind", "note_type", "kept_cards", "tags", "fields"});
    Note& note = result.note;
    const std::string type_name = reader_.string("note_type");
    for (const auto& type : deck_.note_types) {
      if (type->name() == type_name) note.note_type = type;
    }
    if (!note.note_type) {
      reader_.fail("note_type",
                   bilingual("no note type {name} in the file's [[note_types]]",
                             "ファイルの [[note_types]] にノートタイプ {name} はありません",
                             {{"name", quoted_for_error(type_name)}}),
                   table_.get("note_type"));
    }
    if (reader_.has("kept_cards")) note.kept_cards = kept_cards();
    if (reader_.has("tags")) note.tags = reader_.tags("tags");
    if (reader_.has("fields")) {
      const toml::node& node = reader_.require("fields");
      const toml::table* fields = node.as_table();
      if (fields == nullptr) {
        reader_.fail("fields",
                     bilingual("must be a table of the fields' texts",
                               "フィールドのテキストのテーブルでなければなりません"),
                     &node);
      }
      for (const auto& [key, value] : *fields) {
        const std::string name(key.str());
        note.fields.push_back(
            {name, field_text("fields." + key_name(name), value, kAnkiFieldTextRule)});
      }
    }
    try {
      validate_note(note);
    } catch (const NoteError& error) {
      fail(error);
    }
    return result;
  }

  std::vector<int> kept_cards() const {
    const toml::node& node = reader_.require("kept_cards");
    const toml::array* array = node.as_array();
    if (array == nullptr) {
      reader_.fail(
          "kept_cards",
          bilingual("must be a list of card numbers", "カード番号のリストでなければなりません"),
          &node);
    }
    std::vector<int> ordinals;
    for (const toml::node& element : *array) {
      const auto* number = element.as_integer();
      if (number == nullptr || number->get() < 0 || number->get() > INT_MAX) {
        reader_.fail("kept_cards",
                     bilingual("must be a list of card numbers (Anki's ord, from 0)",
                               "カード番号（Anki の ord、0 から）のリストでなければなりません"),
                     &element);
      }
      ordinals.push_back(static_cast<int>(number->get()));
    }
    return ordinals;
  }

  NoteKind kind() const {
    const std::string name = reader_.string("kind");
    if (name == note_kind_name(NoteKind::kAnki)) return NoteKind::kAnki;
    for (const NoteKindSpec& spec : note_kinds()) {
      if (spec.name == name) return spec.kind;
    }
    std::string known;
    for (const NoteKindSpec& spec : note_kinds()) {
      known += (known.empty() ? "" : ", ") + std::string(spec.name);
    }
    reader_.fail("kind",
                 bilingual("no kind {kind} (there are {known})",
                           "種類 {kind} はありません（あるのは {known}）",
                           {{"kind", quoted_for_error(name)}, {"known", known}}),
                 table_.get("kind"));
  }

  int answer() const {
    const std::int64_t answer = reader_.integer("answer");
    if (answer < INT_MIN || answer > INT_MAX) {
      reader_.fail("answer",
                   bilingual("one of the choices, counting from 1, got {answer}",
                             "選択肢を 1 から数えた番号でなければなりません（値: {answer}）",
                             {{"answer", std::to_string(answer)}}),
                   table_.get("answer"));
    }
    return static_cast<int>(answer);
  }

  std::vector<std::string> choice_list(const std::string& where, const toml::node& value) const {
    const toml::array* array = value.as_array();
    if (array == nullptr) reader_.fail(where, list_of_strings(), &value);
    std::vector<std::string> choices;
    for (const toml::node& element : *array) {
      if (!element.is_string()) reader_.fail(where, list_of_strings(), &element);
      const std::string& choice = element.as_string()->get();
      const BilingualMessage problem =
          text_problem_message(choice, kChoiceRule,
                               bilingual("choice {number}", "選択肢 {number}",
                                         {{"number", std::to_string(choices.size() + 1)}}));
      if (!problem.english.empty()) reader_.fail(where, problem, &element);
      choices.push_back(choice);
    }
    return choices;
  }

  LocalizedChoices choices() const {
    const toml::node& node = reader_.require("choices");
    if (single_language() && node.is_array()) {
      return {{deck_.languages.front(), choice_list("choices", node)}};
    }
    const toml::table* by_language = node.as_table();
    if (by_language == nullptr) {
      reader_.fail("choices", how_to_write("choices", "[…]"), &node);
    }
    return reader_.localized_table<std::vector<std::string>>(
        "choices", *by_language, deck_.languages,
        [&](const std::string& where, const toml::node& value) {
          return choice_list(where, value);
        });
  }

  // `key` = `value` once per language of the deck: "front.en = …, front.ja = …".
  std::string per_language(const std::string& key, const std::string& value) const {
    std::string written;
    for (const std::string& language : deck_.languages) {
      written += (written.empty() ? "" : ", ") + key + "." + language + " = " + value;
    }
    return written;
  }

  // How a value of `key` is written in this deck, for an error about one written otherwise.
  BilingualMessage how_to_write(const std::string& key, const std::string& value) const {
    if (single_language()) {
      return bilingual(
          "must be written {key} = {value} or {per_language}",
          "{key} = {value} または {per_language} と書かなければなりません",
          {{"key", key}, {"value", value}, {"per_language", per_language(key, value)}});
    }
    return bilingual("must give one per language ({per_language})",
                     "言語ごとに 1 つずつ指定しなければなりません（{per_language}）",
                     {{"per_language", per_language(key, value)}});
  }

  LocalizedText field_text(const std::string& key, const toml::node& value) const {
    return field_text(key, value, note_field_rule(key));
  }

  LocalizedText field_text(const std::string& key, const toml::node& value,
                           const TextRule& rule) const {
    if (value.is_string()) {
      if (!single_language()) {
        reader_.fail(key,
                     bilingual("must give one per language ({per_language}); a plain string is "
                               "for a deck of one language",
                               "言語ごとに 1 つずつ指定しなければなりません（{per_language}）。"
                               "ただの文字列は言語が 1 つのデッキで使います",
                               {{"per_language", per_language(key, "\"…\"")}}),
                     &value);
      }
      return {{deck_.languages.front(), reader_.one_text(key, value, rule)}};
    }
    const toml::table* by_language = value.as_table();
    if (by_language == nullptr) reader_.fail(key, how_to_write(key, "\"…\""), &value);
    return reader_.localized_table<std::string>(
        key, *by_language, deck_.languages, [&](const std::string& where, const toml::node& text) {
          return reader_.one_text(where, text, rule);
        });
  }

  // Every key that is not the note's own, as a field, in the order the file has them (toml++
  // keeps a table's keys sorted).
  std::vector<NoteField> fields() const {
    std::vector<std::pair<std::string, const toml::node*>> written;
    for (const auto& [key, value] : table_) {
      if (!is_note_key(key.str())) written.emplace_back(std::string(key.str()), &value);
    }
    std::stable_sort(written.begin(), written.end(), [](const auto& left, const auto& right) {
      const toml::source_position& a = left.second->source().begin;
      const toml::source_position& b = right.second->source().begin;
      return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    std::vector<NoteField> fields;
    for (const auto& [key, value] : written) {
      fields.push_back({key, field_text(key_name(key), *value)});
    }
    return fields;
  }

  // The NoteError as the deck's error: at the value it is about (the language's, when it has
  // one) and, for a place in a text, at that place in the file.
  [[noreturn]] void fail(const NoteError& error) const {
    std::string path = key_name(error.field());
    const toml::node* at = table_.get(error.field());
    if (at != nullptr && !error.language().empty()) {
      if (const toml::table* by_language = at->as_table()) {
        if (const toml::node* text = by_language->get(error.language())) {
          at = text;
          path += "." + error.language();
        }
      }
    }
    if (at != nullptr && error.place().known() && at->is_string() && at->source().begin.line > 0) {
      const SourcePlace literal{static_cast<int>(at->source().begin.line),
                                static_cast<int>(at->source().begin.column)};
      const SourcePlace place = place_in_string_literal(part_text_, literal, error.place().offset);
      reader_.fail_at(path, error.problem_message(),
                      place.line + reader_.place().part_first_line - 1,
                      reader_.place().columns ? place.column : 0);
    }
    reader_.fail(path, error.problem_message(), at);
  }

  const toml::table& table_;
  TableReader reader_;
  std::string_view part_text_;
  const Deck& deck_;
};

}  // namespace

DeckNote read_deck_note(const toml::table& table, const TablePlace& place,
                        std::string_view part_text, int index, const Deck& deck) {
  return NoteReader(table, place, part_text, index, deck).read();
}

}  // namespace kioku
