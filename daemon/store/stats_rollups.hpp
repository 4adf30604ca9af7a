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
#include <vector>

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

  // The whole collection's sums are kept as those of this deck id, which no deck has.
  static constexpr std::int64_t kWholeCollection = 0;

  // Adds `sign` (1: an answer; -1: its undo) times one answer's shares to the deck's sums and
  // the whole collection's; a row that comes to no answers is removed.
  void add(std::int64_t deck_id, const DayAnswers& day, const HourAnswers& hour, int sign);
  // The sums of one deck, or of the whole collection (nullopt), ordered by key: the day rows
  // from `first_day` on as they are, and the hour rows from `first_day` on. The answers of the
  // days before that count only for true retention's all-time row: they come as at most four
  // rows of day first_day - 1 that count for retention, young or mature, rated Again (failed)
  // or Good (passed), without their time.
  AnswerRollups read(std::optional<std::int64_t> deck_id, std::int64_t first_day);
  // The days up to `last_day` with at least one answer, ascending.
  std::vector<std::int64_t> answered_days(std::optional<std::int64_t> deck_id,
                                          std::int64_t last_day);
  // Replaces every sum with those of `by_deck`, each deck's, and their total as the whole
  // collection's.
  void replace(const std::map<std::int64_t, AnswerRollups>& by_deck);

 private:
  void add_day(std::int64_t deck_id, const DayAnswers& day, int sign);
  void add_hour(std::int64_t deck_id, const HourAnswers& hour, int sign);

  struct Statements;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
