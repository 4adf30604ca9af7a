// The SQL of card rows and card_state, prepared once.
#include "daemon/store/card_store.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "daemon/store/card_content.hpp"
#include "daemon/store/card_state_codec.hpp"
#include "daemon/store/rows_insert.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// Sets card_state.suspended from what keeps a card out of the queue: its note deleted, the card
// retired or suspended by the user, or a leech under a deck that suspends leeches (the one thing
// an answer suspends a card for, so this is what a replay would give). The caller adds which
// cards ("WHERE ...").
constexpr const char* kSuspensionUpdate =
    "UPDATE card_state SET suspended = ("
    "SELECT c.retired = 1 OR n.deleted_ms IS NOT NULL OR c.suspended_ms IS NOT NULL OR "
    "(card_state.leech = 1 AND coalesce(d.options ->> '$.leech_action', 'suspend') = 'suspend') "
    "FROM cards c JOIN notes n ON n.id = c.note_id JOIN decks d ON d.id = c.deck_id "
    "WHERE c.id = card_state.card_id) ";

// The ids of a JSON array bound to ?1 (id_list()).
constexpr const char* kListed = "(SELECT value FROM json_each(?1))";

// `card_ids` as a JSON array of integers, for kListed.
std::string id_list(std::span<const std::int64_t> card_ids) {
  std::string list = "[";
  for (const std::int64_t id : card_ids) {
    if (list.size() > 1) list += ',';
    list += std::to_string(id);
  }
  return list + "]";
}

std::string with_state_columns(const std::string& head, const std::string& tail) {
  return head + kCardStateColumns + tail;
}

}  // namespace

struct CardStore::Statements {
  explicit Statements(sqlite::Database& database)
      : count_all(database.prepare("SELECT count(*) FROM cards")),
        count_in_deck(database.prepare("SELECT count(*) FROM cards WHERE deck_id = ?1")),
        select_card(database.prepare(with_state_columns(
            "SELECT c.id, c.deck_id, d.slug, c.external_id, c.kind, c.content, c.tags, c.note, "
            "s.buried_until_day, d.options, c.note_id, c.template, c.flag, ",
            " FROM cards c JOIN card_state s ON s.card_id = c.id "
            "JOIN decks d ON d.id = c.deck_id "
            "WHERE c.id = ?1"))),
        select_ids_in_deck(database.prepare("SELECT id FROM cards WHERE deck_id = ?1 ORDER BY id")),
        next_position(database.prepare(
            "SELECT coalesce(max(position), 0) + 1 FROM cards WHERE deck_id = ?1")),
        select_of_note(database.prepare(
            "SELECT id, template, retired, content_hash, position FROM cards WHERE note_id = ?1 "
            "ORDER BY id")),
        select_states_of_note(database.prepare(
            with_state_columns("SELECT c.id, c.template, c.flag, ",
                               " FROM cards c JOIN card_state s ON s.card_id = c.id "
                               "WHERE c.note_id = ?1 AND c.retired = 0 ORDER BY c.id"))),
        select_withdrawn(database.prepare(
            "SELECT c.id FROM cards c JOIN notes n ON n.id = c.note_id WHERE c.deck_id = ?1 "
            "AND (c.retired = 1 OR n.deleted_ms IS NOT NULL OR c.suspended_ms IS NOT NULL) "
            "ORDER BY c.id")),
        insert(database.prepare(
            "INSERT INTO cards (deck_id, note_id, template, external_id, kind, content, "
            "content_hash, tags, position, created_ms, modified_ms, note) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11)")),
        update_content(database.prepare(
            "UPDATE cards SET kind = ?2, content = ?3, content_hash = ?4, tags = ?5, "
            "position = ?6, modified_ms = ?7, note = ?8, external_id = ?9 WHERE id = ?1")),
        set_retired(database.prepare("UPDATE cards SET retired = ?2 WHERE id = ?1")),
        refresh_suspension(database.prepare(std::string(kSuspensionUpdate) +
                                            "WHERE card_id IN (SELECT id FROM cards WHERE "
                                            "note_id = ?1)")),
        refresh_card_suspension(
            database.prepare(std::string(kSuspensionUpdate) + "WHERE card_id = ?1")),
        select_card_withdrawn(database.prepare(
            "SELECT c.retired = 1 OR n.deleted_ms IS NOT NULL OR c.suspended_ms IS NOT NULL "
            "FROM cards c JOIN notes n ON n.id = c.note_id WHERE c.id = ?1")),
        // A card suspended already keeps the time it was first suspended.
        set_suspended_by_user(database.prepare(
            "UPDATE cards SET suspended_ms = ?2 WHERE id = ?1 AND (?2 IS NULL OR suspended_ms IS "
            "NULL)")),
        select_missing(database.prepare(
            "SELECT j.value FROM json_each(?1) j WHERE NOT EXISTS (SELECT 1 FROM cards c WHERE "
            "c.id = j.value) ORDER BY j.key")),
        set_listed_suspended_by_user(
            database.prepare(std::string("UPDATE cards SET suspended_ms = ?2 WHERE id IN ") +
                             kListed + " AND (?2 IS NULL OR suspended_ms IS NULL)")),
        refresh_listed_suspension(
            database.prepare(std::string(kSuspensionUpdate) + "WHERE card_id IN " + kListed)),
        select_listed_suspended(
            database.prepare("SELECT s.suspended FROM json_each(?1) j LEFT JOIN card_state s "
                             "ON s.card_id = j.value ORDER BY j.key")),
        set_listed_flag(
            database.prepare(std::string("UPDATE cards SET flag = ?2 WHERE id IN ") + kListed)),
        update_position(database.prepare("UPDATE cards SET position = ?2 WHERE id = ?1")),
        set_flag(database.prepare("UPDATE cards SET flag = ?2 WHERE id = ?1")),
        insert_state(database.prepare(
            "INSERT INTO card_state (card_id, deck_id, phase, due_ms, new_position) "
            "VALUES (?1, ?2, 'new', 0, ?3)")),
        update_state(database.prepare(
            "UPDATE card_state SET phase = ?2, due_ms = ?3, remaining_steps = ?4, "
            "interval_days = ?5, ease = ?6, reps = ?7, lapses = ?8, last_review_ms = ?9, "
            "leech = ?10, suspended = ?11, stability = ?12, difficulty = ?13, repetition = ?14, "
            "interday = ?15 "
            "WHERE card_id = ?1")),
        largest_id(database.prepare("SELECT coalesce(max(id), 0) FROM cards")),
        // The state first: its row points at the card's, and the worker's connection, where
        // imports write, does not enforce foreign keys.
        erase_unanswered_state(database.prepare(
            "DELETE FROM card_state WHERE card_id = ?1 AND NOT EXISTS (SELECT 1 FROM revlog "
            "WHERE card_id = ?1) AND NOT EXISTS (SELECT 1 FROM imported_states WHERE card_id = "
            "?1)")),
        erase_card(database.prepare("DELETE FROM cards WHERE id = ?1")),
        insert_rows(database, "cards",
                    {"id", "deck_id", "note_id", "template", "external_id", "kind", "content",
                     "content_hash", "tags", "position", "created_ms", "modified_ms", "note"}),
        insert_state_rows(database, "card_state",
                          {"card_id", "deck_id", "phase", "due_ms", "new_position"}) {}

