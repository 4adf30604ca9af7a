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
#include "core/day_range.hpp"
#include "core/hourly_breakdown.hpp"

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
  // The day sums of one deck, or of the whole collection (nullopt), ordered by key: the rows
  // from `first_day` on as they are. The answers of the days before that count only for true
  // retention's all-time row: they come as at most four rows of day first_day - 1 that count
  // for retention, young or mature, rated Again (failed) or Good (passed), without their time.
  // The hour sums are left out (`hours` is empty): hourly_breakdown() reads those.
  AnswerRollups read_days(std::optional<std::int64_t> deck_id, std::int64_t first_day);
  // The hourly breakdown of one deck, or of the whole collection, over `period`: the hour rows
  // summed as they are read, never held (ten years of them are 87,000 rows, 2.8 MB).
  HourlyBreakdown hourly_breakdown(std::optional<std::int64_t> deck_id, DayRange period);
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
