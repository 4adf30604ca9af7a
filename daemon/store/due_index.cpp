// The due and burial SQL over card_state's indices, prepared once.
#include "daemon/store/due_index.hpp"

#include <limits>
#include <string>
#include <tuple>

#include "core/error.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// Whether the candidate has the tag bound as ?9: from the cards kept for it (TaggedCards::Reading
// comes first), else by a probe of its card's row for the tags. CASE runs only the branch taken.
#define KIOKU_TAG_MATCH                                                                      \
  "CASE WHEN kioku_tags_kept() THEN kioku_kept_tag(card_state.card_id) ELSE kioku_has_tag((" \
  "SELECT tags FROM cards WHERE cards.id = card_state.card_id), ?9) END"

// The tag filter of the queue's queries.
constexpr std::string_view kTagCondition = KIOKU_TAG_MATCH " AND ";

// `sql` (a query over card_state whose WHERE starts with `deck_id = ?1`) with the tag filter.
std::string tagged(std::string_view sql) {
  constexpr std::string_view kWhere = "WHERE deck_id = ?1 AND ";
  std::string text(sql);
  const std::size_t at = text.find(kWhere);
  text.insert(at + std::string_view("WHERE ").size(), kTagCondition);
  return text;
}

constexpr const char* kCountDueLearning =
    "SELECT count(*) FROM (SELECT 1 FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
    "AND phase <> 'new' AND phase IN ('learning', 'relearning') AND due_ms <= ?2 "
    "AND interday = ?5 "
    "AND buried_until_day <= ?3 LIMIT ?4)";
constexpr const char* kCountDueReview =
    "SELECT count(*) FROM (SELECT 1 FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
    "AND phase <> 'new' AND phase = 'review' AND due_ms <= ?2 AND buried_until_day <= ?3 "
    "LIMIT ?4)";
// Made so that the index's order is the ORDER BY's, or SQLite sorts the matches in a temporary
// B-tree it makes and drops at every call (a third of the daemon's time in review.next on a
// million cards): one phase, ?5, at a time, where both (phase IN (...)) would interleave two
// ranges; and `+interday`, which SQLite then takes for a filter, where an equality on a column
// the index has after the range of due_ms makes it re-sort the ORDER BY's right part.
constexpr const char* kFirstDueLearning =
    "SELECT card_id, due_ms, buried_until_day FROM card_state WHERE deck_id = ?1 "
    "AND suspended = 0 AND phase <> 'new' AND phase = ?5 AND due_ms <= ?2 AND +interday = ?4 "
    "AND buried_until_day <= ?3 ORDER BY due_ms, interday, buried_until_day, card_id "
    "LIMIT 1";
constexpr const char* kFirstDueReview =
    "SELECT card_id, due_ms FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
    "AND phase <> 'new' AND phase = 'review' AND due_ms <= ?2 AND buried_until_day <= ?3 "
    "ORDER BY due_ms, interday, buried_until_day, card_id LIMIT 1";
constexpr const char* kCountNew =
    "SELECT count(*) FROM (SELECT 1 FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
    "AND phase = 'new' AND buried_until_day <= ?2 LIMIT ?3)";
constexpr const char* kFirstNew =
    "SELECT card_id FROM card_state WHERE deck_id = ?1 AND suspended = 0 AND phase = 'new' "
    "AND buried_until_day <= ?2 ORDER BY new_position, buried_until_day, card_id LIMIT 1";
// ?2 today, (?3, ?4) the (due, id) the session has reached, ?9 the tag or NULL.
constexpr const char* kCramCards =
    "FROM card_state WHERE deck_id = ?1 AND suspended = 0 AND phase <> 'new' "
    "AND buried_until_day <= ?2 AND (due_ms, card_id) > (?3, ?4) "
    "AND (?9 IS NULL OR " KIOKU_TAG_MATCH ")";

// `sql` (as for tagged()) going by the ids of the tag's cards, when they are few
// (TaggedCards::few_kept()): each one's row looked up by id, where a walk of the deck's cards in
// the statement's order may read every card of the deck before it finds one with the tag. The
// ORDER BYs end in card_id, so the order is the same either way.
std::string as_written(std::string_view sql) {
  return std::string(sql);
}

