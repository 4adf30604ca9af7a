// Writing a deck file: every text as a one-line basic string (core/toml_string.hpp), so that
// what is read back is exactly what was written.
#include "core/deck_toml_writer.hpp"

#include <algorithm>
#include <map>

#include "core/error.hpp"
#include "core/note_kind.hpp"
#include "core/templated_note_type.hpp"
#include "core/toml_string.hpp"

namespace kioku {

namespace {

void add_language(std::vector<std::string>& languages, const std::string& language) {
  if (std::find(languages.begin(), languages.end(), language) == languages.end()) {
    languages.push_back(language);
  }
}

// `text` in every language of `languages`, each on its own dotted key; a language without text
// takes the first language's (names only: a deck's name and description are not a note's
// content, and the format asks for one per language).
void write_names(std::string& out, const std::string& key, const LocalizedText& text,
                 const std::vector<std::string>& languages) {
  for (const std::string& language : languages) {
    out += key + "." + language + " = " + toml_string(pick_language(text, language)) + "\n";
  }
}

BilingualMessage missing_text(const Note& note, const std::string& field,
                              const std::string& language) {
  return bilingual(
      "note {note}: its {field} has no text in \"{language}\", which the deck's other texts "
      "have; a deck file gives every field in each of its languages (export it as tsv or apkg, "
      "which hold one language)",
      "ノート {note}: {field} に \"{language}\" のテキストがありません（デッキの他のテキストには"
      "あります）。デッキファイルはすべてのフィールドをそのすべての言語で記します（1 つの言語だけを"
      "収める tsv か apkg で書き出してください）",
      {{"note", note.id}, {"field", field}, {"language", language}});
}

// A key as TOML reads it back: bare when it can be, else a quoted string.
std::string toml_key(const std::string& key) {
  const bool bare = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
  return bare ? key : toml_string(key);
}

void write_note_type(std::string& out, const TemplatedNoteType& type) {
  const AnkiNoteType& definition = type.definition();
  out += "\n[[note_types]]\nname = " + toml_string(definition.name) +
         "\nanki_id = " + std::to_string(definition.id) +
         "\ncloze = " + (definition.cloze ? "true" : "false") + "\nfields = [";
  for (std::size_t i = 0; i < definition.fields.size(); ++i) {
    out += (i > 0 ? ", " : "") + toml_string(definition.fields[i]);
  }
  out += "]\ntemplates = [\n";
  for (const AnkiCardTemplate& entry : definition.templates) {
    out += "  { name = " + toml_string(entry.name) + ", question = " + toml_string(entry.question) +
           ", answer = " + toml_string(entry.answer) + " },\n";
  }
  out += "]\ncss = " + toml_string(definition.css) + "\n";
}

void write_note(std::string& out, const Note& note, const std::vector<std::string>& languages) {
  out += "\n[[notes]]\nid = " + toml_string(note.id) +
         "\nkind = " + toml_string(std::string(note_kind_name(note.kind))) + "\n";
  // An anki note's fields go under `fields.`: their names are its type's, which may be a note's
  // own keys.
  std::string field_prefix;
  if (note.kind == NoteKind::kAnki) {
    out += "note_type = " + toml_string(note.note_type->name()) + "\n";
    if (!note.kept_cards.empty()) {
      out += "kept_cards = [";
      for (std::size_t i = 0; i < note.kept_cards.size(); ++i) {
        out += (i > 0 ? ", " : "") + std::to_string(note.kept_cards[i]);
      }
      out += "]\n";
    }
    field_prefix = "fields.";
  }
  if (!note.tags.empty()) {
    out += "tags = [";
    for (std::size_t i = 0; i < note.tags.size(); ++i) {
      out += (i > 0 ? ", " : "") + toml_string(note.tags[i]);
    }
    out += "]\n";
  }
  for (const NoteField& field : note.fields) {
    if (!note.has_text(field.name)) continue;
    for (const std::string& language : languages) {
      const auto text = field.text.find(language);
      if (text == field.text.end() || text->second.empty()) {
        throw Error(ErrorCode::kConflict, missing_text(note, field.name, language));
      }
      out += field_prefix + toml_key(field.name) + "." + language + " = " +
             toml_string(text->second) + "\n";
    }
  }
  if (note.kind != NoteKind::kChoice) return;
  for (const std::string& language : languages) {
    const auto choices = note.choices.find(language);
    if (choices == note.choices.end()) {
      throw Error(ErrorCode::kConflict, missing_text(note, "choices", language));
    }
    out += "choices." + language + " = [";
    for (std::size_t i = 0; i < choices->second.size(); ++i) {
      out += (i > 0 ? ", " : "") + toml_string(choices->second[i]);
    }
    out += "]\n";
  }
  out += "answer = " + std::to_string(note.answer) + "\n";
}

}  // namespace

std::vector<std::string> deck_file_languages(const ExportDeck& deck) {
  std::vector<std::string> languages;
  for (const std::string& language : deck.languages) add_language(languages, language);
  for (const ExportNote& exported : deck.notes) {
    for (const NoteField& field : exported.note.fields) {
      for (const auto& [language, text] : field.text) {
        if (!text.empty()) add_language(languages, language);
      }
    }
    for (const auto& [language, choices] : exported.note.choices) add_language(languages, language);
  }
  if (languages.empty()) languages.push_back("en");
  return languages;
}

std::string deck_toml(const ExportDeck& deck) {
  const std::vector<std::string> languages = deck_file_languages(deck);
  std::string out =
      "# Exported by kioku export; kioku import reads it back.\nformat = 2\nlanguages = [";
  for (std::size_t i = 0; i < languages.size(); ++i) {
    out += (i > 0 ? ", " : "") + toml_string(languages[i]);
  }
  out += "]\n\n[deck]\nid = " + toml_string(deck.id) + "\n";
  write_names(out, "name", deck.name, languages);
  bool described = false;
  for (const auto& [language, text] : deck.description) described = described || !text.empty();
  if (described) write_names(out, "description", deck.description, languages);
  // The Anki note types the notes show through, each once, before the notes; notes name them,
  // so two kept types of one name cannot share a file.
  std::map<std::string, std::string> keys_by_name;
  for (const ExportNote& exported : deck.notes) {
    const auto& type = exported.note.note_type;
    if (!type) continue;
    const auto [known, added] = keys_by_name.emplace(type->name(), type->key());
    if (added) {
      write_note_type(out, *type);
    } else if (known->second != type->key()) {
      throw Error(ErrorCode::kConflict,
                  bilingual("two Anki note types of the deck are named \"{name}\" and a deck "
                            "file tells note types by name; export it as apkg, which keeps both",
                            "デッキの 2 つの Anki ノートタイプがどちらも \"{name}\" "
                            "という名前です。デッキファイルはノートタイプを名前で区別するため、"
                            "両方を保てる apkg で書き出してください",
                            {{"name", type->name()}}));
    }
  }
  for (const ExportNote& exported : deck.notes) write_note(out, exported.note, languages);
  return out;
}

}  // namespace kioku
