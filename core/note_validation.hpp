// The rules a note keeps to before it is stored or makes cards: the same checks for a deck file,
// `kioku add`, `kioku edit` and note.add / note.update.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "core/cloze.hpp"
#include "core/note.hpp"

namespace kioku {

// Throws NoteError, naming the field, for the first rule `note` breaks. The rules that make its
// shape (check_note_shape) come first:
// - id: empty, longer than kMaxNoteIdBytes, or holding a byte outside printable ASCII or a space;
// - deck: empty;
// - a field its kind does not have, a field written twice, a required field with no text in any
//   language; add_reverse set with no back;
// - cloze: text that does not read (core/cloze.hpp, with the place), or no cloze number in any
//   language (the place of a {{c0:: or of a "{{c" that is not a cloze, when there is one);
// - choices and answer: on a kind without them; on a choice note, no choices, fewer than
//   kMinChoices or more than kMaxChoices in a language, languages with different numbers of
//   choices, an empty choice, an answer outside 1..the number of choices;
// then the rules on its text:
// - a language that is not a code (is_language_code), or more than kMaxLanguages of them;
// - a character that acts on a terminal, or a text past its length (core/deck_parser_text.hpp);
// - tags: more than kMaxTagsPerCard, an empty one, or one with a space in it (Anki splits tags
//   on spaces);
// - its texts together past kMaxNoteTextBytes (NoteTextTotal: the field that passes it named).
// Returns a cloze note's `text` as read in each language (read_note_clozes), so that whoever
// goes on to make its cards does not read it again; empty for the other kinds.
// Run where a note comes in (a deck file, a request, the store's save); a stored note is not
// checked again each time it is shown.
std::map<std::string, ClozeText> validate_note(const Note& note);

// validate_note's rules on a note's shape (id, deck, fields, cloze, choices and answer) without
// those on its text: what cards cannot be made without. Card generation checks these on every
// call, a stored note's included; the text rules were kept when the note came in.
std::map<std::string, ClozeText> check_note_shape(const Note& note);

// Whether `tag` can be a tag: not empty and without a space of any kind (Anki splits tags on
// them, U+3000 included). The deck parser's format 1 and validate_note share it.
bool is_valid_tag(std::string_view tag) noexcept;

// A note's texts counted toward kMaxNoteTextBytes: every field's text in every language (in the
// order the note has them), then its choices, then its tags, in bytes of UTF-8. validate_note
// counts a note's; the client counts one it is about to send, so that a note too large for a
// request is refused as any invalid note is, and not by the request's length.
class NoteTextTotal {
 public:
  // Adds `text`, of `field` in `language` (empty for the tags). Throws NoteError naming them,
  // the total and the limit when it brings the total past kMaxNoteTextBytes.
  void add(const std::string& field, const std::string& language, std::string_view text);
  std::size_t bytes() const noexcept { return bytes_; }

 private:
  std::size_t bytes_ = 0;
};

inline constexpr int kMinChoices = 2;
inline constexpr int kMaxChoices = 8;

// The `text` field of a cloze note read in each language that has it. Throws NoteError naming
// "text", the language and the place when one does not read.
std::map<std::string, ClozeText> read_note_clozes(const Note& note);

}  // namespace kioku