std::string by_tagged_ids(std::string_view sql) {
  constexpr std::string_view kFrom = "FROM card_state WHERE deck_id = ?1 AND ";
  std::string text(sql);
  const std::size_t at = text.find(kFrom);
  text.replace(at, kFrom.size(),
               "FROM kioku_tagged_ids AS tagged CROSS JOIN card_state "
               "ON card_state.card_id = tagged.id WHERE deck_id = ?1 AND ");
  return text;
}

// The same going through the kept rows of card_state of those cards (TaggedCards::states_kept()):
// none of their rows read from the file.
std::string by_kept_states(std::string_view sql) {
  constexpr std::string_view kFrom = "FROM card_state WHERE deck_id = ?1 AND ";
  std::string text(sql);
  const std::size_t at = text.find(kFrom);
  text.replace(at, kFrom.size(), "FROM kioku_tagged_states AS card_state WHERE deck_id = ?1 AND ");
  return text;
}

// A first_* lookup (`SELECT ... ORDER BY keys LIMIT 1`) giving every candidate's ORDER BY keys,
// card_id last, unsorted: the caller takes the least (least_row). Sorting even the rows of a
// tag's few cards would be a sort the queue's queries never make (a test counts them).
std::string unsorted(std::string_view sql) {
  constexpr std::string_view kOrder = " ORDER BY ";
  const std::size_t order = sql.find(kOrder);
  const std::size_t limit = sql.find(" LIMIT 1", order);
  const std::size_t from = sql.find(" FROM ");
  return "SELECT " + std::string(sql.substr(order + kOrder.size(), limit - order - kOrder.size())) +
         std::string(sql.substr(from, order - from));
}

std::string unsorted_by_ids(std::string_view sql) {
  return by_tagged_ids(unsorted(sql));
}

std::string unsorted_by_kept_states(std::string_view sql) {
  return by_kept_states(unsorted(sql));
}

// One walk of the deck's cards that are not new, for a tag (each candidate is asked about
// anyway): a card buried past today counts from ?3, when it comes back.
constexpr const char* kNextDueEach =
    "SELECT min(CASE WHEN buried_until_day > ?2 THEN max(due_ms, ?3) ELSE due_ms END) "
    "FROM card_state WHERE deck_id = ?1 AND suspended = 0 AND phase <> 'new'";

// One min() per phase, so each is a single index probe; buried cards come back at ?3.
constexpr const char* kNextDue =
    "SELECT min(due) FROM (SELECT min(due_ms) AS due FROM card_state "
    "WHERE deck_id = ?1 AND suspended = 0 AND phase <> 'new' AND phase = 'learning' "
    "AND buried_until_day <= ?2 "
    "UNION ALL SELECT min(due_ms) FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
    "AND phase <> 'new' AND phase = 'relearning' AND buried_until_day <= ?2 "
    "UNION ALL SELECT min(due_ms) FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
    "AND phase <> 'new' AND phase = 'review' AND buried_until_day <= ?2 "
    "UNION ALL SELECT max(min(due_ms), ?3) FROM card_state WHERE deck_id = ?1 "
    "AND buried_until_day > 0 AND buried_until_day > ?2 AND suspended = 0 "
    "AND phase <> 'new')";
// One min() per phase again: each walks card_state_deck_due from ?2 on.
constexpr const char* kNextLearningDue =
    "SELECT min(due) FROM (SELECT min(due_ms) AS due FROM card_state "
    "WHERE deck_id = ?1 AND suspended = 0 AND phase <> 'new' AND phase = 'learning' "
    "AND due_ms > ?2 AND interday = 0 AND buried_until_day <= ?3 "
    "UNION ALL SELECT min(due_ms) FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
    "AND phase <> 'new' AND phase = 'relearning' AND due_ms > ?2 AND interday = 0 "
    "AND buried_until_day <= ?3)";

}  // namespace

std::vector<IndexedQuery> DueIndex::queue_lookups() {
  return {{kCountDueLearning, "card_state_deck_due"}, {kCountDueReview, "card_state_deck_due"},
          {kFirstDueLearning, "card_state_deck_due"}, {kFirstDueReview, "card_state_deck_due"},
          {kCountNew, "card_state_deck_new"},         {kFirstNew, "card_state_deck_new"},
          {kNextDue, "card_state_deck_due"},          {kNextLearningDue, "card_state_deck_due"}};
}

