// A valid note's id and deck around the kind and fields a test is about.
#pragma once

#include <utility>
#include <vector>

#include "core/note.hpp"

namespace kioku {

inline Note note_of(NoteKind kind, std::vector<NoteField> fields) {
  Note note;
  note.id = "Fq3&x]Zp";
  note.kind = kind;
  note.fields = std::move(fields);
  note.deck = "japanese";
  return note;
}

}  // namespace kioku
