// libFuzzer target for `kioku export`'s writers (docs/export.md): the notes they write come from
// decks and packages anyone could have made, so any note a deck file can hold is written here as
// kioku's deck file and as Anki's text file, and each is read back by kioku's own readers.
//
// What must hold, whatever the deck file held:
// - the deck file is written, or refused with kioku::Error kConflict (a field without text in
//   one of the deck's languages); nothing else is thrown;
// - what was written parses again, to the same deck: id, languages, name, description, and each
//   note's id, kind, fields, choices, answer and tags;
// - the Anki text file reads back with Anki's reader to one row per note, each with the note's
//   id and the fields anki_export_note gives it, tabs, quotes and line breaks included.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/anki_export_mapping.hpp"
#include "core/anki_text_export.hpp"
#include "core/anki_text_reader.hpp"
#include "core/byte_source.hpp"
#include "core/deck_notes.hpp"
#include "core/deck_parser.hpp"
#include "core/deck_toml_writer.hpp"
#include "core/error.hpp"

namespace {

void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "deck_export_fuzz: broken invariant: %s\n", what);
  std::abort();
}

kioku::ExportDeck export_deck_of(const kioku::Deck& deck) {
  kioku::ExportDeck exported;
  exported.id = deck.id;
  exported.name = deck.name;
  exported.description = deck.description;
  exported.languages = deck.languages;
  for (const kioku::DeckNote& entry : kioku::deck_notes(deck)) {
    exported.notes.push_back(kioku::ExportNote{.note = entry.note});
  }
  return exported;
}

void check_deck_file(const kioku::ExportDeck& exported) {
  std::string written;
  try {
    written = kioku::deck_toml(exported);
  } catch (const kioku::Error& error) {
    check(error.code() == kioku::ErrorCode::kConflict, "a refusal is kConflict");
    return;
  }
  kioku::Deck again;
  try {
    again = kioku::parse_deck(written, "export.toml");
  } catch (const kioku::InputError& error) {
    std::fprintf(stderr, "%s\n--- written:\n%s\n", error.what(), written.c_str());
    check(false, "a deck file kioku wrote parses");
  }
  check(again.id == exported.id, "the deck id");
  check(again.languages == kioku::deck_file_languages(exported), "the languages");
  check(again.name == exported.name, "the name");
  check(again.description == exported.description, "the description");
  const std::vector<kioku::DeckNote> notes = kioku::deck_notes(again);
  check(notes.size() == exported.notes.size(), "every note");
  for (std::size_t index = 0; index < notes.size(); ++index) {
    const kioku::Note& read = notes[index].note;
    const kioku::Note& written_note = exported.notes[index].note;
    check(read.id == written_note.id, "a note's id");
    check(read.kind == written_note.kind, "a note's kind");
    check(read.fields.size() == written_note.fields.size(), "a note's fields");
    for (std::size_t field = 0; field < read.fields.size(); ++field) {
      check(read.fields[field].name == written_note.fields[field].name, "a field's name");
      check(read.fields[field].text == written_note.fields[field].text, "a field's text");
    }
    check(read.choices == written_note.choices, "a note's choices");
    check(read.answer == written_note.answer, "a note's answer");
    check(read.tags == written_note.tags, "a note's tags");
  }
}

void check_anki_text(const kioku::ExportDeck& exported) {
  if (exported.notes.empty()) return;
  const std::string language = exported.languages.front();
  const std::string text = kioku::anki_text_export({&exported, 1}, language);
  kioku::StringByteSource source(text);
  kioku::AnkiTextReader reader(source, "export.txt");
  check(reader.separator() == '\t' && reader.html(), "tab-separated HTML");
  kioku::AnkiTextRow row;
  std::size_t rows = 0;
  while (reader.next(row)) {
    check(rows < exported.notes.size(), "no more rows than notes");
    const kioku::ExportNote& note = exported.notes[rows++];
    check(!row.fields.empty() && row.fields[0] == note.note.id, "the guid column");
    const kioku::AnkiExportNote anki = kioku::anki_export_note(note.note, language);
    constexpr std::size_t kFieldsStart = 3;
    check(row.fields.size() >= kFieldsStart + anki.fields.size(), "every field in its column");
    for (std::size_t field = 0; field < anki.fields.size(); ++field) {
      check(row.fields[kFieldsStart + field] == anki.fields[field], "a field as written");
    }
  }
  check(rows == exported.notes.size(), "a row per note");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  kioku::Deck deck;
  try {
    deck = kioku::parse_deck(text, "fuzz.toml");
  } catch (const kioku::InputError&) {
    return 0;  // the deck parser's own target checks its refusals
  }
  const kioku::ExportDeck exported = export_deck_of(deck);
  check_deck_file(exported);
  check_anki_text(exported);
  return 0;
}