  sqlite::Statement count_all;
  sqlite::Statement count_in_deck;
  sqlite::Statement select_card;
  sqlite::Statement select_ids_in_deck;
  sqlite::Statement next_position;
  sqlite::Statement select_of_note;
  sqlite::Statement select_states_of_note;
  sqlite::Statement select_withdrawn;
  sqlite::Statement insert;
  sqlite::Statement update_content;
  sqlite::Statement set_retired;
  sqlite::Statement refresh_suspension;
  sqlite::Statement refresh_card_suspension;
  sqlite::Statement select_card_withdrawn;
  sqlite::Statement set_suspended_by_user;
  sqlite::Statement select_missing;
  sqlite::Statement set_listed_suspended_by_user;
  sqlite::Statement refresh_listed_suspension;
  sqlite::Statement select_listed_suspended;
  sqlite::Statement set_listed_flag;
  sqlite::Statement update_position;
  sqlite::Statement set_flag;
  sqlite::Statement insert_state;
  sqlite::Statement update_state;
  sqlite::Statement largest_id;
  sqlite::Statement erase_unanswered_state;
  sqlite::Statement erase_card;
  RowsInsert insert_rows;
  RowsInsert insert_state_rows;
};

CardStore::CardStore(sqlite::Database& database)
    : database_(database), statements_(std::make_unique<Statements>(database)) {}

CardStore::~CardStore() = default;

CardRecord CardStore::card(std::int64_t card_id) {
  sqlite::Statement& select = statements_->select_card;
  sqlite::StatementScope scope(select);
  select.bind(1, card_id);
  if (!select.step()) {
    throw Error(ErrorCode::kNotFound,
                bilingual("no card with id {id}", "ID {id} のカードはありません",
                          {{"id", std::to_string(card_id)}}));
  }
  CardRecord record;
  record.id = select.column_int(0);
  record.deck_id = select.column_int(1);
  record.deck_slug = select.column_text(2);
  record.external_id = select.column_text(3);
  record.kind = select.column_text(4);
  record.content_json = select.column_text(5);
  record.tags = select.column_text(6);
  record.note = select.column_text(7);
  record.buried_until_day = select.column_int(8);
  record.deck_options_json = select.column_text(9);
  record.note_id = select.column_int(10);
  record.template_key = select.column_text(11);
  record.flag = static_cast<int>(select.column_int(12));
  record.state = read_state(select, 13);  // the state columns come last
  return record;
}

