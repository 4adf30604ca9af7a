// True retention (Anki 24.10+, docs/stats.md "True retention"): the share of answers that
// passed, among answers to cards that had waited at least a day, by period and maturity.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/answer_rollup.hpp"
#include "core/day_calendar.hpp"
#include "core/review_entry.hpp"

namespace kioku {

struct RetentionCounts {
  std::int64_t young_passed = 0;
  std::int64_t young_failed = 0;
  std::int64_t mature_passed = 0;
  std::int64_t mature_failed = 0;

  // passed / (passed + failed); nullopt ("N/A") when no answer counts.
  std::optional<double> young() const noexcept;
  std::optional<double> mature() const noexcept;
  std::optional<double> all() const noexcept;

  RetentionCounts& operator+=(const RetentionCounts& other) noexcept;
  bool operator==(const RetentionCounts&) const = default;
};

// Whether an answer counts: it affects scheduling (not cram) and it is a review, or a learning
// or relearning answer on a step of a day or more.
bool counts_for_true_retention(const ReviewEntry& entry) noexcept;

// One answer's share: one of the four counters, or nothing when it does not count.
RetentionCounts retention_of(const ReviewEntry& entry) noexcept;

// A day's counts, as a roll-up keeps them.
struct DayRetention {
  std::int64_t day = 0;
  RetentionCounts counts;
};

// The table's rows. Each period ends with today: `last_7_days` is today and the six days
// before it. Days after today are in no row.
struct TrueRetentionTable {
  RetentionCounts today;
  RetentionCounts yesterday;
  RetentionCounts last_7_days;
  RetentionCounts last_30_days;
  RetentionCounts last_365_days;
  RetentionCounts all_time;

  bool operator==(const TrueRetentionTable&) const = default;
};

// From per-day counts (in any order; a day may appear more than once, e.g. once per deck).
TrueRetentionTable true_retention(std::span<const DayRetention> days, std::int64_t today);

// From the day roll-up: its rows that count for true retention.
TrueRetentionTable true_retention(const AnswerRollups& rollups, std::int64_t today);
// From answers, each on the scheduler day `calendar` puts its time in.
TrueRetentionTable true_retention(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                                  std::int64_t today);

}  // namespace kioku
