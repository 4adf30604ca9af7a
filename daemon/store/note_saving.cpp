// Saving a note: its row, and its cards made again from it without losing one.
#include <algorithm>

#include "core/card_generation.hpp"
#include "core/card_reconciliation.hpp"
#include "core/note_canonical.hpp"
#include "daemon/store/card_content.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/note_codec.hpp"

namespace kioku::daemon {

namespace {

// cards.kind of a note's card: a reversed note's second card is the one kind says so.
std::string card_kind(NoteKind kind, const std::string& template_key) {
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
  }
  return "basic";
}

// The name a card is shown by: its note's id, and which card of the note when it has several.
std::string shown_name(const std::string& guid, const std::string& template_key) {
  return template_key == "card" ? guid : guid + "/" + template_key;
}

}  // namespace

NoteSave Collection::save_note(std::int64_t deck_id, const Note& written,
                               const std::string& sibling_group, std::int64_t first_card_position,
                               TimestampMs now) {
  const std::int64_t note_position = first_card_position;
  const Note note = canonical_note(written);
  const std::vector<GeneratedCard> generated = generate_cards(note);
  NoteSave save;
  const std::optional<StoredNote> stored = notes_.find(deck_id, note.id);
  bool deleted = false;
  if (!stored) {
    save.note_id = notes_.insert(deck_id, note, sibling_group, note_position, now);
    save.note_added = true;
  } else {
    save.note_id = stored->id;
    deleted = stored->deleted_ms.has_value();
    save.note_changed =
        !same_note_content(stored->note, note) || stored->sibling_group != sibling_group;
    if (save.note_changed) {
      notes_.update(save.note_id, note, sibling_group, note_position, now);
    } else if (stored->position != note_position) {
      notes_.set_position(save.note_id, note_position);
    }
  }

  const CardReconciliation plan = reconcile_cards(cards_.cards_of_note(save.note_id), generated);
  // Siblings bury each other; a card alone needs no group (and so stays out of the index).
  const std::string siblings =
      !sibling_group.empty() ? sibling_group : (generated.size() > 1 ? note.id : std::string());
  const std::string tags = join_tags(note.tags);
  const std::string content = note.kind == NoteKind::kChoice ? content_to_json(note) : "{}";
  std::int64_t position = first_card_position;
  for (const GeneratedCard& card : generated) {
    const NoteCardRow row{.deck_id = deck_id,
                          .note_id = save.note_id,
                          .template_key = card.key,
                          .external_id = shown_name(note.id, card.key),
                          .kind = card_kind(note.kind, card.key),
                          .content_json = content,
                          .tags = tags,
                          .sibling_group = siblings,
                          .position = position++};
    switch (cards_.save(row, now)) {
      case CardChange::kAdded:
        ++save.cards_added;
        break;
      case CardChange::kUpdated:
        ++save.cards_updated;
        break;
      case CardChange::kUnchanged:
        ++save.cards_unchanged;
        break;
    }
  }
  for (const ExistingCard& card : plan.retired) {
    cards_.set_retired(card.id, true);
    save.retired.push_back(card.id);
  }
  for (const ExistingCard& card : plan.revived) {
    cards_.set_retired(card.id, false);
    save.revived.push_back(card.id);
  }
  if (!save.retired.empty() || !save.revived.empty() || (deleted && save.cards_added > 0)) {
    cards_.refresh_suspension(save.note_id);
  }
  // The ids in generation order: kept and revived cards by key, added ones looked up again.
  const std::vector<ExistingCard> now_cards = cards_.cards_of_note(save.note_id);
  save.cards_of_note = static_cast<int>(now_cards.size());
  for (const GeneratedCard& card : generated) {
    const auto found = std::find_if(now_cards.begin(), now_cards.end(),
                                    [&](const ExistingCard& c) { return c.key == card.key; });
    if (found == now_cards.end()) continue;
    save.card_ids.push_back(found->id);
    if (std::find(plan.added.begin(), plan.added.end(), card.key) != plan.added.end()) {
      save.added.push_back(found->id);
    }
  }
  return save;
}

}  // namespace kioku::daemon