std::int64_t CardStore::count() {
  return sqlite::integer_result(statements_->count_all);
}

std::int64_t CardStore::count_in_deck(std::int64_t deck_id) {
  statements_->count_in_deck.bind(1, deck_id);
  return sqlite::integer_result(statements_->count_in_deck);
}

std::vector<std::int64_t> CardStore::ids_in_deck(std::int64_t deck_id) {
  sqlite::Statement& select = statements_->select_ids_in_deck;
  sqlite::StatementScope scope(select);
  select.bind(1, deck_id);
  std::vector<std::int64_t> ids;
  while (select.step()) ids.push_back(select.column_int(0));
  return ids;
}

std::int64_t CardStore::next_position(std::int64_t deck_id) {
  statements_->next_position.bind(1, deck_id);
  return sqlite::integer_result(statements_->next_position);
}

std::vector<StoredNoteCard> CardStore::cards_of_note(std::int64_t note_id) {
  sqlite::Statement& select = statements_->select_of_note;
  sqlite::StatementScope scope(select);
  select.bind(1, note_id);
  std::vector<StoredNoteCard> cards;
  while (select.step()) {
    cards.push_back(StoredNoteCard{.card = ExistingCard{.id = select.column_int(0),
                                                        .key = select.column_text(1),
                                                        .retired = select.column_int(2) != 0},
                                   .content_hash = select.column_text(3),
                                   .position = select.column_int(4)});
  }
  return cards;
}

std::vector<NoteCardState> CardStore::states_of_note(std::int64_t note_id) {
  sqlite::Statement& select = statements_->select_states_of_note;
  sqlite::StatementScope scope(select);
  select.bind(1, note_id);
  std::vector<NoteCardState> cards;
  while (select.step()) {
    cards.push_back(NoteCardState{.id = select.column_int(0),
                                  .template_key = select.column_text(1),
                                  .state = read_state(select, 3),
                                  .flag = static_cast<int>(select.column_int(2))});
  }
  return cards;
}

std::vector<std::int64_t> CardStore::withdrawn_in_deck(std::int64_t deck_id) {
  sqlite::Statement& select = statements_->select_withdrawn;
  sqlite::StatementScope scope(select);
  select.bind(1, deck_id);
  std::vector<std::int64_t> ids;
  while (select.step()) ids.push_back(select.column_int(0));
  return ids;
}

std::string card_content_hash(const NoteCardRow& row) {
  // Each part joins the hash only when it is there, so that cards without siblings, named by
  // their note's id, of choice notes keep the hashes they had before siblings, templates and
  // notes existed (and a re-import does not count them as updated).
  const bool siblings = !row.sibling_group.empty();
  const bool named = row.template_key != "card";
  const bool fields = row.note_content && !row.note_content->empty();
  return content_hash(row.content_json,
                      {row.kind, "\n", row.tags, siblings ? "\nnote " : "",
                       siblings ? std::string_view(row.sibling_group) : "", named ? "\nas " : "",
                       named ? std::string_view(row.external_id) : "", fields ? "\nfields " : "",
                       fields ? std::string_view(*row.note_content) : ""});
}

SavedCard CardStore::save(const NoteCardRow& row, const StoredNoteCard* stored, TimestampMs now,
                          const std::string* made_hash) {
  Statements& s = *statements_;
  std::string made_here;
  const std::string& hash = made_hash ? *made_hash : (made_here = card_content_hash(row));
  if (stored == nullptr) {
    s.insert.bind(1, row.deck_id).bind(2, row.note_id).bind_lasting(3, row.template_key);
    s.insert.bind_lasting(4, row.external_id).bind_lasting(5, row.kind);
    s.insert.bind_lasting(6, row.content_json).bind_lasting(7, hash);
    s.insert.bind_lasting(8, row.tags).bind(9, row.position).bind(10, now);
    s.insert.bind_lasting(11, row.sibling_group).run();
    const std::int64_t added = database_.last_insert_rowid();
    s.insert_state.bind(1, added).bind(2, row.deck_id);
    s.insert_state.bind(3, row.position).run();
    return {CardChange::kAdded, added};
  }
  const std::int64_t card_id = stored->card.id;
  if (stored->content_hash != hash) {
    s.update_content.bind(1, card_id).bind(2, row.kind).bind(3, row.content_json);
    s.update_content.bind(4, hash).bind(5, row.tags).bind(6, row.position).bind(7, now);
    s.update_content.bind(8, row.sibling_group).bind(9, row.external_id).run();
    return {CardChange::kUpdated, card_id};
  }
  if (stored->position != row.position) {
    s.update_position.bind(1, card_id).bind(2, row.position).run();
  }
  return {CardChange::kUnchanged, card_id};
}

