// The due and burial SQL over card_state's indices, prepared once.
#include "daemon/store/due_index.hpp"

#include <string>

#include "core/error.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

struct DueIndex::Statements {
  explicit Statements(sqlite::Database& database)
      // ?2 is the due bound, ?3 today (cards buried until a later day are left out); the
      // learning statements take the interday flag as ?5 (count) or ?4 (first), and stay on
      // the covering index card_state_deck_due with it bound. The ORDER BYs list the index's
      // columns in its order (interday and buried_until_day are constant or irrelevant for the
      // order), so the review lookup's first row needs no sort.
      : count_due_learning(database.prepare(
            "SELECT count(*) FROM (SELECT 1 FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
            "AND phase IN ('learning', 'relearning') AND due_ms <= ?2 AND interday = ?5 "
            "AND buried_until_day <= ?3 LIMIT ?4)")),
        count_due_review(database.prepare(
            "SELECT count(*) FROM (SELECT 1 FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
            "AND phase = 'review' AND due_ms <= ?2 AND buried_until_day <= ?3 LIMIT ?4)")),
        first_due_learning(database.prepare(
            "SELECT card_id, due_ms FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
            "AND phase IN ('learning', 'relearning') AND due_ms <= ?2 AND interday = ?4 "
            "AND buried_until_day <= ?3 ORDER BY due_ms, interday, buried_until_day, card_id "
            "LIMIT 1")),
        first_due_review(database.prepare(
            "SELECT card_id, due_ms FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
            "AND phase = 'review' AND due_ms <= ?2 AND buried_until_day <= ?3 "
            "ORDER BY due_ms, interday, buried_until_day, card_id LIMIT 1")),
        count_new(database.prepare(
            "SELECT count(*) FROM (SELECT 1 FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
            "AND phase = 'new' AND buried_until_day <= ?2 LIMIT ?3)")),
        first_new(database.prepare(
            "SELECT card_id FROM card_state WHERE deck_id = ?1 AND suspended = 0 AND phase = 'new' "
            "AND buried_until_day <= ?2 ORDER BY new_position, buried_until_day, card_id LIMIT 1")),
        // One min() per phase, so each is a single index probe; buried cards come back at ?3.
        next_due(database.prepare(
            "SELECT min(due) FROM (SELECT min(due_ms) AS due FROM card_state "
            "WHERE deck_id = ?1 AND suspended = 0 AND phase = 'learning' AND buried_until_day <= "
            "?2 "
            "UNION ALL SELECT min(due_ms) FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
            "AND phase = 'relearning' AND buried_until_day <= ?2 "
            "UNION ALL SELECT min(due_ms) FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
            "AND phase = 'review' AND buried_until_day <= ?2 "
            "UNION ALL SELECT max(min(due_ms), ?3) FROM card_state WHERE deck_id = ?1 "
            "AND buried_until_day > 0 AND buried_until_day > ?2 AND suspended = 0 "
            "AND phase <> 'new')")),
        // One min() per phase again: each walks card_state_deck_due from ?2 on.
        next_learning_due(database.prepare(
            "SELECT min(due) FROM (SELECT min(due_ms) AS due FROM card_state "
            "WHERE deck_id = ?1 AND suspended = 0 AND phase = 'learning' AND due_ms > ?2 "
            "AND interday = 0 AND buried_until_day <= ?3 "
            "UNION ALL SELECT min(due_ms) FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
            "AND phase = 'relearning' AND due_ms > ?2 AND interday = 0 "
            "AND buried_until_day <= ?3)")),
        bury_card(database.prepare(
            "UPDATE card_state SET buried_until_day = max(buried_until_day, ?2) WHERE card_id = "
            "?1")),
        // Siblings of card ?1 that the options ?3 (new), ?4 (review), ?5 (interday learning)
        // name. Intraday learning siblings are never buried, as in Anki.
        bury_siblings(database.prepare(
            "UPDATE card_state SET buried_until_day = ?2 WHERE buried_until_day < ?2 "
            "AND suspended = 0 AND card_id IN (SELECT sibling.id FROM cards card "
            "JOIN cards sibling ON sibling.deck_id = card.deck_id AND sibling.note = card.note "
            "AND sibling.note <> '' "
            "WHERE card.id = ?1 AND card.note <> '' AND sibling.id <> card.id) "
            "AND ((?3 AND phase = 'new') OR (?4 AND phase = 'review') OR "
            "(?5 AND phase IN ('learning', 'relearning') AND interday = 1))")),
        unbury_deck(database.prepare("UPDATE card_state SET buried_until_day = 0 "
                                     "WHERE deck_id = ?1 AND buried_until_day > 0")),
        unbury_all(database.prepare(
            "UPDATE card_state SET buried_until_day = 0 WHERE buried_until_day > 0")) {}

