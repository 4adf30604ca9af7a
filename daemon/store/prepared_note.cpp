// Preparing a new note (daemon/store/prepared_note.hpp).
#include "daemon/store/prepared_note.hpp"

#include <utility>

#include "core/card_generation.hpp"
#include "core/note_canonical.hpp"
#include "core/note_validation.hpp"
#include "daemon/store/note_card_rows.hpp"
#include "daemon/store/note_codec.hpp"

namespace kioku::daemon {

std::size_t held_bytes(const Note& note) {
  std::size_t bytes = sizeof note;
  for (const NoteField& field : note.fields) {
    for (const auto& [language, text] : field.text) bytes += language.size() + text.size();
  }
  for (const auto& [language, choices] : note.choices) {
    for (const std::string& choice : choices) bytes += choice.size();
  }
  for (const std::string& tag : note.tags) bytes += tag.size();
  return bytes;
}

std::size_t held_bytes(const PreparedNote& prepared) {
  std::size_t bytes = sizeof prepared + prepared.fields_json.size() + held_bytes(prepared.note);
  // The cards share their note's fields (NoteCardRow::note_content): counted once.
  if (!prepared.cards.empty() && prepared.cards.front().row.note_content) {
    bytes += prepared.cards.front().row.note_content->size();
  }
  for (const PreparedCard& card : prepared.cards) {
    const NoteCardRow& row = card.row;
    bytes += sizeof card + card.content_hash.size() + row.template_key.size() +
             row.external_id.size() + row.content_json.size() + row.tags.size() +
             row.sibling_group.size();
  }
  return bytes;
}

PreparedNote prepare_new_note(Note note) {
  PreparedNote prepared;
  prepared.note = canonical_note(std::move(note));
  const std::vector<GeneratedCard> generated =
      generate_cards(prepared.note, validate_note(prepared.note));
  prepared.fields_json = note_fields_to_json(prepared.note.fields);
  // Where its rows go is not known yet, and a card's hash does not depend on it.
  std::vector<NoteCardRow> rows =
      note_card_rows(prepared.note, 0, 0, "", prepared.fields_json, generated, 0);
  prepared.cards.reserve(rows.size());
  for (NoteCardRow& row : rows) {
    std::string hash = card_content_hash(row);
    prepared.cards.push_back({std::move(row), std::move(hash)});
  }
  return prepared;
}

}  // namespace kioku::daemon
