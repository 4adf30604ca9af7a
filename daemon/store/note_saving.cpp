// Saving a note: its row, and its cards made again from it without losing one.
#include <algorithm>
#include <limits>
#include <utility>

#include "core/card_generation.hpp"
#include "core/card_reconciliation.hpp"
#include "core/note_canonical.hpp"
#include "core/note_validation.hpp"
#include "core/templated_note_type.hpp"
#include "daemon/store/card_content.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/note_card_rows.hpp"
#include "daemon/store/note_codec.hpp"
#include "daemon/store/prepared_note.hpp"
#include "daemon/store/rows_insert.hpp"

namespace kioku::daemon {

namespace {

// A prepared card's row put in its place: the note's deck and row id, and its position.
void place(NoteCardRow& row, std::int64_t deck_id, std::int64_t note_id, std::int64_t position) {
  row.deck_id = deck_id;
  row.note_id = note_id;
  row.position = position;
}

// `written` with the cards Anki made that the stored copy keeps: a card stays until deleted,
// whatever an edit or a text import (which names no cards) brings.
Note with_kept_cards(const Note& written, const std::optional<StoredNote>& stored) {
  // Only within one type: another type's ordinals name other templates.
  if (written.kind != NoteKind::kAnki || !stored || stored->note.kept_cards.empty() ||
      !written.note_type || !stored->note.note_type ||
      written.note_type->key() != stored->note.note_type->key()) {
    return written;
  }
  Note note = written;
  note.kept_cards.insert(note.kept_cards.end(), stored->note.kept_cards.begin(),
                         stored->note.kept_cards.end());
  return note;
}

// The modified_ms an update of `stored` stamps (Collection::save_note): `now`, or the time the
// note's source last changed it, but later than the stored one.
TimestampMs update_stamp(const StoredNote& stored, TimestampMs now,
                         std::optional<TimestampMs> source_modified) {
  if (!source_modified) return now;
  return std::max(*source_modified, stored.modified_ms + 1);
}

}  // namespace

int NoteSave::count(CardChange change) const noexcept {
  return static_cast<int>(std::count_if(cards.begin(), cards.end(),
                                        [&](const Card& card) { return card.change == change; }));
}

std::vector<std::int64_t> NoteSave::added() const {
  std::vector<std::int64_t> ids;
  for (const Card& card : cards) {
    if (card.change == CardChange::kAdded) ids.push_back(card.id);
  }
  return ids;
}

NoteSave Collection::save_note(std::int64_t deck_id, const Note& written,
                               const std::string& sibling_group, std::int64_t first_card_position,
                               TimestampMs now, std::optional<TimestampMs> source_modified) {
  const std::int64_t note_position = first_card_position;
  NoteSave save;
  const std::optional<StoredNote> stored = notes_.find(deck_id, written.id);
  save.note = canonical_note(with_kept_cards(written, stored));
  const Note& note = save.note;
  const std::vector<GeneratedCard> generated = generate_cards(note, validate_note(note));
  const std::string fields_json = note_fields_to_json(note.fields);
  bool deleted = false;
  if (!stored) {
    save.note_id = notes_.insert(deck_id, note, fields_json, sibling_group, note_position, now,
                                 source_modified.value_or(now));
    save.note_added = true;
  } else {
    save.note_id = stored->id;
    deleted = stored->deleted_ms.has_value();
    save.note_changed =
        !same_note_content(stored->note, note) || stored->sibling_group != sibling_group;
    if (save.note_changed || source_modified) {
      notes_.update(save.note_id, note, fields_json, sibling_group, note_position,
                    update_stamp(*stored, now, source_modified));
    } else if (stored->position != note_position) {
      notes_.set_position(save.note_id, note_position);
    }
  }

  // The note's cards read once (a note just inserted has none): what reconciling matches by
  // template, and what each card's save compares against.
  const std::vector<StoredNoteCard> stored_cards =
      save.note_added ? std::vector<StoredNoteCard>{} : cards_.cards_of_note(save.note_id);
  std::vector<ExistingCard> existing;
  for (const StoredNoteCard& card : stored_cards) existing.push_back(card.card);
  const CardReconciliation plan = reconcile_cards(existing, generated);
  save_cards(save, deck_id, sibling_group, fields_json, generated, stored_cards,
             first_card_position, now);
  for (const ExistingCard& card : plan.retired) {
    cards_.set_retired(card.id, true);
    save.retired.push_back(card.id);
  }
  for (const ExistingCard& card : plan.revived) {
    cards_.set_retired(card.id, false);
    save.revived.push_back(card.id);
  }
  if (!save.retired.empty() || !save.revived.empty() ||
      (deleted && save.count(CardChange::kAdded) > 0)) {
    cards_.refresh_suspension(save.note_id);
  }
  save.cards_of_note = static_cast<int>(stored_cards.size()) + save.count(CardChange::kAdded);
  return save;
}

NoteSave Collection::add_note(std::int64_t deck_id, Note written, std::int64_t first_card_position,
                              TimestampMs now, std::optional<TimestampMs> source_modified) {
  return add_note(deck_id, prepare_new_note(std::move(written)), first_card_position, now,
                  source_modified);
}

NoteSave Collection::add_note(std::int64_t deck_id, PreparedNote prepared,
                              std::int64_t first_card_position, TimestampMs now,
                              std::optional<TimestampMs> source_modified) {
  NoteSave save;
  save.note = std::move(prepared.note);
  const std::optional<std::int64_t> note_id =
      notes_.insert_new(deck_id, save.note, prepared.fields_json, first_card_position, now,
                        source_modified.value_or(now));
  if (!note_id) return save;
  save.note_id = *note_id;
  save.note_added = true;
  std::int64_t position = first_card_position;
  for (PreparedCard& card : prepared.cards) {
    place(card.row, deck_id, save.note_id, position++);
    const SavedCard saved = cards_.save(card.row, nullptr, now, &card.content_hash);
    save.cards.push_back({.id = saved.id, .change = saved.change, .row = std::move(card.row)});
  }
  save.cards_of_note = static_cast<int>(save.cards.size());
  return save;
}

void Collection::save_cards(NoteSave& save, std::int64_t deck_id, const std::string& sibling_group,
                            const std::string& fields_json,
                            const std::vector<GeneratedCard>& generated,
                            const std::vector<StoredNoteCard>& stored_cards,
                            std::int64_t first_card_position, TimestampMs now) {
  for (NoteCardRow& row : note_card_rows(save.note, deck_id, save.note_id, sibling_group,
                                         fields_json, generated, first_card_position)) {
    const auto found =
        std::find_if(stored_cards.begin(), stored_cards.end(),
                     [&](const StoredNoteCard& c) { return c.card.key == row.template_key; });
    const SavedCard saved = cards_.save(row, found == stored_cards.end() ? nullptr : &*found, now);
    save.cards.push_back({.id = saved.id, .change = saved.change, .row = std::move(row)});
  }
}

std::vector<NoteSave> Collection::add_notes(std::span<NoteToAdd> notes,
                                            const NextPosition& next_position, TimestampMs now) {
  std::vector<NoteSave> saves;
  saves.reserve(notes.size());
  for (std::size_t first = 0; first < notes.size(); first += RowsInsert::kMostRows) {
    const std::size_t end = std::min(notes.size(), first + RowsInsert::kMostRows);
    // Row ids as SQLite would give them one insert at a time: one past the largest. Read for
    // each part, inside the write, so that nothing but this batch has taken one since.
    std::int64_t note_id = notes_.largest_id();
    std::int64_t card_id = cards_.largest_id();
    constexpr std::int64_t kLargestId = std::numeric_limits<std::int64_t>::max();
    std::size_t cards_in_part = 0;
    for (std::size_t at = first; at < end; ++at) {
      cards_in_part += notes[at].prepared.cards.size();
    }
    const bool ids_fit = note_id <= kLargestId - RowsInsert::kMostRows &&
                         card_id <= kLargestId - static_cast<std::int64_t>(cards_in_part);
    // Each deck's next position as the part found it: put back if the part is redone.
    std::vector<std::pair<std::int64_t, std::int64_t>> positions_before;
    std::vector<NoteStore::NewRow> note_rows;
    for (std::size_t at = first; ids_fit && at < end; ++at) {
      NoteToAdd& adding = notes[at];
      PreparedNote& prepared = adding.prepared;
      std::int64_t& position = next_position(adding.deck_id);
      if (std::none_of(positions_before.begin(), positions_before.end(),
                       [&](const auto& deck) { return deck.first == adding.deck_id; })) {
        positions_before.emplace_back(adding.deck_id, position);
      }
      // The note stays in `notes` until its row is in: the fallback below adds it from there.
      NoteSave& save = saves.emplace_back();
      save.note_id = ++note_id;
      save.note_added = true;
      note_rows.push_back({.id = save.note_id,
                           .deck_id = adding.deck_id,
                           .note = &prepared.note,
                           .fields_json = &prepared.fields_json,
                           .position = position,
                           .modified = adding.source_modified.value_or(now)});
      // Each row stays with its note until the part is written: the fallback below adds the
      // note from there, and the rows are the saves' once they are in.
      std::int64_t card_position = position;
      for (PreparedCard& card : prepared.cards) {
        place(card.row, adding.deck_id, save.note_id, card_position++);
        save.cards.push_back({.id = ++card_id, .change = CardChange::kAdded, .row = {}});
      }
      save.cards_of_note = static_cast<int>(save.cards.size());
      position += static_cast<std::int64_t>(save.cards.size());
    }
    // A note its deck has (or the batch has twice): the part is redone one note at a time,
    // which finds it as add_note() does.
    if (!ids_fit || !notes_.insert_new_rows(note_rows, now)) {
      saves.resize(first);
      for (const auto& [deck_id, position] : positions_before) next_position(deck_id) = position;
      for (std::size_t at = first; at < end; ++at) {
        std::int64_t& position = next_position(notes[at].deck_id);
        NoteSave& save =
            saves.emplace_back(add_note(notes[at].deck_id, std::move(notes[at].prepared), position,
                                        now, notes[at].source_modified));
        if (!save.note_added) return saves;
        position += static_cast<std::int64_t>(save.cards.size());
      }
      continue;
    }
    for (std::size_t at = first; at < end; ++at) {
      saves[at].note = std::move(notes[at].prepared.note);
    }
    std::vector<CardStore::NewRow> card_rows_of_part;
    card_rows_of_part.reserve(cards_in_part);
    for (std::size_t at = first; at < end; ++at) {
      const std::vector<PreparedCard>& cards = notes[at].prepared.cards;
      for (std::size_t card = 0; card < cards.size(); ++card) {
        card_rows_of_part.push_back({.id = saves[at].cards[card].id,
                                     .row = &cards[card].row,
                                     .content_hash = &cards[card].content_hash});
      }
    }
    cards_.insert_rows(card_rows_of_part, now);
    for (std::size_t at = first; at < end; ++at) {
      std::vector<PreparedCard>& cards = notes[at].prepared.cards;
      for (std::size_t card = 0; card < cards.size(); ++card) {
        saves[at].cards[card].row = std::move(cards[card].row);
      }
    }
  }
  return saves;
}

}  // namespace kioku::daemon
