#include "core/anki_text_export.hpp"

#include <algorithm>

#include "core/anki_export_mapping.hpp"

namespace kioku {

std::string anki_text_field(const std::string& text) {
  const bool quoted =
      text.find_first_of("\t\"\r\n") != std::string::npos || (!text.empty() && text.front() == '#');
  if (!quoted) return text;
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string anki_text_export(std::span<const ExportDeck> decks, const std::string& language) {
  // Three columns before the fields (guid, note type, deck), the widest type's fields, tags.
  constexpr std::size_t kFieldsStart = 3;
  std::size_t widest = 2;
  for (const ExportDeck& deck : decks) {
    for (const ExportNote& exported : deck.notes) {
      widest = std::max(widest, anki_export_note(exported.note, language).fields.size());
    }
  }
  const std::size_t tags_column = kFieldsStart + widest + 1;
  std::string out =
      "#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n"
      "#tags column:" +
      std::to_string(tags_column) + "\n";
  for (const ExportDeck& deck : decks) {
    const std::string deck_name = pick_language(deck.name, language);
    for (const ExportNote& exported : deck.notes) {
      const AnkiExportNote note = anki_export_note(exported.note, language);
      out += anki_text_field(exported.note.id) + '\t' +
             anki_text_field(std::string(note.type_name())) + '\t' + anki_text_field(deck_name);
      for (std::size_t i = 0; i < widest; ++i) {
        out += '\t';
        if (i < note.fields.size()) out += anki_text_field(note.fields[i]);
      }
      std::string tags;
      for (const std::string& tag : exported.note.tags) tags += (tags.empty() ? "" : " ") + tag;
      out += '\t' + anki_text_field(tags) + '\n';
    }
  }
  return out;
}

}  // namespace kioku
