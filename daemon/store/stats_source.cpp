// The statistics' reads, prepared once.
#include "daemon/store/stats_source.hpp"

#include <span>
#include <string>

#include "core/review_log_entries.hpp"
#include "daemon/store/card_state_codec.hpp"
#include "daemon/store/card_walk_progress.hpp"
#include "daemon/store/review_log_row.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// Answers an undo voided are not answers any more, for the statistics as for the schedule
// (docs/undo-and-suspend.md): each read leaves out the rows revlog_voids names.
// ?1: the deck id, or NULL for every deck.
std::string select_answers() {
  return std::string("SELECT r.card_id, c.deck_id, ") + kLogRowColumnsOfR +
         " FROM revlog r JOIN cards c ON c.id = r.card_id "
         "WHERE (?1 IS NULL OR c.deck_id = ?1) "
         "AND NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id = r.id) "
         "ORDER BY r.card_id, r.id";
}

constexpr const char* kSelectCardAnswers =
    "SELECT reviewed_ms, rating, quality, phase_before, phase_after, interval_before_days, "
    "interval_after_days, ease_after, stability_after, difficulty_after, duration_ms, scheduler, "
    "correct, chosen, cram FROM revlog r WHERE card_id = ?1 "
    "AND NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id = r.id) ORDER BY id";

std::optional<double> optional_double(const sqlite::Statement& row, int column) {
  if (row.column_is_null(column)) return std::nullopt;
  return row.column_double(column);
}

std::optional<std::int64_t> optional_int(const sqlite::Statement& row, int column) {
  if (row.column_is_null(column)) return std::nullopt;
  return row.column_int(column);
}

}  // namespace

struct StatsSource::Statements {
  explicit Statements(sqlite::Database& database)
      : select_answers(database.prepare(kioku::daemon::select_answers())),
        select_card_answers(database.prepare(kSelectCardAnswers)) {}

  sqlite::Statement select_answers;
  sqlite::Statement select_card_answers;
};

StatsSource::StatsSource(sqlite::Database& database)
    : database_(database), statements_(std::make_unique<Statements>(database)) {}

StatsSource::~StatsSource() = default;

template <class CardDone>
void StatsSource::read_answers(std::optional<std::int64_t> deck_id, CardDone card_done) {
  sqlite::Statement& select = statements_->select_answers;
  sqlite::StatementScope scope(select);
  select.bind(1, deck_id);
  // One card's rows at a time: the mapping reads each answer's step from the row before it.
  std::vector<ReviewLogRow> card_rows;
  std::int64_t card_id = 0;
  std::int64_t card_deck = 0;
  while (select.step()) {
    const std::int64_t row_card = select.column_int(0);
    if (row_card != card_id && !card_rows.empty()) {
      card_done(card_id, card_deck, card_rows);
      card_rows.clear();
    }
    card_id = row_card;
    card_deck = select.column_int(1);
    card_rows.push_back(read_log_row(select, 2));
  }
  if (!card_rows.empty()) card_done(card_id, card_deck, card_rows);
}

std::vector<std::vector<ReviewEntry>> StatsSource::card_logs(std::optional<std::int64_t> deck_id,
                                                             const ProgressReport& progress) {
  std::vector<std::vector<ReviewEntry>> logs;
  CardWalkProgress walk(database_, deck_id, progress);
  read_answers(deck_id,
               [&](std::int64_t card_id, std::int64_t, std::span<const ReviewLogRow> card_rows) {
                 append_review_entries(card_rows, logs.emplace_back());
                 walk.at(card_id);
               });
  walk.done();
  return logs;
}

std::map<std::int64_t, AnswerRollups> StatsSource::rollups_from_log(const DayCalendar& calendar) {
  std::map<std::int64_t, AnswerRollupBuilder> builders;
  std::vector<ReviewEntry> card_entries;
  read_answers(std::nullopt,
               [&](std::int64_t, std::int64_t deck_id, std::span<const ReviewLogRow> card_rows) {
                 card_entries.clear();
                 append_review_entries(card_rows, card_entries);
                 AnswerRollupBuilder& builder = builders[deck_id];
                 for (const ReviewEntry& entry : card_entries) builder.add(entry, calendar);
               });
  std::map<std::int64_t, AnswerRollups> by_deck;
  for (auto& [deck_id, builder] : builders) by_deck.emplace(deck_id, builder.take());
  return by_deck;
}

std::vector<LoggedAnswer> StatsSource::card_answers(std::int64_t card_id) {
  sqlite::Statement& select = statements_->select_card_answers;
  sqlite::StatementScope scope(select);
  select.bind(1, card_id);
  std::vector<LoggedAnswer> answers;
  while (select.step()) {
    LoggedAnswer answer;
    answer.reviewed = select.column_int(0);
    answer.rating = static_cast<Rating>(select.column_int(1));
    if (const auto quality = optional_int(select, 2)) answer.quality = static_cast<int>(*quality);
    answer.phase_before = parse_phase(select.column_text(3));
    answer.phase_after = parse_phase(select.column_text(4));
    answer.interval_before_days = static_cast<int>(select.column_int(5));
    answer.interval_after_days = static_cast<int>(select.column_int(6));
    answer.ease_after = select.column_double(7);
    answer.stability_after = optional_double(select, 8);
    answer.difficulty_after = optional_double(select, 9);
    answer.duration_ms = select.column_int(10);
    answer.scheduler = select.column_text(11);
    if (const auto correct = optional_int(select, 12)) answer.correct = *correct != 0;
    answer.chosen = optional_int(select, 13);
    answer.cram = select.column_int(14) != 0;
    answers.push_back(std::move(answer));
  }
  return answers;
}

std::vector<std::vector<ReviewEntry>> read_card_logs(const std::string& collection_path,
                                                     std::optional<std::int64_t> deck_id,
                                                     const ProgressReport& progress) {
  sqlite::Database database(collection_path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
  StatsSource source(database);
  return source.card_logs(deck_id, progress);
}

}  // namespace kioku::daemon
