// The review log's SQL, prepared once.
#include "daemon/store/review_log.hpp"

#include "daemon/store/card_state_codec.hpp"
#include "daemon/store/review_log_row.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

struct ReviewLog::Statements {
  explicit Statements(sqlite::Database& database)
      : insert(database.prepare(
            "INSERT INTO revlog (card_id, reviewed_ms, day, rating, correct, chosen, "
            "phase_before, phase_after, interval_before_days, interval_after_days, due_after_ms, "
            "ease_after, stability_after, difficulty_after, duration_ms, scheduler, quality, "
            "answer_id, cram, imported) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
            "?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)")),
        select_by_answer_id(database.prepare(
            "SELECT id, card_id, rating, correct FROM revlog WHERE answer_id = ?1")),
        // In the order the answers were given (the log's id), not by their times: a clock that
        // was ahead and then put right leaves "future" answers that came first
        // (docs/faults.md).
        // Voided answers are left out: an undo's card goes back to what the others give. So
        // are cram answers, which never changed the schedule, and answers imported from Anki,
        // which the card's imported state already holds (ImportedStates).
        select_card_history(database.prepare(
            "SELECT reviewed_ms, rating, quality FROM revlog r WHERE card_id = ?1 AND cram = 0 "
            "AND imported = 0 AND NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id = "
            "r.id) ORDER BY id")),
        // From the end of the log backwards, one probe of revlog_voids' index a row: only the
        // answers already voided, and those imported from Anki (never undone), are stepped over.
        select_latest_standing(database.prepare(
            std::string("SELECT id, card_id, day, ") + kLogRowColumns +
            " FROM revlog r WHERE imported = 0 AND NOT EXISTS (SELECT 1 FROM revlog_voids v "
            "WHERE v.review_id = r.id) ORDER BY id DESC LIMIT 1")),
        select_latest_standing_of_card(database.prepare(
            std::string("SELECT id, card_id, day, ") + kLogRowColumns +
            " FROM revlog r WHERE card_id = ?1 AND imported = 0 "
            "AND NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id = r.id) "
            "ORDER BY id DESC LIMIT 1")),
        select_logged_answer(database.prepare(std::string("SELECT id, card_id, day, ") +
                                              kLogRowColumns + " FROM revlog WHERE id = ?1")),
        // The row a learning answer's step is read from (core/review_log_entries.hpp).
        select_scheduled_row_before(database.prepare(
            std::string("SELECT ") + kLogRowColumns +
            " FROM revlog r WHERE card_id = ?1 AND id < ?2 AND cram = 0 "
            "AND NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id = r.id) "
            "ORDER BY id DESC LIMIT 1")),
        select_imported_history(database.prepare(
            "SELECT reviewed_ms, rating, quality FROM revlog WHERE card_id = ?1 AND cram = 0 AND "
            "imported = 1 ORDER BY id")),
        select_answer_rows(database.prepare(
            std::string("SELECT ") + kLogRowColumns +
            ", phase_after, interval_after_days, ease_after FROM revlog r WHERE card_id = ?1 AND "
            "NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id = r.id) ORDER BY id")),
        select_void_of(database.prepare("SELECT id FROM revlog_voids WHERE review_id = ?1")),
        insert_void(
            database.prepare("INSERT INTO revlog_voids (review_id, voided_ms) VALUES (?1, ?2)")),
        select_future(database.prepare(
            "SELECT count(*), coalesce(max(reviewed_ms), 0) FROM revlog WHERE reviewed_ms > "
            "?1")) {}

  sqlite::Statement insert;
  sqlite::Statement select_by_answer_id;
  sqlite::Statement select_card_history;
  sqlite::Statement select_latest_standing;
  sqlite::Statement select_latest_standing_of_card;
  sqlite::Statement select_logged_answer;
  sqlite::Statement select_scheduled_row_before;
  sqlite::Statement select_imported_history;
  sqlite::Statement select_answer_rows;
  sqlite::Statement select_void_of;
  sqlite::Statement insert_void;
  sqlite::Statement select_future;
};

ReviewLog::ReviewLog(sqlite::Database& database)
    : database_(database), statements_(std::make_unique<Statements>(database)) {}

ReviewLog::~ReviewLog() = default;

std::int64_t ReviewLog::append(const AnswerRecord& answer) {
  sqlite::Statement& insert = statements_->insert;
  insert.bind(1, answer.card_id).bind(2, answer.reviewed).bind(3, answer.day);
  insert.bind(4, static_cast<int>(answer.rating));
  insert.bind(5, answer.correct ? std::optional<int>(*answer.correct ? 1 : 0) : std::nullopt);
  insert.bind(6, answer.chosen);
  insert.bind(7, to_string(answer.before.phase)).bind(8, to_string(answer.after.phase));
  insert.bind(9, answer.before.interval_days).bind(10, answer.after.interval_days);
  insert.bind(11, answer.after.due).bind(12, answer.after.ease);
  insert.bind(13, memory_value_or_null(answer.after.stability));
  insert.bind(14, memory_value_or_null(answer.after.difficulty));
  insert.bind(15, answer.duration_ms).bind(16, answer.scheduler);
  insert.bind(17, answer.quality);
  if (answer.answer_id) {
    insert.bind(18, *answer.answer_id);
  } else {
    insert.bind_null(18);
  }
  insert.bind(19, answer.cram ? 1 : 0);
  insert.bind(20, answer.imported ? 1 : 0);
  insert.run();
  return database_.last_insert_rowid();
}