namespace {

// The queue's counts and next due time made by `made`, and its first_* lookups by `first_made`:
// the statements a tagged path prepares, for the plan tests.
std::vector<std::string> lookups_made(std::string (*made)(std::string_view),
                                      std::string (*first_made)(std::string_view)) {
  std::vector<std::string> lookups;
  for (const char* sql : {kCountDueLearning, kCountDueReview, kCountNew, kNextDueEach}) {
    lookups.push_back(made(sql));
  }
  for (const char* sql : {kFirstDueLearning, kFirstDueReview, kFirstNew}) {
    lookups.push_back(first_made(sql));
  }
  return lookups;
}

}  // namespace

std::vector<std::string> DueIndex::tagged_id_lookups() {
  return lookups_made(by_tagged_ids, unsorted_by_ids);
}

std::vector<std::string> DueIndex::tagged_state_lookups() {
  return lookups_made(by_kept_states, unsorted_by_kept_states);
}

struct DueIndex::Statements {
  // The queue's counts and lookups of one kind: without a tag, with one walking the deck's cards,
  // or going by the ids of a tag's few cards.
  struct Lookups {
    // `made` makes the counts' SQL from the plain one, `first_made` the first_* lookups'.
    Lookups(sqlite::Database& database, std::string (*made)(std::string_view),
            std::string (*first_made)(std::string_view), const std::string& next_due_sql)
        // ?2 is the due bound, ?3 today (cards buried until a later day are left out); the
        // learning statements take the interday flag as ?5 (count) or ?4 (first), and stay on
        // the covering index card_state_deck_due with it bound. The ORDER BYs list the index's
        // columns in its order (interday and buried_until_day are constant or irrelevant for the
        // order), so the review lookup's first row needs no sort.
        : count_due_learning(database.prepare(made(kCountDueLearning))),
          count_due_review(database.prepare(made(kCountDueReview))),
          first_due_learning(database.prepare(first_made(kFirstDueLearning))),
          first_due_review(database.prepare(first_made(kFirstDueReview))),
          count_new(database.prepare(made(kCountNew))),
          first_new(database.prepare(first_made(kFirstNew))),
          next_due(database.prepare(next_due_sql)) {}

    sqlite::Statement count_due_learning;
    sqlite::Statement count_due_review;
    sqlite::Statement first_due_learning;
    sqlite::Statement first_due_review;
    sqlite::Statement count_new;
    sqlite::Statement first_new;
    sqlite::Statement next_due;
  };

  explicit Statements(sqlite::Database& database)
      : plain(database, as_written, as_written, kNextDue),
        tagged(database, kioku::daemon::tagged, kioku::daemon::tagged,
               std::string(kNextDueEach) + " AND " KIOKU_TAG_MATCH),
        tagged_ids(database, by_tagged_ids, unsorted_by_ids, by_tagged_ids(kNextDueEach)),
        tagged_states(database, by_kept_states, unsorted_by_kept_states,
                      by_kept_states(kNextDueEach)),
        first_cram(database.prepare(std::string("SELECT card_id, due_ms ") + kCramCards +
                                    " ORDER BY due_ms, card_id LIMIT 1")),
        count_cram(database.prepare(std::string("SELECT count(*) ") + kCramCards)),
        next_learning_due(database.prepare(kNextLearningDue)),
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

  // The lookups for a query with `tag`, its TaggedCards::Reading made.
  Lookups& lookups(const std::optional<std::string>& tag, const TaggedCards& cards) {
    if (!tag) return plain;
    if (cards.states_kept()) return tagged_states;
    return cards.few_kept() ? tagged_ids : tagged;
  }
  // Whether `chosen`'s first_* lookups give every candidate unsorted (least_row).
  bool unsorted(const Lookups& chosen) const {
    return &chosen == &tagged_ids || &chosen == &tagged_states;
  }
  // Binds `tag` as ?9 of `statement`, one of `chosen`'s, when they take it.
  void bind_tag(const Lookups& chosen, sqlite::Statement& statement,
                const std::optional<std::string>& tag) {
    if (&chosen == &tagged) statement.bind(9, *tag);
  }

