// What the statistics read from the collection's log (docs/stats.md): the answers of the
// selected cards as core's ReviewEntry, so that the figures are computed by core's pure
// functions and SQL stays here (the cards: kept_card_snapshots.hpp). `stats.report` reads the
// answers' sums from the roll-ups (stats_rollups.hpp); the scans here serve what needs each answer
// (the optimizer, a card's history) and the roll-ups' refill. Like every store it prepares its
// statements when it is constructed. Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/answer_rollup.hpp"
#include "core/day_calendar.hpp"
#include "core/rating.hpp"
#include "core/review_entry.hpp"
#include "core/work_progress.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// One row of the log as a card's history shows it (docs/stats.md "Card history").
struct LoggedAnswer {
  TimestampMs reviewed = 0;
  Rating rating = Rating::kGood;
  std::optional<int> quality;  // classic SM-2 answers given as a quality
  Phase phase_before = Phase::kNew;
  Phase phase_after = Phase::kNew;
  int interval_before_days = 0;
  int interval_after_days = 0;
  double ease_after = 0.0;
  std::optional<double> stability_after;   // NULL until FSRS sets it
  std::optional<double> difficulty_after;  // NULL until FSRS sets it
  std::int64_t duration_ms = 0;
  std::string scheduler;  // the algorithm that scheduled the answer: sm2, sm2-classic, fsrs
  std::optional<bool> correct;
  std::optional<std::int64_t> chosen;
  bool cram = false;  // given in a cram session: the schedule did not change
};

class StatsSource {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  explicit StatsSource(sqlite::Database& database);
  ~StatsSource();
  StatsSource(const StatsSource&) = delete;
  StatsSource& operator=(const StatsSource&) = delete;

  // Every answer given to the cards of `deck_id` (every card: nullopt), where the card is now,
  // card by card (each card's in log order; a learning answer's step is read from the card's
  // answer before it: core/review_log_entries.hpp), for what reads a card's history as a whole:
  // the FSRS optimizer's training items.
  // `progress` hears the reading stage as the walk goes through the cards.
  std::vector<std::vector<ReviewEntry>> card_logs(std::optional<std::int64_t> deck_id,
                                                  const ProgressReport& progress = {});
  // Every deck's day and hour sums (core/answer_rollup.hpp) computed from the log, on
  // `calendar`'s days and the process's local hours: what the kept roll-ups must hold. One pass
  // over the log that holds one card's answers at a time.
  std::map<std::int64_t, AnswerRollups> rollups_from_log(const DayCalendar& calendar);
  // Every answer of one card in log order (by id, not by time: docs/faults.md).
  std::vector<LoggedAnswer> card_answers(std::int64_t card_id);

 private:
  // Calls `card_done` with each card's id, deck and log rows in turn (a card's, then the next
  // card's, in id order).
  template <class CardDone>
  void read_answers(std::optional<std::int64_t> deck_id, CardDone card_done);

  sqlite::Database& database_;
  struct Statements;
  std::unique_ptr<Statements> statements_;
};

// StatsSource::card_logs of the collection at `collection_path`, read through a read-only
// connection of its own, so that a worker thread may read while the daemon serves (WAL lets
// them go on side by side). Throws sqlite::SqliteError when the file cannot be read.
std::vector<std::vector<ReviewEntry>> read_card_logs(const std::string& collection_path,
                                                     std::optional<std::int64_t> deck_id,
                                                     const ProgressReport& progress = {});

}  // namespace kioku::daemon
