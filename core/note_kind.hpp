// The kinds of note and the fields each has: the one table the deck parser, `kioku add` and
// the note methods check a note against. Field names are Anki's, in lower case.
#pragma once

#include <span>
#include <string_view>

namespace kioku {

enum class NoteKind {
  kBasic,                 // front, back: one card
  kReverse,               // front, back: front to back and back to front
  kBasicOptionalReverse,  // front, back, add_reverse: the second card when add_reverse is set
  kCloze,                 // text, extra: one card per cloze number in text
  kTyped,                 // front, back: one card, the back typed in
  kChoice,                // question, explanation, and choices with an answer: one card
  // An Anki note type kioku keeps as itself (core/templated_note_type.hpp): its own fields, the
  // cards its templates make. Made by an Anki import only, so not among note_kinds().
  kAnki,
};

struct NoteFieldSpec {
  std::string_view name;
  // A required field has text in at least one of the note's languages.
  bool required = false;
};

struct NoteKindSpec {
  NoteKind kind;
  std::string_view name;                  // as written in decks and on the command line
  std::span<const NoteFieldSpec> fields;  // in the order an editor shows them
  bool has_choices = false;               // the note's choices and answer belong to it
};

// Every kind a deck file or `kioku add` may name, in the order of NoteKind: all but kAnki.
std::span<const NoteKindSpec> note_kinds() noexcept;
const NoteKindSpec& note_kind_spec(NoteKind kind) noexcept;
std::string_view note_kind_name(NoteKind kind) noexcept;

// The kind called `name`. Throws NoteError (core/note.hpp) for field "kind" naming the kinds
// there are.
NoteKind parse_note_kind(std::string_view name);

// The field every kind may have besides its own: where the note's fact comes from (a URL, a
// paper and its section), shown at the end of the answer side (core/card_sides.hpp).
inline constexpr std::string_view kSourceField = "source";

// The spec of `field` in `kind` (its own fields, and kSourceField), or nullptr when the kind has
// no such field. kAnki's fields are its note type's: nullptr for every name here.
const NoteFieldSpec* find_note_field(NoteKind kind, std::string_view field) noexcept;

}  // namespace kioku
