// A note as the TOML `kioku add` and `kioku edit` open in the editor: the shape of one
// `[[notes]]` entry of a format 2 deck (docs/deck-format.md) without its header, so that what a
// user learns here holds in a deck file, and the two can later share core's parser:
//
//   id = "Fx3#k"
//   kind = "basic"
//   tags = ["verbs"]
//   front.en = "to eat"
//   front.ja = "食べる"
//   back.en = """
//   taberu
//   (ichidan verb)"""
//
// A field written as a plain text (`front = "..."`) is in the default language. The comments
// explain every field in the user's language.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/note_messages.hpp"
#include "core/error.hpp"
#include "protocol/note_types.hpp"

namespace kioku::cli {

// A note's content, as note.add and note.update take it and note.get gives it.
struct NoteContent {
  std::string id;  // empty: a new note, which the daemon gives an id
  std::string kind;
  protocol::NoteFieldsView fields;  // field -> language -> text; no empty text
  std::map<std::string, std::vector<std::string>> choices;  // choice notes: language -> choices
  std::optional<std::int64_t> answer;                       // choice notes
  std::vector<std::string> tags;
  // Anki notes (kind "anki"): their type's name and fields, in order; not sent, never edited.
  std::string type_name;
  std::vector<std::string> type_fields;

  bool operator==(const NoteContent&) const = default;
};

// A note's content as note.get gave it.
NoteContent note_content(const protocol::NoteView& note);

// What the file shows beside the note.
struct NoteTomlLayout {
  // Every field gets a line in each of these languages (an empty text where it has none), and
  // in any other language it has text in.
  std::vector<std::string> languages;
  std::vector<std::string> heading;  // comment lines at the top, in the user's language
};

// The note as TOML, with the comments in `words`' language. Every field of its kind appears.
std::string write_note_toml(const NoteContent& note, const NoteTomlLayout& layout,
                            const NoteFileMessages& words);

// The lines things were read from, to point at them: "kind", "id", "tags", "answer", a field's
// name ("front") and a field in one language ("front.en", "choices.ja").
using NoteTomlLines = std::map<std::string, int>;

// A place in the file: line and column from 1 (column 0: the whole line).
struct FilePlace {
  int line = 0;
  int column = 0;
  bool operator==(const FilePlace&) const = default;
};

struct ReadNote {
  NoteContent note;
  NoteTomlLines lines;
  // Where each field's text in one language ("front.en") starts: the character after its
  // opening quote, or the line after a """ that a newline follows.
  std::map<std::string, FilePlace> text_starts;
};

// The name the file goes by in messages.
inline constexpr std::string_view kNoteTomlName = "note.toml";

// What is wrong in the file, and where: "note.toml:3:9: front.en: must be a text in quotes".
class NoteTomlError : public InputError {
 public:
  NoteTomlError(int line, int column, std::string field, const std::string& problem)
      : InputError(std::string(kNoteTomlName), line, column, std::move(field),
                   same_in_both(problem)) {}
  // A problem core found, in both languages (a note kind's, the deck layout's).
  NoteTomlError(int line, int column, const BilingualMessage& field,
                const BilingualMessage& problem)
      : InputError(std::string(kNoteTomlName), line, column, field, problem) {}
};

// Reads the note back. A plain text is in `default_language`. Throws NoteTomlError for TOML that
// does not parse, a key its kind does not have, or a value of the wrong type; whether the note
// is valid (a required field, a cloze) is the daemon's to say.
ReadNote read_note_toml(std::string_view text, const std::string& default_language,
                        const NoteFileMessages& words);

// The place in the file that the daemon's message about a note points at: "field front.en:
// line 2, column 5: ..." (core's NoteError, its place counted in the field's text) is that
// place in the file; "field front: ..." the field's line; nothing ({0, 0}) when it names no
// field read from the file.
FilePlace place_of_daemon_problem(std::string_view message, const ReadNote& read);

}  // namespace kioku::cli
