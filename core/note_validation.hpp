// The rules a note keeps to before it is stored or makes cards: the same checks for a deck file,
// `kioku add`, `kioku edit` and note.add / note.update.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
// - its texts together past kMaxNoteTextBytes (the field that passes it named).
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

// validate_note's rules on a note's text (its languages, each text, its tags, and its texts
// together within kMaxNoteTextBytes) without those on its shape: what the client checks of a
// note it is about to send, so that one too large for a request is refused as kiokud refuses
// any invalid note, and not by the request's length (a control character is six bytes of JSON).
// Throws NoteError.
void check_note_texts(const Note& note);

// A note from its parts as a request or the editor gives them (note.add, note.update; kioku add
// and edit): its fields in the order of their names, its answer brought into int's range first
// (validate_note says what is wrong with it). Not checked here.
Note requested_note(std::string id, std::string deck, NoteKind kind,
                    const std::map<std::string, LocalizedText>& fields,
                    const std::optional<LocalizedChoices>& choices,
                    const std::optional<std::int64_t>& answer, std::vector<std::string> tags);

// The bytes of a note's texts that count toward kMaxNoteTextBytes: its fields in every language,
// its choices and its tags. doctor.check reports the stored notes past it (kept from before
// the limit, or from a file made elsewhere).
std::size_t note_text_bytes(const Note& note);

inline constexpr int kMinChoices = 2;
inline constexpr int kMaxChoices = 8;

// The `text` field of a cloze note read in each language that has it. Throws NoteError naming
// "text", the language and the place when one does not read.
std::map<std::string, ClozeText> read_note_clozes(const Note& note);

}  // namespace kioku
