// The daily roll-ups (daily_stats): per day and deck, kept current on every answer so that
// statistics and the daily limits never scan the review log. Like every store it prepares its
// statements when it is constructed and never begins a transaction: Collection::record_answer
// adds to them in its write.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>

#include "core/day_tally.hpp"
#include "daemon/store/answer_record.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

class DailyStats {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  explicit DailyStats(sqlite::Database& database);
  ~DailyStats();
  DailyStats(const DailyStats&) = delete;
  DailyStats& operator=(const DailyStats&) = delete;

  // Counts the answer in its day's and deck's roll-up, as core's tally_of classifies it.
  void add(const AnswerRecord& answer);
  // Takes `tally` (what one answer added, as tally_of gave it) back out of the roll-up of
  // `day` and `deck_id`: an undo's. No figure goes below zero.
  void remove(std::int64_t day, std::int64_t deck_id, const DayTally& tally);
  // What one day's roll-ups hold, for all decks together.
  DayTally tally(std::int64_t day);
  // Each deck's roll-up for `day`, by deck id; a deck with no answers that day has none.
  std::unordered_map<std::int64_t, DayTally> deck_tallies(std::int64_t day);
  // Consecutive days with at least one review, ending today (or yesterday if none yet today;
  // core/streak.hpp).
  std::int64_t streak_days(std::int64_t today);
  // Every answer ever given and not undone: the review log's standing answers, from the
  // roll-ups.
  std::int64_t review_count();

 private:
  struct Statements;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
