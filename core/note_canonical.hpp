// One written form of a note's content, so that the collection stores a note one way and tells
// an edited note from an unchanged one whichever way its fields were written.
#pragma once

#include "core/note.hpp"

namespace kioku {

// `note` with its fields in its kind's order (core/note_kind.hpp), languages with no text and
// fields with no text in any language left out, and tags without repeats (first kept). A field
// its kind does not have is kept, after the kind's own: validate_note refuses it, not this.
Note canonical_note(Note note);

// Whether `a` and `b` have the same content once both are canonical: kind, fields, choices,
// answer and tags. The id and the deck are not content. `canonical` must be canonical already
// (what canonical_note gave); `other` need not be.
bool same_note_content(const Note& other, const Note& canonical);

}  // namespace kioku