void CardStore::insert_rows(std::span<const NewRow> rows, TimestampMs now) {
  Statements& s = *statements_;
  for_each_part(rows, [&](std::span<const NewRow> part) {
    const int count = static_cast<int>(part.size());
    sqlite::Statement& cards = s.insert_rows.statement(count);
    sqlite::Statement& states = s.insert_state_rows.statement(count);
    for (int at = 0; at < count; ++at) {
      const NewRow& card = part[static_cast<std::size_t>(at)];
      const NoteCardRow& row = *card.row;
      RowBinder binder = s.insert_rows.row(cards, at);
      binder.bind(card.id).bind(row.deck_id).bind(row.note_id).bind_lasting(row.template_key);
      binder.bind_lasting(row.external_id).bind_lasting(row.kind).bind_lasting(row.content_json);
      binder.bind_lasting(*card.content_hash).bind_lasting(row.tags).bind(row.position).bind(now);
      binder.bind(now).bind_lasting(row.sibling_group);
      RowBinder state = s.insert_state_rows.row(states, at);
      state.bind(card.id).bind(row.deck_id).bind_lasting("new").bind(std::int64_t{0});
      state.bind(row.position);
    }
    cards.run();
    states.run();
  });
}

std::int64_t CardStore::largest_id() {
  sqlite::Statement& select = statements_->largest_id;
  sqlite::StatementScope scope(select);
  return select.step() ? select.column_int(0) : 0;
}

void CardStore::set_retired(std::int64_t card_id, bool retired) {
  statements_->set_retired.bind(1, card_id).bind(2, retired ? 1 : 0).run();
}

bool CardStore::erase_unanswered(std::int64_t card_id) {
  statements_->erase_unanswered_state.bind(1, card_id).run();
  if (database_.changes() == 0) return false;
  statements_->erase_card.bind(1, card_id).run();
  return true;
}

void CardStore::refresh_suspension(std::int64_t note_id) {
  statements_->refresh_suspension.bind(1, note_id).run();
}

void CardStore::refresh_card_suspension(std::int64_t card_id) {
  statements_->refresh_card_suspension.bind(1, card_id).run();
}

bool CardStore::withdrawn(std::int64_t card_id) {
  sqlite::Statement& select = statements_->select_card_withdrawn;
  sqlite::StatementScope scope(select);
  select.bind(1, card_id);
  return select.step() && select.column_int(0) != 0;
}

void CardStore::set_flag(std::int64_t card_id, int flag) {
  statements_->set_flag.bind(1, card_id).bind(2, flag).run();
}

void CardStore::set_suspended_by_user(std::int64_t card_id, std::optional<TimestampMs> since) {
  statements_->set_suspended_by_user.bind(1, card_id).bind(2, since).run();
}

std::vector<std::int64_t> CardStore::missing(std::span<const std::int64_t> card_ids) {
  sqlite::Statement& select = statements_->select_missing;
  sqlite::StatementScope scope(select);
  select.bind(1, id_list(card_ids));
  std::vector<std::int64_t> missing;
  while (select.step()) missing.push_back(select.column_int(0));
  return missing;
}

void CardStore::set_suspended_by_user(std::span<const std::int64_t> card_ids,
                                      std::optional<TimestampMs> since) {
  const std::string list = id_list(card_ids);
  statements_->set_listed_suspended_by_user.bind(1, list).bind(2, since).run();
  statements_->refresh_listed_suspension.bind(1, list).run();
}

std::vector<bool> CardStore::suspended(std::span<const std::int64_t> card_ids) {
  sqlite::Statement& select = statements_->select_listed_suspended;
  sqlite::StatementScope scope(select);
  select.bind(1, id_list(card_ids));
  std::vector<bool> suspended;
  while (select.step()) {
    // Every card has its state; one without would be a damaged collection, not "not suspended".
    if (select.column_is_null(0)) {
      throw Error(ErrorCode::kStorage,
                  bilingual("card {id} has no scheduling state",
                            "カード {id} にはスケジュールの状態がありません",
                            {{"id", std::to_string(card_ids[suspended.size()])}}));
    }
    suspended.push_back(select.column_int(0) != 0);
  }
  return suspended;
}

void CardStore::set_flag(std::span<const std::int64_t> card_ids, int flag) {
  statements_->set_listed_flag.bind(1, id_list(card_ids)).bind(2, flag).run();
}

void CardStore::write_state(std::int64_t card_id, const CardState& state) {
  sqlite::Statement& update = statements_->update_state;
  update.bind(1, card_id);
  bind_state(update, 2, state);
  update.run();
}

}  // namespace kioku::daemon
