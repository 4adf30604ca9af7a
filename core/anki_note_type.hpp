// Anki's stock note types as kioku's kinds (docs/anki-import.md): the names Anki gives them, in
// English, and kioku's own kind names. Anki's field names map onto the kind's fields.
#pragma once

#include <optional>
#include <string_view>

#include "core/bilingual_message.hpp"
#include "core/note_kind.hpp"

namespace kioku {

// Basic -> basic, "Basic (and reversed card)" -> reverse, "Basic (optional reversed card)" ->
// basic-optional-reverse, "Basic (type in the answer)" -> typed, Cloze -> cloze; a kioku kind's
// own name too (choice is not an Anki note type and is not mapped). ASCII case is ignored.
// Nothing for any other name.
std::optional<NoteKind> kind_of_anki_note_type(std::string_view name);

// The kioku field an Anki field name (Front, Back, "Add Reverse", Text, "Back Extra") or a kioku
// field name stands for in `kind`; empty when the kind has no such field. ASCII case is ignored.
std::string_view field_of_anki_name(NoteKind kind, std::string_view name);

// The note types kioku reads, for messages: the names the same in both languages, the words
// between them in each.
BilingualMessage anki_note_types_read();

}  // namespace kioku
