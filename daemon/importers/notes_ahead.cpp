#include "daemon/importers/notes_ahead.hpp"

#include <exception>
#include <utility>

namespace kioku::daemon {

std::optional<PreparedNote> prepare_ahead(Note note) {
  try {
    PreparedNote prepared = prepare_new_note(std::move(note));
    if (held_bytes(prepared) > kMostBytesPreparedAhead) return std::nullopt;
    return prepared;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace kioku::daemon
