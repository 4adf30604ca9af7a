// The card rows a note's generated cards are saved as: what save_note() writes, and what a new
// note's cards are made ready as ahead of the write (PreparedNote::cards).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/card_generation.hpp"
#include "core/note.hpp"
#include "daemon/store/card_store.hpp"

namespace kioku::daemon {

// The rows of `note`'s cards `generated`, at positions from `first_position` on; `note_id` is
// its row id and `fields_json` its fields as note_codec writes them. Siblings bury each other; a
// card alone needs no group (and so stays out of the index).
std::vector<NoteCardRow> note_card_rows(const Note& note, std::int64_t deck_id,
                                        std::int64_t note_id, const std::string& sibling_group,
                                        const std::string& fields_json,
                                        const std::vector<GeneratedCard>& generated,
                                        std::int64_t first_position);

}  // namespace kioku::daemon