  Lookups plain;
  Lookups tagged;  // binds the tag as ?9
  // After a Reading whose cards are few_kept(); its first_* lookups give every candidate
  // (unsorted_by_ids).
  Lookups tagged_ids;
  Lookups tagged_states;  // after a Reading whose cards' states_kept(); as tagged_ids
  sqlite::Statement first_cram;
  sqlite::Statement count_cram;
  sqlite::Statement next_learning_due;
  sqlite::Statement bury_card;
  sqlite::Statement bury_siblings;
  sqlite::Statement unbury_deck;
  sqlite::Statement unbury_all;
};

#undef KIOKU_TAG_MATCH

namespace {

// The least of `statement`'s rows of `columns` integers, compared in column order: the first in
// the ORDER BY an unsorted_by_ids lookup was made from.
std::optional<std::vector<std::int64_t>> least_row(sqlite::Statement& statement, int columns) {
  sqlite::StatementScope scope(statement);
  std::optional<std::vector<std::int64_t>> least;
  std::vector<std::int64_t> row(static_cast<std::size_t>(columns));
  while (statement.step()) {
    for (int column = 0; column < columns; ++column) {
      row[static_cast<std::size_t>(column)] = statement.column_int(column);
    }
    if (!least || row < *least) least = row;
  }
  return least;
}

// The review statement for kReview; otherwise the learning one, with its interday parameter
// (numbered `interday_parameter`) bound to the group.
sqlite::Statement& pick(DueGroup group, sqlite::Statement& learning, int interday_parameter,
                        sqlite::Statement& review) {
  if (group == DueGroup::kReview) return review;
  learning.bind(interday_parameter, group == DueGroup::kInterdayLearning ? 1 : 0);
  return learning;
}

}  // namespace

DueIndex::DueIndex(sqlite::Database& database, std::function<const CardRowLog&()> card_rows,
                   std::function<const CardRowLog&()> card_state_rows)
    : database_(database),
      tagged_cards_(database, std::move(card_rows), std::move(card_state_rows)),
      statements_(std::make_unique<Statements>(database)) {}

DueIndex::~DueIndex() = default;

std::int64_t DueIndex::count_due(std::int64_t deck_id, DueGroup group, TimestampMs due_before,
                                 std::int64_t today, std::int64_t limit,
                                 const std::optional<std::string>& tag) {
  const TaggedCards::Reading reading(tagged_cards_, tag);
  Statements::Lookups& lookups = statements_->lookups(tag, tagged_cards_);
  sqlite::Statement& statement =
      pick(group, lookups.count_due_learning, 5, lookups.count_due_review);
  statement.bind(1, deck_id).bind(2, due_before).bind(3, today).bind(4, limit);
  statements_->bind_tag(lookups, statement, tag);
  return sqlite::integer_result(statement);
}

std::optional<DueCard> DueIndex::first_due(std::int64_t deck_id, DueGroup group,
                                           TimestampMs due_before, std::int64_t today,
                                           const std::optional<std::string>& tag) {
  const TaggedCards::Reading reading(tagged_cards_, tag);
  Statements::Lookups& lookups = statements_->lookups(tag, tagged_cards_);
  // Binds the statement of `group` (a reset clears its parameters).
  const auto bound = [&]() -> sqlite::Statement& {
    sqlite::Statement& statement =
        pick(group, lookups.first_due_learning, 4, lookups.first_due_review);
    statement.bind(1, deck_id).bind(2, due_before).bind(3, today);
    statements_->bind_tag(lookups, statement, tag);
    return statement;
  };
  // By the tag's ids: each candidate's (due_ms, interday, buried_until_day, card_id).
  const bool by_ids = statements_->unsorted(lookups);
  if (group == DueGroup::kReview) {
    sqlite::Statement& statement = bound();
    if (by_ids) {
      const auto least = least_row(statement, 4);
      if (!least) return std::nullopt;
      return DueCard{(*least)[3], (*least)[0]};
    }
    sqlite::StatementScope scope(statement);
    if (!statement.step()) return std::nullopt;
    return DueCard{statement.column_int(0), statement.column_int(1)};
  }
  // The first of each learning phase, and of the two the first in the statement's order (its
  // interday is bound, the same for both).
  using Place = std::tuple<TimestampMs, std::int64_t, std::int64_t>;  // due, burial, id
  std::optional<Place> first;
  for (const char* phase : {"learning", "relearning"}) {
    sqlite::Statement& statement = bound();
    statement.bind(5, phase);
    if (by_ids) {
      const auto least = least_row(statement, 4);
      if (!least) continue;
      const Place place{(*least)[0], (*least)[2], (*least)[3]};
      if (!first || place < *first) first = place;
      continue;
    }
    sqlite::StatementScope scope(statement);
    if (!statement.step()) continue;
    const Place place{statement.column_int(1), statement.column_int(2), statement.column_int(0)};
    if (!first || place < *first) first = place;
  }
  if (!first) return std::nullopt;
  return DueCard{std::get<2>(*first), std::get<0>(*first)};
}