std::optional<RecordedAnswer> ReviewLog::answer_by_id(const std::string& answer_id) {
  sqlite::Statement& select = statements_->select_by_answer_id;
  sqlite::StatementScope scope(select);
  select.bind(1, answer_id);
  if (!select.step()) return std::nullopt;
  RecordedAnswer recorded;
  recorded.review_id = select.column_int(0);
  recorded.card_id = select.column_int(1);
  recorded.rating = static_cast<Rating>(select.column_int(2));
  if (!select.column_is_null(3)) recorded.correct = select.column_int(3) != 0;
  return recorded;
}

namespace {

// id, card_id, day, then kLogRowColumns.
StandingAnswer read_answer(const sqlite::Statement& select) {
  return StandingAnswer{.review_id = select.column_int(0),
                        .card_id = select.column_int(1),
                        .day = select.column_int(2),
                        .logged = read_log_row(select, 3)};
}

}  // namespace

std::optional<StandingAnswer> ReviewLog::latest_standing(std::optional<std::int64_t> card_id) {
  sqlite::Statement& select =
      card_id ? statements_->select_latest_standing_of_card : statements_->select_latest_standing;
  sqlite::StatementScope scope(select);
  if (card_id) select.bind(1, *card_id);
  if (!select.step()) return std::nullopt;
  return read_answer(select);
}

std::optional<StandingAnswer> ReviewLog::logged_answer(std::int64_t review_id) {
  sqlite::Statement& select = statements_->select_logged_answer;
  sqlite::StatementScope scope(select);
  select.bind(1, review_id);
  if (!select.step()) return std::nullopt;
  return read_answer(select);
}

std::optional<std::int64_t> ReviewLog::void_of(std::int64_t review_id) {
  sqlite::Statement& select = statements_->select_void_of;
  sqlite::StatementScope scope(select);
  select.bind(1, review_id);
  if (!select.step()) return std::nullopt;
  return select.column_int(0);
}

std::int64_t ReviewLog::void_answer(std::int64_t review_id, TimestampMs now) {
  statements_->insert_void.bind(1, review_id).bind(2, now).run();
  return database_.last_insert_rowid();
}

namespace {

// Rows of reviewed_ms, rating, quality as the answers replay takes.
std::vector<PastAnswer> past_answers(sqlite::Statement& select, std::int64_t card_id) {
  sqlite::StatementScope scope(select);
  select.bind(1, card_id);
  std::vector<PastAnswer> history;
  while (select.step()) {
    PastAnswer answer;
    answer.time = select.column_int(0);
    answer.answer.rating = static_cast<Rating>(select.column_int(1));
    if (!select.column_is_null(2)) answer.answer.quality = static_cast<int>(select.column_int(2));
    history.push_back(answer);
  }
  return history;
}

}  // namespace

std::vector<PastAnswer> ReviewLog::card_history(std::int64_t card_id) {
  return past_answers(statements_->select_card_history, card_id);
}

std::vector<PastAnswer> ReviewLog::imported_history(std::int64_t card_id) {
  return past_answers(statements_->select_imported_history, card_id);
}

FutureAnswers ReviewLog::future_answers(TimestampMs now) {
  sqlite::Statement& select = statements_->select_future;
  sqlite::StatementScope scope(select);
  select.bind(1, now);
  FutureAnswers found;
  if (select.step()) {
    found.count = select.column_int(0);
    found.latest = select.column_int(1);
  }
  return found;
}

std::optional<ReviewLogRow> ReviewLog::scheduled_row_before(std::int64_t card_id,
                                                            std::int64_t review_id) {
  sqlite::Statement& select = statements_->select_scheduled_row_before;
  sqlite::StatementScope scope(select);
  select.bind(1, card_id).bind(2, review_id);
  if (!select.step()) return std::nullopt;
  return read_log_row(select, 0);
}

std::vector<AnswerRow> ReviewLog::answer_rows(std::int64_t card_id) {
  sqlite::Statement& select = statements_->select_answer_rows;
  sqlite::StatementScope scope(select);
  select.bind(1, card_id);
  std::vector<AnswerRow> rows;
  while (select.step()) {
    AnswerRow answer;
    answer.row = read_log_row(select, 0);
    answer.phase_after = parse_phase(select.column_text(kLogRowColumnCount));
    answer.interval_after_days = static_cast<int>(select.column_int(kLogRowColumnCount + 1));
    answer.ease_after = select.column_double(kLogRowColumnCount + 2);
    rows.push_back(answer);
  }
  return rows;
}

}  // namespace kioku::daemon
