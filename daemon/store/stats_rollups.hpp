// The statistics' roll-ups (stats_day_rollup, stats_hour_rollup; docs/stats.md "Roll-ups"):
// per deck, the day and hour sums of core/answer_rollup.hpp, kept current by every answer and
// undo so that `stats.report` never scans the review log. Like every store it prepares its
// statements when it is constructed and never begins a transaction: Collection adds to them in
// the write of each answer and undo, and refills them (Collection::use_stats_calendar).
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>

#include "core/answer_rollup.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

class StatsRollups {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  explicit StatsRollups(sqlite::Database& database);
  ~StatsRollups();
  StatsRollups(const StatsRollups&) = delete;
  StatsRollups& operator=(const StatsRollups&) = delete;

  // Adds `sign` (1: an answer; -1: its undo) times one answer's shares to the deck's sums; a
  // row that comes to no answers is removed.
  void add(std::int64_t deck_id, const DayAnswers& day, const HourAnswers& hour, int sign);
  // The sums of one deck, or of every deck together (nullopt), ordered by key.
  AnswerRollups read(std::optional<std::int64_t> deck_id);
  // Every deck's sums, as they are stored (for the tests that recompute them from the log).
  std::map<std::int64_t, AnswerRollups> read_by_deck();
  // Replaces every sum with `by_deck`'s.
  void replace(const std::map<std::int64_t, AnswerRollups>& by_deck);

 private:
  void add_day(std::int64_t deck_id, const DayAnswers& day, int sign);
  void add_hour(std::int64_t deck_id, const HourAnswers& hour, int sign);

  struct Statements;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
