// Writing a deck file: every text as a one-line basic string (core/toml_string.hpp), so that
// what is read back is exactly what was written.
#include "core/deck_toml_writer.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/note_kind.hpp"
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

std::string missing_text(const Note& note, const std::string& field, const std::string& language) {
  return "note " + note.id + ": its " + field + " has no text in \"" + language +
         "\", which the deck's other texts have; a deck file gives every field in each of its "
         "languages (export it as tsv or apkg, which hold one language)";
}

void write_note(std::string& out, const Note& note, const std::vector<std::string>& languages) {
  out += "\n[[notes]]\nid = " + toml_string(note.id) +
         "\nkind = " + toml_string(std::string(note_kind_name(note.kind))) + "\n";
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
      out += field.name + "." + language + " = " + toml_string(text->second) + "\n";
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
  for (const ExportNote& exported : deck.notes) write_note(out, exported.note, languages);
  return out;
}

}  // namespace kioku