  sqlite::Statement count_due_learning;
  sqlite::Statement count_due_review;
  sqlite::Statement first_due_learning;
  sqlite::Statement first_due_review;
  sqlite::Statement count_new;
  sqlite::Statement first_new;
  sqlite::Statement next_due;
  sqlite::Statement next_learning_due;
  sqlite::Statement bury_card;
  sqlite::Statement bury_siblings;
  sqlite::Statement unbury_deck;
  sqlite::Statement unbury_all;
};

namespace {

// The review statement for kReview; otherwise the learning one, with its interday parameter
// (numbered `interday_parameter`) bound to the group.
sqlite::Statement& pick(DueGroup group, sqlite::Statement& learning, int interday_parameter,
                        sqlite::Statement& review) {
  if (group == DueGroup::kReview) return review;
  learning.bind(interday_parameter, group == DueGroup::kInterdayLearning ? 1 : 0);
  return learning;
}

}  // namespace

DueIndex::DueIndex(sqlite::Database& database)
    : database_(database), statements_(std::make_unique<Statements>(database)) {}

DueIndex::~DueIndex() = default;

std::int64_t DueIndex::count_due(std::int64_t deck_id, DueGroup group, TimestampMs due_before,
                                 std::int64_t today, std::int64_t limit) {
  Statements& s = *statements_;
  sqlite::Statement& statement = pick(group, s.count_due_learning, 5, s.count_due_review);
  statement.bind(1, deck_id).bind(2, due_before).bind(3, today).bind(4, limit);
  return sqlite::integer_result(statement);
}

std::optional<DueCard> DueIndex::first_due(std::int64_t deck_id, DueGroup group,
                                           TimestampMs due_before, std::int64_t today) {
  Statements& s = *statements_;
  sqlite::Statement& statement = pick(group, s.first_due_learning, 4, s.first_due_review);
  sqlite::StatementScope scope(statement);
  statement.bind(1, deck_id).bind(2, due_before).bind(3, today);
  if (!statement.step()) return std::nullopt;
  return DueCard{statement.column_int(0), statement.column_int(1)};
}

std::int64_t DueIndex::count_new(std::int64_t deck_id, std::int64_t today, std::int64_t limit) {
  sqlite::Statement& statement = statements_->count_new;
  statement.bind(1, deck_id).bind(2, today).bind(3, limit);
  return sqlite::integer_result(statement);
}

std::optional<std::int64_t> DueIndex::first_new(std::int64_t deck_id, std::int64_t today) {
  sqlite::Statement& statement = statements_->first_new;
  statement.bind(1, deck_id).bind(2, today);
  return sqlite::optional_integer_result(statement);
}

std::optional<TimestampMs> DueIndex::next_due(std::int64_t deck_id, std::int64_t today,
                                              TimestampMs tomorrow_start) {
  sqlite::Statement& statement = statements_->next_due;
  statement.bind(1, deck_id).bind(2, today).bind(3, tomorrow_start);
  return sqlite::optional_integer_result(statement);
}

std::optional<TimestampMs> DueIndex::next_learning_due(std::int64_t deck_id, TimestampMs after,
                                                       std::int64_t today) {
  sqlite::Statement& statement = statements_->next_learning_due;
  statement.bind(1, deck_id).bind(2, after).bind(3, today);
  return sqlite::optional_integer_result(statement);
}

void DueIndex::bury(std::int64_t card_id, std::int64_t until_day) {
  statements_->bury_card.bind(1, card_id).bind(2, until_day).run();
  if (database_.changes() == 0) {
    throw Error(ErrorCode::kNotFound, "no card with id " + std::to_string(card_id));
  }
}

void DueIndex::bury_siblings(std::int64_t card_id, std::int64_t until_day,
                             const SiblingBurial& which) {
  sqlite::Statement& statement = statements_->bury_siblings;
  statement.bind(1, card_id).bind(2, until_day);
  statement.bind(3, which.new_cards ? 1 : 0);
  statement.bind(4, which.reviews ? 1 : 0);
  statement.bind(5, which.interday_learning ? 1 : 0).run();
}

std::int64_t DueIndex::unbury(std::optional<std::int64_t> deck_id) {
  if (deck_id) {
    statements_->unbury_deck.bind(1, *deck_id).run();
  } else {
    statements_->unbury_all.run();
  }
  return database_.changes();
}

}  // namespace kioku::daemon
