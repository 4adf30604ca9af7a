// All of kioku's SQL against the collection, prepared once at open.
#include "daemon/store/collection.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <utility>

#include "daemon/store/card_content.hpp"

namespace kioku::daemon {

namespace {

constexpr const char* kCardStateColumns =
    "s.phase, s.due_ms, s.remaining_steps, s.interval_days, s.ease, s.reps, s.lapses, "
    "s.last_review_ms, s.leech, s.suspended, s.stability, s.difficulty, s.repetition, s.interday";

std::string join_tags(const std::vector<std::string>& tags) {
  std::string text;
  for (const std::string& tag : tags) text += (text.empty() ? "" : " ") + tag;
  return text;
}

std::string languages_json(const std::vector<std::string>& languages) {
  boost::json::array array;
  for (const std::string& language : languages) array.emplace_back(language);
  return boost::json::serialize(array);
}

// Reads the card-state columns in kCardStateColumns order, starting at `first`.
CardState read_state(const sqlite::Statement& row, int first) {
  CardState state;
  state.phase = parse_phase(row.column_text(first));
  state.due = row.column_int(first + 1);
  state.remaining_steps = static_cast<int>(row.column_int(first + 2));
  state.interval_days = static_cast<int>(row.column_int(first + 3));
  state.ease = row.column_double(first + 4);
  state.reps = static_cast<int>(row.column_int(first + 5));
  state.lapses = static_cast<int>(row.column_int(first + 6));
  state.last_review = row.column_int(first + 7);
  state.leech = row.column_int(first + 8) != 0;
  state.suspended = row.column_int(first + 9) != 0;
  state.stability = row.column_is_null(first + 10) ? 0.0 : row.column_double(first + 10);
  state.difficulty = row.column_is_null(first + 11) ? 0.0 : row.column_double(first + 11);
  state.repetition = static_cast<int>(row.column_int(first + 12));
  state.interday = row.column_int(first + 13) != 0;
  return state;
}

// FSRS memory values are NULL until a scheduler sets them.
std::optional<double> positive_or_null(double value) {
  return value > 0 ? std::optional<double>(value) : std::nullopt;
}

std::string with_state_columns(const std::string& head, const std::string& tail) {
  return head + kCardStateColumns + tail;
}

}  // namespace

Collection::Collection(sqlite::Database& database)
    : database_(database),
      group_commit_(database),
      // No card counts here: every request reads the deck rows, and counting a 350,000-card
      // deck walks 350,000 index entries (deck_card_count() does it for deck.list only).
      select_decks_(
          database.prepare("SELECT id, slug, name, algorithm, options FROM decks ORDER BY id")),
      select_deck_by_slug_(
          database.prepare("SELECT id, slug, name, algorithm, options FROM decks WHERE slug = ?1")),
      count_cards_(database.prepare("SELECT count(*) FROM cards")),
      insert_deck_(database.prepare(
          "INSERT INTO decks (slug, name, description, languages, source, created_ms, modified_ms) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)")),
      update_deck_(database.prepare(
          "UPDATE decks SET name = ?2, description = ?3, languages = ?4, source = ?5, "
          "modified_ms = ?6 WHERE id = ?1")),
      select_card_by_external_id_(database.prepare(
          "SELECT id, content_hash, position FROM cards WHERE deck_id = ?1 AND external_id = ?2")),
      insert_card_(database.prepare(
          "INSERT INTO cards (deck_id, external_id, kind, content, content_hash, tags, position, "
          "created_ms, modified_ms, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9)")),
      update_card_content_(database.prepare(
          "UPDATE cards SET kind = ?2, content = ?3, content_hash = ?4, tags = ?5, position = ?6, "
          "modified_ms = ?7, note = ?8 WHERE id = ?1")),
      update_card_position_(database.prepare("UPDATE cards SET position = ?2 WHERE id = ?1")),
      insert_card_state_(
          database.prepare("INSERT INTO card_state (card_id, deck_id, phase, due_ms, new_position) "
                           "VALUES (?1, ?2, 'new', 0, ?3)")),
      count_deck_cards_(database.prepare("SELECT count(*) FROM cards WHERE deck_id = ?1")),
      select_card_(database.prepare(with_state_columns(
          "SELECT c.id, c.deck_id, d.slug, c.external_id, c.kind, c.content, c.tags, c.note, "
          "s.buried_until_day, d.options, ",
          " FROM cards c JOIN card_state s ON s.card_id = c.id "
          "JOIN decks d ON d.id = c.deck_id "
          "WHERE c.id = ?1"))),
      // ?2 is the due bound, ?3 today (cards buried until a later day are left out); the
      // learning statements take the interday flag as ?5 (count) or ?4 (first), and stay on the
      // covering index card_state_deck_due with it bound. The ORDER BYs list the index's columns
      // in its order (interday and buried_until_day are constant or irrelevant for the order),
      // so the review lookup's first row needs no sort.
      count_due_learning_(database.prepare(
          "SELECT count(*) FROM (SELECT 1 FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
          "AND phase IN ('learning', 'relearning') AND due_ms <= ?2 AND interday = ?5 "
          "AND buried_until_day <= ?3 LIMIT ?4)")),
      count_due_review_(database.prepare(
          "SELECT count(*) FROM (SELECT 1 FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
          "AND phase = 'review' AND due_ms <= ?2 AND buried_until_day <= ?3 LIMIT ?4)")),
      first_due_learning_(database.prepare(
          "SELECT card_id, due_ms FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
          "AND phase IN ('learning', 'relearning') AND due_ms <= ?2 AND interday = ?4 "
          "AND buried_until_day <= ?3 ORDER BY due_ms, interday, buried_until_day, card_id LIMIT "
          "1")),
      first_due_review_(database.prepare(
          "SELECT card_id, due_ms FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
          "AND phase = 'review' AND due_ms <= ?2 AND buried_until_day <= ?3 "
          "ORDER BY due_ms, interday, buried_until_day, card_id LIMIT 1")),
      count_new_(database.prepare(
          "SELECT count(*) FROM (SELECT 1 FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
          "AND phase = 'new' AND buried_until_day <= ?2 LIMIT ?3)")),
      first_new_(database.prepare(
          "SELECT card_id FROM card_state WHERE deck_id = ?1 AND suspended = 0 AND phase = 'new' "
          "AND buried_until_day <= ?2 ORDER BY new_position, buried_until_day, card_id LIMIT 1")),
      // One min() per phase, so each is a single index probe; buried cards come back at ?3.
      next_due_(database.prepare(
          "SELECT min(due) FROM (SELECT min(due_ms) AS due FROM card_state "
          "WHERE deck_id = ?1 AND suspended = 0 AND phase = 'learning' AND buried_until_day <= ?2 "
          "UNION ALL SELECT min(due_ms) FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
          "AND phase = 'relearning' AND buried_until_day <= ?2 "
          "UNION ALL SELECT min(due_ms) FROM card_state WHERE deck_id = ?1 AND suspended = 0 "
          "AND phase = 'review' AND buried_until_day <= ?2 "
          "UNION ALL SELECT max(min(due_ms), ?3) FROM card_state WHERE deck_id = ?1 "
          "AND buried_until_day > 0 AND buried_until_day > ?2 AND suspended = 0 "
          "AND phase <> 'new')")),
      bury_card_(database.prepare(
          "UPDATE card_state SET buried_until_day = max(buried_until_day, ?2) WHERE card_id = ?1")),
      // Siblings of card ?1 that the options ?3 (new), ?4 (review), ?5 (interday learning) name.
      // Intraday learning siblings are never buried, as in Anki.
      bury_siblings_(database.prepare(
          "UPDATE card_state SET buried_until_day = ?2 WHERE buried_until_day < ?2 "
          "AND suspended = 0 AND card_id IN (SELECT sibling.id FROM cards card "
          "JOIN cards sibling ON sibling.deck_id = card.deck_id AND sibling.note = card.note "
          "AND sibling.note <> '' "
          "WHERE card.id = ?1 AND card.note <> '' AND sibling.id <> card.id) "
          "AND ((?3 AND phase = 'new') OR (?4 AND phase = 'review') OR "
          "(?5 AND phase IN ('learning', 'relearning') AND interday = 1))")),
      unbury_deck_(database.prepare("UPDATE card_state SET buried_until_day = 0 "
                                    "WHERE deck_id = ?1 AND buried_until_day > 0")),
      unbury_all_(database.prepare(
          "UPDATE card_state SET buried_until_day = 0 WHERE buried_until_day > 0")),
      insert_revlog_(database.prepare(
          "INSERT INTO revlog (card_id, reviewed_ms, day, rating, correct, chosen, phase_before, "
          "phase_after, interval_before_days, interval_after_days, due_after_ms, ease_after, "
          "stability_after, difficulty_after, duration_ms, scheduler, quality, answer_id) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, "
          "?18)")),
      select_answer_by_id_(
          database.prepare("SELECT id, card_id, rating, correct FROM revlog WHERE answer_id = ?1")),
      update_card_state_(database.prepare(
          "UPDATE card_state SET phase = ?2, due_ms = ?3, remaining_steps = ?4, "
          "interval_days = ?5, ease = ?6, reps = ?7, lapses = ?8, last_review_ms = ?9, "
          "leech = ?10, suspended = ?11, stability = ?12, difficulty = ?13, repetition = ?14, "
          "interday = ?15 "
          "WHERE card_id = ?1")),
      update_deck_options_(
          database.prepare("UPDATE decks SET options = ?2, algorithm = ?3 WHERE id = ?1")),
      select_deck_card_ids_(
          database.prepare("SELECT id FROM cards WHERE deck_id = ?1 ORDER BY id")),
      // In the order the answers were given (the log's id), not by their times: a clock that
      // was ahead and then put right leaves "future" answers that came first (docs/faults.md).
      select_card_history_(database.prepare(
          "SELECT reviewed_ms, rating, quality FROM revlog WHERE card_id = ?1 ORDER BY id")),
      select_future_answers_(database.prepare(
          "SELECT count(*), coalesce(max(reviewed_ms), 0) FROM revlog WHERE reviewed_ms > ?1")),
      upsert_daily_stats_(database.prepare(
          "INSERT INTO daily_stats (day, deck_id, reviews, correct, new_cards, review_answers, "
          "duration_ms, interday_answers) VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, ?7) "
          "ON CONFLICT (day, deck_id) DO UPDATE SET reviews = reviews + 1, "
          "correct = correct + excluded.correct, new_cards = new_cards + excluded.new_cards, "
          "review_answers = review_answers + excluded.review_answers, "
          "duration_ms = duration_ms + excluded.duration_ms, "
          "interday_answers = interday_answers + excluded.interday_answers")),
      select_tally_(
          database.prepare("SELECT coalesce(sum(reviews), 0), coalesce(sum(correct), 0), "
                           "coalesce(sum(new_cards), 0), coalesce(sum(review_answers), 0), "
                           "coalesce(sum(duration_ms), 0), coalesce(sum(interday_answers), 0) "
                           "FROM daily_stats WHERE day = ?1")),
      // One query for every deck: the queue reads all of today's roll-ups on each request.
      select_deck_tallies_(database.prepare(
          "SELECT reviews, correct, new_cards, review_answers, duration_ms, interday_answers, "
          "deck_id FROM daily_stats WHERE day = ?1")),
      select_review_days_(
          database.prepare("SELECT day FROM daily_stats WHERE reviews > 0 AND day <= ?1 "
                           "GROUP BY day ORDER BY day DESC")),
      // From the day roll-ups, which record_answer writes in the same transaction as the log
      // row and nothing deletes from either: counting the log itself walked 6.7 million rows
      // (52 ms) on a 1M-card collection for every stats.summary, on the daemon's only thread.
      count_reviews_(database.prepare("SELECT coalesce(sum(reviews), 0) FROM daily_stats")),
      select_meta_(database.prepare("SELECT value FROM collection_meta WHERE key = ?1")),
      upsert_meta_(database.prepare("INSERT INTO collection_meta (key, value) VALUES (?1, ?2) "
                                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value")) {}

namespace {

DeckRow read_deck(const sqlite::Statement& row) {
  DeckRow deck;
  deck.id = row.column_int(0);
  deck.slug = row.column_text(1);
  deck.name = localized_from_json(row.column_text(2));
  deck.algorithm = row.column_text(3);
  deck.options_json = row.column_text(4);
  return deck;
}

std::int64_t single_integer(sqlite::Statement& statement) {
  sqlite::StatementScope scope(statement);
  return statement.step() ? statement.column_int(0) : 0;
}

std::optional<std::int64_t> optional_integer(sqlite::Statement& statement) {
  sqlite::StatementScope scope(statement);
  if (!statement.step() || statement.column_is_null(0)) return std::nullopt;
  return statement.column_int(0);
}

}  // namespace

std::vector<DeckRow> Collection::decks() {
  sqlite::StatementScope scope(select_decks_);
  std::vector<DeckRow> decks;
  while (select_decks_.step()) decks.push_back(read_deck(select_decks_));
  return decks;
}

std::optional<DeckRow> Collection::deck_by_slug(const std::string& slug) {
  sqlite::StatementScope scope(select_deck_by_slug_);
  select_deck_by_slug_.bind(1, slug);
  if (!select_deck_by_slug_.step()) return std::nullopt;
  return read_deck(select_deck_by_slug_);
}

DeckRow Collection::require_deck(const std::string& slug) {
  auto deck = deck_by_slug(slug);
  if (!deck) throw Error(ErrorCode::kNotFound, "no deck with id '" + slug + "'");
  return std::move(*deck);
}

std::int64_t Collection::card_count() {
  return single_integer(count_cards_);
}

std::int64_t Collection::deck_card_count(std::int64_t deck_id) {
  count_deck_cards_.bind(1, deck_id);
  return single_integer(count_deck_cards_);
}

ImportSummary Collection::import_deck(const Deck& deck, const std::string& source,
                                      TimestampMs now) {
  ImportSummary summary;
  write([&] { import_deck_rows(deck, source, now, summary); });
  return summary;
}

void Collection::import_deck_rows(const Deck& deck, const std::string& source, TimestampMs now,
                                  ImportSummary& summary) {
  summary.deck = deck.id;
  const std::string name = localized_to_json(deck.name);
  const std::string description = localized_to_json(deck.description);
  const std::string languages = languages_json(deck.languages);
  std::int64_t deck_id = 0;
  if (auto existing = deck_by_slug(deck.id)) {
    deck_id = existing->id;
    update_deck_.bind(1, deck_id).bind(2, name).bind(3, description).bind(4, languages);
    update_deck_.bind(5, source).bind(6, now).run();
  } else {
    insert_deck_.bind(1, deck.id).bind(2, name).bind(3, description).bind(4, languages);
    insert_deck_.bind(5, source).bind(6, now).run();
    deck_id = database_.last_insert_rowid();
  }

  std::int64_t position = 0;
  for (const DeckCard& card : deck.cards) {
    ++position;
    const std::string content = content_to_json(card);
    const std::string tags = join_tags(card.tags);
    // The note joins the hash only when there is one, so cards without notes keep the hashes
    // they had before notes existed (and a re-import does not count them as updated).
    const std::string hash = content_hash(
        content, card.kind + "\n" + tags + (card.note.empty() ? "" : "\nnote " + card.note));
    std::optional<std::int64_t> card_id;
    std::string old_hash;
    std::int64_t old_position = 0;
    {
      sqlite::StatementScope scope(select_card_by_external_id_);
      select_card_by_external_id_.bind(1, deck_id).bind(2, card.id);
      if (select_card_by_external_id_.step()) {
        card_id = select_card_by_external_id_.column_int(0);
        old_hash = select_card_by_external_id_.column_text(1);
        old_position = select_card_by_external_id_.column_int(2);
      }
    }
    if (!card_id) {
      insert_card_.bind(1, deck_id).bind(2, card.id).bind(3, card.kind).bind(4, content);
      insert_card_.bind(5, hash).bind(6, tags).bind(7, position).bind(8, now);
      insert_card_.bind(9, card.note).run();
      insert_card_state_.bind(1, database_.last_insert_rowid()).bind(2, deck_id);
      insert_card_state_.bind(3, position).run();
      ++summary.added;
    } else if (old_hash != hash) {
      update_card_content_.bind(1, *card_id).bind(2, card.kind).bind(3, content).bind(4, hash);
      update_card_content_.bind(5, tags).bind(6, position).bind(7, now).bind(8, card.note).run();
      ++summary.updated;
    } else {
      if (old_position != position) update_card_position_.bind(1, *card_id).bind(2, position).run();
      ++summary.unchanged;
    }
  }
  const std::int64_t cards_in_deck = deck_card_count(deck_id);
  summary.not_in_file =
      static_cast<int>(cards_in_deck - static_cast<std::int64_t>(deck.cards.size()));
}

CardRecord Collection::card(std::int64_t card_id) {
  sqlite::StatementScope scope(select_card_);
  select_card_.bind(1, card_id);
  if (!select_card_.step()) {
    throw Error(ErrorCode::kNotFound, "no card with id " + std::to_string(card_id));
  }
  CardRecord record;
  record.id = select_card_.column_int(0);
  record.deck_id = select_card_.column_int(1);
  record.deck_slug = select_card_.column_text(2);
  record.external_id = select_card_.column_text(3);
  record.kind = select_card_.column_text(4);
  record.content_json = select_card_.column_text(5);
  record.tags = select_card_.column_text(6);
  record.note = select_card_.column_text(7);
  record.buried_until_day = select_card_.column_int(8);
  record.deck_options_json = select_card_.column_text(9);
  record.state = read_state(select_card_, 10);  // the state columns come last
  return record;
}

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

std::int64_t Collection::count_due(std::int64_t deck_id, DueGroup group, TimestampMs due_before,
                                   std::int64_t today, std::int64_t limit) {
  sqlite::Statement& statement = pick(group, count_due_learning_, 5, count_due_review_);
  statement.bind(1, deck_id).bind(2, due_before).bind(3, today).bind(4, limit);
  return single_integer(statement);
}

std::optional<DueCard> Collection::first_due(std::int64_t deck_id, DueGroup group,
                                             TimestampMs due_before, std::int64_t today) {
  sqlite::Statement& statement = pick(group, first_due_learning_, 4, first_due_review_);
  sqlite::StatementScope scope(statement);
  statement.bind(1, deck_id).bind(2, due_before).bind(3, today);
  if (!statement.step()) return std::nullopt;
  return DueCard{statement.column_int(0), statement.column_int(1)};
}

std::int64_t Collection::count_new(std::int64_t deck_id, std::int64_t today, std::int64_t limit) {
  count_new_.bind(1, deck_id).bind(2, today).bind(3, limit);
  return single_integer(count_new_);
}

std::optional<std::int64_t> Collection::first_new(std::int64_t deck_id, std::int64_t today) {
  first_new_.bind(1, deck_id).bind(2, today);
  return optional_integer(first_new_);
}

std::optional<TimestampMs> Collection::next_due(std::int64_t deck_id, std::int64_t today,
                                                TimestampMs tomorrow_start) {
  next_due_.bind(1, deck_id).bind(2, today).bind(3, tomorrow_start);
  return optional_integer(next_due_);
}

void Collection::bury(std::int64_t card_id, std::int64_t until_day) {
  write([&] {
    bury_card_.bind(1, card_id).bind(2, until_day).run();
    if (database_.changes() == 0) {
      throw Error(ErrorCode::kNotFound, "no card with id " + std::to_string(card_id));
    }
  });
}

std::int64_t Collection::unbury(std::optional<std::int64_t> deck_id) {
  std::int64_t unburied = 0;
  write([&] {
    if (deck_id) {
      unbury_deck_.bind(1, *deck_id).run();
    } else {
      unbury_all_.run();
    }
    unburied = database_.changes();
  });
  return unburied;
}

std::vector<std::string> Collection::integrity_check(int most_problems) {
  sqlite::Statement check =
      database_.prepare("PRAGMA integrity_check(" + std::to_string(most_problems) + ")");
  std::vector<std::string> problems;
  while (check.step()) {
    // A row may hold several problems, one a line, under a "*** in database main ***"
    // heading; a sound collection gives the one row "ok".
    const std::string row = check.column_text(0);
    std::size_t start = 0;
    while (start < row.size()) {
      const std::size_t end = std::min(row.find('\n', start), row.size());
      std::string line = row.substr(start, end - start);
      if (line != "ok" && !line.empty() && line.rfind("***", 0) != 0) {
        problems.push_back(std::move(line));
      }
      start = end + 1;
    }
  }
  return problems;
}

std::int64_t Collection::record_answer(const AnswerRecord& answer) {
  std::int64_t review_id = 0;
  write([&] { review_id = append_answer(answer); });
  return review_id;
}

std::optional<RecordedAnswer> Collection::answer_by_id(const std::string& answer_id) {
  sqlite::StatementScope scope(select_answer_by_id_);
  select_answer_by_id_.bind(1, answer_id);
  if (!select_answer_by_id_.step()) return std::nullopt;
  RecordedAnswer recorded;
  recorded.review_id = select_answer_by_id_.column_int(0);
  recorded.card_id = select_answer_by_id_.column_int(1);
  recorded.rating = static_cast<Rating>(select_answer_by_id_.column_int(2));
  if (!select_answer_by_id_.column_is_null(3)) {
    recorded.correct = select_answer_by_id_.column_int(3) != 0;
  }
  return recorded;
}

std::int64_t Collection::append_answer(const AnswerRecord& answer) {
  insert_revlog_.bind(1, answer.card_id).bind(2, answer.reviewed).bind(3, answer.day);
  insert_revlog_.bind(4, static_cast<int>(answer.rating));
  insert_revlog_.bind(5,
                      answer.correct ? std::optional<int>(*answer.correct ? 1 : 0) : std::nullopt);
  insert_revlog_.bind(6, answer.chosen);
  insert_revlog_.bind(7, to_string(answer.before.phase)).bind(8, to_string(answer.after.phase));
  insert_revlog_.bind(9, answer.before.interval_days).bind(10, answer.after.interval_days);
  insert_revlog_.bind(11, answer.after.due).bind(12, answer.after.ease);
  insert_revlog_.bind(13, positive_or_null(answer.after.stability));
  insert_revlog_.bind(14, positive_or_null(answer.after.difficulty));
  insert_revlog_.bind(15, answer.duration_ms).bind(16, answer.scheduler);
  insert_revlog_.bind(17, answer.quality);
  if (answer.answer_id) {
    insert_revlog_.bind(18, *answer.answer_id);
  } else {
    insert_revlog_.bind_null(18);
  }
  insert_revlog_.run();
  const std::int64_t review_id = database_.last_insert_rowid();
  write_state(answer.card_id, answer.after);

  upsert_daily_stats_.bind(1, answer.day).bind(2, answer.deck_id);
  upsert_daily_stats_.bind(3, answer.rating == Rating::kAgain ? 0 : 1);
  upsert_daily_stats_.bind(4, answer.before.phase == Phase::kNew ? 1 : 0);
  upsert_daily_stats_.bind(5, answer.before.phase == Phase::kReview ? 1 : 0);
  upsert_daily_stats_.bind(6, answer.duration_ms);
  upsert_daily_stats_.bind(7, answer.before.interday && in_steps(answer.before.phase) ? 1 : 0);
  upsert_daily_stats_.run();
  if (answer.bury_siblings.any()) {
    bury_siblings_.bind(1, answer.card_id).bind(2, answer.day + 1);
    bury_siblings_.bind(3, answer.bury_siblings.new_cards ? 1 : 0);
    bury_siblings_.bind(4, answer.bury_siblings.reviews ? 1 : 0);
    bury_siblings_.bind(5, answer.bury_siblings.interday_learning ? 1 : 0).run();
  }
  return review_id;
}

void Collection::write_state(std::int64_t card_id, const CardState& state) {
  update_card_state_.bind(1, card_id).bind(2, to_string(state.phase)).bind(3, state.due);
  update_card_state_.bind(4, state.remaining_steps).bind(5, state.interval_days);
  update_card_state_.bind(6, state.ease).bind(7, state.reps).bind(8, state.lapses);
  update_card_state_.bind(9, state.last_review).bind(10, state.leech ? 1 : 0);
  update_card_state_.bind(11, state.suspended ? 1 : 0);
  update_card_state_.bind(12, positive_or_null(state.stability));
  update_card_state_.bind(13, positive_or_null(state.difficulty));
  update_card_state_.bind(14, state.repetition).bind(15, state.interday ? 1 : 0).run();
}

void Collection::set_deck_options(std::int64_t deck_id, const std::string& options_json,
                                  const std::string& algorithm) {
  update_deck_options_.bind(1, deck_id).bind(2, options_json).bind(3, algorithm).run();
}

std::vector<std::int64_t> Collection::deck_card_ids(std::int64_t deck_id) {
  sqlite::StatementScope scope(select_deck_card_ids_);
  select_deck_card_ids_.bind(1, deck_id);
  std::vector<std::int64_t> ids;
  while (select_deck_card_ids_.step()) ids.push_back(select_deck_card_ids_.column_int(0));
  return ids;
}

std::vector<LoggedAnswer> Collection::card_history(std::int64_t card_id) {
  sqlite::StatementScope scope(select_card_history_);
  select_card_history_.bind(1, card_id);
  std::vector<LoggedAnswer> history;
  while (select_card_history_.step()) {
    LoggedAnswer answer;
    answer.reviewed = select_card_history_.column_int(0);
    answer.rating = static_cast<Rating>(select_card_history_.column_int(1));
    if (!select_card_history_.column_is_null(2)) {
      answer.quality = static_cast<int>(select_card_history_.column_int(2));
    }
    history.push_back(answer);
  }
  return history;
}

namespace {

// Reads a roll-up row: reviews, correct, new_cards, review_answers, duration_ms,
// interday_answers.
DayTally read_tally(const sqlite::Statement& row) {
  DayTally tally;
  tally.reviews = row.column_int(0);
  tally.correct = row.column_int(1);
  tally.new_cards = row.column_int(2);
  tally.review_answers = row.column_int(3);
  tally.duration_ms = row.column_int(4);
  tally.interday_answers = row.column_int(5);
  return tally;
}

}  // namespace

DayTally Collection::tally(std::int64_t day) {
  sqlite::StatementScope scope(select_tally_);
  select_tally_.bind(1, day);
  return select_tally_.step() ? read_tally(select_tally_) : DayTally{};
}

std::unordered_map<std::int64_t, DayTally> Collection::deck_tallies(std::int64_t day) {
  sqlite::StatementScope scope(select_deck_tallies_);
  select_deck_tallies_.bind(1, day);
  std::unordered_map<std::int64_t, DayTally> tallies;
  while (select_deck_tallies_.step()) {
    tallies[select_deck_tallies_.column_int(6)] = read_tally(select_deck_tallies_);
  }
  return tallies;
}

std::int64_t Collection::streak_days(std::int64_t today) {
  sqlite::StatementScope scope(select_review_days_);
  select_review_days_.bind(1, today);
  std::int64_t streak = 0;
  std::int64_t expected = today;
  while (select_review_days_.step()) {
    const std::int64_t day = select_review_days_.column_int(0);
    if (streak == 0 && day == today - 1) expected = today - 1;  // today not reviewed yet
    if (day != expected) break;
    ++streak;
    --expected;
  }
  return streak;
}

std::int64_t Collection::review_count() {
  return single_integer(count_reviews_);
}

FutureAnswers Collection::future_answers(TimestampMs now) {
  sqlite::StatementScope scope(select_future_answers_);
  select_future_answers_.bind(1, now);
  FutureAnswers found;
  if (select_future_answers_.step()) {
    found.count = select_future_answers_.column_int(0);
    found.latest = select_future_answers_.column_int(1);
  }
  return found;
}

std::optional<std::string> Collection::meta(const std::string& key) {
  sqlite::StatementScope scope(select_meta_);
  select_meta_.bind(1, key);
  if (!select_meta_.step()) return std::nullopt;
  return select_meta_.column_text(0);
}

void Collection::set_meta(const std::string& key, const std::string& value) {
  upsert_meta_.bind(1, key).bind(2, value).run();
}

}  // namespace kioku::daemon
