// The daily roll-ups' SQL, prepared once.
#include "daemon/store/daily_stats.hpp"

#include "core/streak.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

struct DailyStats::Statements {
  explicit Statements(sqlite::Database& database)
      : upsert(database.prepare(
            "INSERT INTO daily_stats (day, deck_id, reviews, correct, new_cards, review_answers, "
            "duration_ms, interday_answers) VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, ?7) "
            "ON CONFLICT (day, deck_id) DO UPDATE SET reviews = reviews + 1, "
            "correct = correct + excluded.correct, new_cards = new_cards + excluded.new_cards, "
            "review_answers = review_answers + excluded.review_answers, "
            "duration_ms = duration_ms + excluded.duration_ms, "
            "interday_answers = interday_answers + excluded.interday_answers")),
        subtract(database.prepare(
            "UPDATE daily_stats SET reviews = max(reviews - ?3, 0), "
            "correct = max(correct - ?4, 0), new_cards = max(new_cards - ?5, 0), "
            "review_answers = max(review_answers - ?6, 0), "
            "duration_ms = max(duration_ms - ?7, 0), "
            "interday_answers = max(interday_answers - ?8, 0) WHERE day = ?1 AND deck_id = ?2")),
        select_tally(
            database.prepare("SELECT coalesce(sum(reviews), 0), coalesce(sum(correct), 0), "
                             "coalesce(sum(new_cards), 0), coalesce(sum(review_answers), 0), "
                             "coalesce(sum(duration_ms), 0), coalesce(sum(interday_answers), 0) "
                             "FROM daily_stats WHERE day = ?1")),
        // One query for every deck: the queue reads all of today's roll-ups on each request.
        select_deck_tallies(database.prepare(
            "SELECT reviews, correct, new_cards, review_answers, duration_ms, interday_answers, "
            "deck_id FROM daily_stats WHERE day = ?1")),
        select_review_days(
            database.prepare("SELECT day FROM daily_stats WHERE reviews > 0 AND day <= ?1 "
                             "GROUP BY day ORDER BY day DESC")),
        // From the roll-ups, which record_answer writes in the same transaction as the log row,
        // and an undo takes back in the same transaction as its void entry: counting the log itself
        // walked 6.7 million rows (52 ms) on a 1M-card collection for every stats.summary, on the
        // daemon's only thread.
        count_reviews(database.prepare("SELECT coalesce(sum(reviews), 0) FROM daily_stats")) {}

  sqlite::Statement upsert;
  sqlite::Statement subtract;
  sqlite::Statement select_tally;
  sqlite::Statement select_deck_tallies;
  sqlite::Statement select_review_days;
  sqlite::Statement count_reviews;
};

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

DailyStats::DailyStats(sqlite::Database& database)
    : statements_(std::make_unique<Statements>(database)) {}

DailyStats::~DailyStats() = default;

void DailyStats::add(const AnswerRecord& answer) {
  sqlite::Statement& upsert = statements_->upsert;
  const DayTally tally = tally_of(answer.before, answer.rating, answer.duration_ms);
  upsert.bind(1, answer.day).bind(2, answer.deck_id);
  upsert.bind(3, tally.correct).bind(4, tally.new_cards).bind(5, tally.review_answers);
  upsert.bind(6, tally.duration_ms).bind(7, tally.interday_answers);
  upsert.run();
}

void DailyStats::remove(std::int64_t day, std::int64_t deck_id, const DayTally& tally) {
  sqlite::Statement& subtract = statements_->subtract;
  subtract.bind(1, day).bind(2, deck_id).bind(3, tally.reviews).bind(4, tally.correct);
  subtract.bind(5, tally.new_cards).bind(6, tally.review_answers).bind(7, tally.duration_ms);
  subtract.bind(8, tally.interday_answers).run();
}

DayTally DailyStats::tally(std::int64_t day) {
  sqlite::Statement& select = statements_->select_tally;
  sqlite::StatementScope scope(select);
  select.bind(1, day);
  return select.step() ? read_tally(select) : DayTally{};
}

std::unordered_map<std::int64_t, DayTally> DailyStats::deck_tallies(std::int64_t day) {
  sqlite::Statement& select = statements_->select_deck_tallies;
  sqlite::StatementScope scope(select);
  select.bind(1, day);
  std::unordered_map<std::int64_t, DayTally> tallies;
  while (select.step()) tallies[select.column_int(6)] = read_tally(select);
  return tallies;
}

std::int64_t DailyStats::streak_days(std::int64_t today) {
  sqlite::Statement& select = statements_->select_review_days;
  sqlite::StatementScope scope(select);
  select.bind(1, today);
  StreakCounter streak(today);
  while (select.step() && streak.add(select.column_int(0))) {
  }
  return streak.days();
}

std::int64_t DailyStats::review_count() {
  return sqlite::integer_result(statements_->count_reviews);
}

}  // namespace kioku::daemon
