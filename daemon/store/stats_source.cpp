// The statistics' reads, prepared once.
#include "daemon/store/stats_source.hpp"

#include <algorithm>
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

std::string select_deck_cards() {
  // One deck's: from its range of card_state's deck index, each card's figures from the index
  // cards_figures (the cards' content is not read), leaving out retired cards and the cards of
  // deleted notes (the partial index notes_deleted).
  return std::string("SELECT c.id, s.deck_id, c.note_id, c.created_ms, s.buried_until_day, ") +
         kCardStateColumns +
         " FROM cards c INDEXED BY cards_figures JOIN card_state s ON s.card_id = c.id "
         "WHERE s.deck_id = ?1 AND c.retired = 0 "
         "AND NOT EXISTS (SELECT 1 FROM notes n INDEXED BY notes_deleted WHERE n.id = c.note_id "
         "AND n.deleted_ms IS NOT "
         "NULL) ORDER BY c.id";
}

// The whole collection's cards, as two walks in card id order that StatsSource::cards merges:
// the figures from the index cards_figures, the states from card_state's own rows. One join
// probed card_state's B-tree once per card, which cost 63-69 ms of the 100,000-card
// collection's report; the two walks together take 25-40 ms.
constexpr const char* kSelectCardFigures =
    "SELECT id, note_id, created_ms, retired FROM cards INDEXED BY cards_figures ORDER BY id";

std::string select_all_states() {
  return std::string("SELECT s.card_id, s.deck_id, s.buried_until_day, ") + kCardStateColumns +
         " FROM card_state s ORDER BY s.card_id";
}

constexpr const char* kSelectDeletedNotes =
    "SELECT id FROM notes INDEXED BY notes_deleted WHERE deleted_ms IS NOT NULL ORDER BY id";

}  // namespace

struct StatsSource::Statements {
  explicit Statements(sqlite::Database& database)
      : select_answers(database.prepare(kioku::daemon::select_answers())),
        select_deck_cards(database.prepare(kioku::daemon::select_deck_cards())),
        // Upper bounds of cards()' rows (retired cards and those of deleted notes are
        // among them): one deck's from its range of an index, where `?1 IS NULL OR` would
        // count the whole collection for a deck of ten cards.
        count_all_cards(database.prepare("SELECT count(*) FROM card_state")),
        count_deck_cards(database.prepare("SELECT count(*) FROM card_state WHERE deck_id = ?1")),
        select_card_answers(database.prepare(kSelectCardAnswers)),
        select_card_figures(database.prepare(kSelectCardFigures)),
        select_all_states(database.prepare(kioku::daemon::select_all_states())),
        select_deleted_notes(database.prepare(kSelectDeletedNotes)) {}

  sqlite::Statement select_answers;
  sqlite::Statement select_deck_cards;
  sqlite::Statement count_all_cards;
  sqlite::Statement count_deck_cards;
  sqlite::Statement select_card_answers;
  sqlite::Statement select_card_figures;
  sqlite::Statement select_all_states;
  sqlite::Statement select_deleted_notes;
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

void StatsSource::all_cards(const FsrsWeightsOfDeck& fsrs_weights_of,
                            std::vector<CardSnapshot>& cards) {
  std::vector<std::int64_t> deleted_notes;  // in id order
  {
    sqlite::Statement& deleted = statements_->select_deleted_notes;
    sqlite::StatementScope scope(deleted);
    while (deleted.step()) deleted_notes.push_back(deleted.column_int(0));
  }
  sqlite::Statement& figures = statements_->select_card_figures;
  sqlite::StatementScope figures_scope(figures);
  sqlite::Statement& states = statements_->select_all_states;
  sqlite::StatementScope states_scope(states);
  bool more_figures = figures.step();
  while (more_figures && states.step()) {
    const std::int64_t card_id = states.column_int(0);
    // Every state has its card (card_state's foreign key): the figures' walk catches up.
    while (more_figures && figures.column_int(0) < card_id) more_figures = figures.step();
    if (!more_figures || figures.column_int(0) != card_id || figures.column_int(3) != 0) continue;
    const std::int64_t note_id = figures.column_int(1);
    if (std::binary_search(deleted_notes.begin(), deleted_notes.end(), note_id)) continue;
    CardSnapshot& card = cards.emplace_back();
    card.note_id = note_id;
    card.created = figures.column_int(2);
    card.buried_until_day = states.column_int(2);
    card.state = read_state(states, 3);
    card.fsrs_weights = fsrs_weights_of(states.column_int(1));
    card.fsrs = card.fsrs_weights != nullptr;
  }
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

std::vector<CardSnapshot> StatsSource::cards(std::optional<std::int64_t> deck_id,
                                             const FsrsWeightsOfDeck& fsrs_weights_of) {
  std::vector<CardSnapshot> cards;
  sqlite::Statement& count =
      deck_id ? statements_->count_deck_cards.bind(1, *deck_id) : statements_->count_all_cards;
  cards.reserve(static_cast<std::size_t>(sqlite::integer_result(count)));
  if (!deck_id) {
    all_cards(fsrs_weights_of, cards);
    return cards;
  }
  sqlite::Statement& select = statements_->select_deck_cards;
  sqlite::StatementScope scope(select);
  select.bind(1, *deck_id);
  while (select.step()) {
    CardSnapshot& card = cards.emplace_back();
    card.note_id = select.column_int(2);
    card.created = select.column_int(3);
    card.buried_until_day = select.column_int(4);
    card.state = read_state(select, 5);
    card.fsrs_weights = fsrs_weights_of(select.column_int(1));
    card.fsrs = card.fsrs_weights != nullptr;
  }
  return cards;
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
