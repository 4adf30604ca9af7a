// Preparing a new note (daemon/store/prepared_note.hpp).
#include "daemon/store/prepared_note.hpp"

#include <utility>

#include "core/note_canonical.hpp"
#include "core/note_validation.hpp"
#include "daemon/store/note_codec.hpp"

namespace kioku::daemon {

PreparedNote prepare_new_note(Note note) {
  PreparedNote prepared;
  prepared.note = canonical_note(std::move(note));
  prepared.generated = generate_cards(prepared.note, validate_note(prepared.note));
  prepared.fields_json = note_fields_to_json(prepared.note.fields);
  return prepared;
}

}  // namespace kioku::daemon