std::int64_t DueIndex::count_new(std::int64_t deck_id, std::int64_t today, std::int64_t limit,
                                 const std::optional<std::string>& tag) {
  const TaggedCards::Reading reading(tagged_cards_, tag);
  Statements::Lookups& lookups = statements_->lookups(tag, tagged_cards_);
  sqlite::Statement& statement = lookups.count_new;
  statement.bind(1, deck_id).bind(2, today).bind(3, limit);
  statements_->bind_tag(lookups, statement, tag);
  return sqlite::integer_result(statement);
}

std::optional<std::int64_t> DueIndex::first_new(std::int64_t deck_id, std::int64_t today,
                                                const std::optional<std::string>& tag) {
  const TaggedCards::Reading reading(tagged_cards_, tag);
  Statements::Lookups& lookups = statements_->lookups(tag, tagged_cards_);
  sqlite::Statement& statement = lookups.first_new;
  statement.bind(1, deck_id).bind(2, today);
  statements_->bind_tag(lookups, statement, tag);
  if (statements_->unsorted(lookups)) {
    // Each candidate's (new_position, buried_until_day, card_id).
    const auto least = least_row(statement, 3);
    if (!least) return std::nullopt;
    return (*least)[2];
  }
  return sqlite::optional_integer_result(statement);
}

namespace {

// Binds a cram statement's deck, day, place and tag.
sqlite::Statement& bind_cram(sqlite::Statement& statement, std::int64_t deck_id, std::int64_t today,
                             const std::optional<DueCard>& after,
                             const std::optional<std::string>& tag) {
  const DueCard from = after.value_or(DueCard{0, std::numeric_limits<TimestampMs>::min()});
  statement.bind(1, deck_id).bind(2, today).bind(3, from.due).bind(4, from.id);
  statement.bind(9, tag);
  return statement;
}

}  // namespace

std::optional<DueCard> DueIndex::first_cram(std::int64_t deck_id, std::int64_t today,
                                            const std::optional<DueCard>& after,
                                            const std::optional<std::string>& tag) {
  const TaggedCards::Reading reading(tagged_cards_, tag);
  sqlite::Statement& statement = bind_cram(statements_->first_cram, deck_id, today, after, tag);
  sqlite::StatementScope scope(statement);
  if (!statement.step()) return std::nullopt;
  return DueCard{statement.column_int(0), statement.column_int(1)};
}

std::int64_t DueIndex::count_cram(std::int64_t deck_id, std::int64_t today,
                                  const std::optional<DueCard>& after,
                                  const std::optional<std::string>& tag) {
  const TaggedCards::Reading reading(tagged_cards_, tag);
  return sqlite::integer_result(bind_cram(statements_->count_cram, deck_id, today, after, tag));
}

std::optional<TimestampMs> DueIndex::next_due(std::int64_t deck_id, std::int64_t today,
                                              TimestampMs tomorrow_start,
                                              const std::optional<std::string>& tag) {
  const TaggedCards::Reading reading(tagged_cards_, tag);
  Statements::Lookups& lookups = statements_->lookups(tag, tagged_cards_);
  sqlite::Statement& statement = lookups.next_due;
  statement.bind(1, deck_id).bind(2, today).bind(3, tomorrow_start);
  statements_->bind_tag(lookups, statement, tag);
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
    throw Error(ErrorCode::kNotFound,
                bilingual("no card with id {id}", "ID {id} のカードはありません",
                          {{"id", std::to_string(card_id)}}));
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
