// A note's card rows (daemon/store/note_card_rows.hpp).
#include "daemon/store/note_card_rows.hpp"

#include "daemon/store/card_content.hpp"
#include "daemon/store/note_codec.hpp"

namespace kioku::daemon {

namespace {

// cards.kind of a note's card: a reversed note's second card is the one kind says so; an Anki
// note's card is typed when its template asks for text, else as its type's kind.
std::string card_kind(NoteKind kind, const GeneratedCard& card) {
  const std::string& template_key = card.key;
  switch (kind) {
    case NoteKind::kBasic:
      return "basic";
    case NoteKind::kReverse:
    case NoteKind::kBasicOptionalReverse:
      return template_key == "backward" ? "reverse" : "basic";
    case NoteKind::kCloze:
      return "cloze";
    case NoteKind::kTyped:
      return "typed";
    case NoteKind::kChoice:
      return "choice";
    case NoteKind::kAnki:
      return card.typed_answer ? "typed" : card.cloze_number > 0 ? "cloze" : "basic";
  }
  return "basic";
}

// The name a card is shown by: its note's id, and which card of the note when it has several.
std::string shown_name(const std::string& guid, const std::string& template_key) {
  return template_key == "card" ? guid : guid + "/" + template_key;
}

}  // namespace

std::vector<NoteCardRow> note_card_rows(const Note& note, std::int64_t deck_id,
                                        std::int64_t note_id, const std::string& sibling_group,
                                        const std::string& fields_json,
                                        const std::vector<GeneratedCard>& generated,
                                        std::int64_t first_position) {
  const std::string siblings =
      !sibling_group.empty() ? sibling_group : (generated.size() > 1 ? note.id : std::string());
  const std::string tags = join_tags(note.tags);
  const bool choice = note.kind == NoteKind::kChoice;
  const std::string content = choice ? content_to_json(note) : "{}";
  const std::shared_ptr<const std::string> note_content =
      choice ? nullptr : std::make_shared<const std::string>(fields_json);
  std::vector<NoteCardRow> rows;
  rows.reserve(generated.size());
  std::int64_t position = first_position;
  for (const GeneratedCard& card : generated) {
    rows.push_back({.deck_id = deck_id,
                    .note_id = note_id,
                    .template_key = card.key,
                    .external_id = shown_name(note.id, card.key),
                    .kind = card_kind(note.kind, card),
                    .content_json = content,
                    .tags = tags,
                    .sibling_group = siblings,
                    .position = position++,
                    .note_content = note_content});
  }
  return rows;
}

}  // namespace kioku::daemon
