// libFuzzer target for the Anki text importer's reading (core/anki_text_reader.hpp,
// core/anki_text_notes.hpp, core/anki_html_text.hpp): files anyone could have written or
// exported, read as kiokud reads them, in pieces as a descriptor hands them out.
//
// What must hold, whatever the bytes:
// - reading gives rows and notes, or throws kioku::InputError naming a line of the file (or
//   none, 0) and, with a line, a column from 1; nothing else is thrown;
// - the rows do not depend on where the reads end: read one byte at a time and whole, the same
//   rows (fields, lines, columns) or the same error;
// - every row has a line and column for each field, inside the file;
// - every note is valid (validate_note) and its deck a valid slug;
// - HTML to text of valid UTF-8 is valid UTF-8.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/anki_html_text.hpp"
#include "core/anki_text_notes.hpp"
#include "core/anki_text_reader.hpp"
#include "core/error.hpp"
#include "core/note_validation.hpp"
#include "core/utf8.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "anki_text_fuzz: %s\n", what);
  std::abort();
}

int lines_in(std::string_view text) {
  int lines = 1;
  for (const char c : text) lines += c == '\n' || c == '\r' ? 1 : 0;
  return lines;
}

// docs/deck-format.md's deck id: lower-case letters, digits and '-' (not first), 1 to 64 bytes.
bool is_slug(std::string_view text) {
  if (text.empty() || text.size() > 64) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool allowed = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (i > 0 && c == '-');
    if (!allowed) return false;
  }
  return true;
}

bool valid_utf8(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    const kioku::CodePoint point = kioku::decode_utf8(text, at);
    if (point.length == 0) return false;
    at += point.length;
  }
  return true;
}

struct Reading {
  std::vector<kioku::AnkiTextRow> rows;
  std::string error;
};

Reading read_rows(std::string_view text, std::size_t chunk) {
  Reading reading;
  kioku::StringByteSource source(text, chunk);
  try {
    kioku::AnkiTextReader reader(source, "f");
    kioku::AnkiTextRow row;
    while (reader.next(row)) reading.rows.push_back(row);
  } catch (const kioku::InputError& error) {
    reading.error = error.what();
  }
  return reading;
}

bool same_rows(const Reading& a, const Reading& b) {
  if (a.error != b.error || a.rows.size() != b.rows.size()) return false;
  for (std::size_t i = 0; i < a.rows.size(); ++i) {
    const kioku::AnkiTextRow& x = a.rows[i];
    const kioku::AnkiTextRow& y = b.rows[i];
    if (x.fields != y.fields || x.line != y.line || x.field_lines != y.field_lines ||
        x.field_columns != y.field_columns) {
      return false;
    }
  }
  return true;
}

void check_notes(std::string_view text, const kioku::AnkiTextOptions& options) {
  kioku::StringByteSource source(text, 13);
  const int lines = lines_in(text);
  try {
    kioku::AnkiTextReader reader(source, "f");
    kioku::AnkiTextNotes notes(reader, options);
    kioku::AnkiTextNote note;
    while (notes.next(note)) {
      if (note.line < 1 || note.line > lines) fail("a note off the file");
      if (!is_slug(note.note.deck)) fail("a note's deck is not a slug");
      try {
        kioku::validate_note(note.note);
      } catch (const kioku::NoteError&) {
        fail("a note read is not valid");
      }
    }
  } catch (const kioku::InputError& error) {
    if (error.line() < 0 || error.line() > lines + 1) fail("an error off the file");
    if (error.line() > 0 && error.column() < 0) fail("an error with a negative column");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Reading whole = read_rows(text, 1 << 16);
  const Reading bytewise = read_rows(text, 1);
  if (!same_rows(whole, bytewise)) fail("the rows depend on where the reads end");
  const int lines = lines_in(text);
  for (const kioku::AnkiTextRow& row : whole.rows) {
    if (row.fields.empty()) fail("a row without fields");
    if (row.field_lines.size() != row.fields.size() ||
        row.field_columns.size() != row.fields.size()) {
      fail("a field without its place");
    }
    for (std::size_t i = 0; i < row.fields.size(); ++i) {
      if (row.field_lines[i] < row.line || row.field_lines[i] > lines) fail("a field off the file");
      if (row.field_columns[i] < 1) fail("a field before its line");
    }
  }
  check_notes(text, {});
  kioku::AnkiTextOptions options;
  options.kind = kioku::NoteKind::kCloze;
  options.columns = {"text", "-", "tags", "deck", "guid"};
  options.deck = "Fuzz::Deck";
  check_notes(text, options);
  // Rows that name their kind, labels matched to each row's kind by name (or taken in order).
  kioku::AnkiTextOptions per_row;
  per_row.columns = {"back", "front", "notetype", "-", "extra"};
  check_notes(text, per_row);
  if (valid_utf8(text) && !valid_utf8(kioku::anki_html_to_text(text))) {
    fail("HTML of valid UTF-8 became invalid UTF-8");
  }
  return 0;
}
