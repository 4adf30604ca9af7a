// Answers per scheduler day (docs/stats.md "Reviews and time per day" and "Calendar"): count and
// time of each day of a period, split as Anki splits them, oldest day first, days without
// answers included, so the list can be drawn as it is.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/answer_rollup.hpp"
#include "core/day_calendar.hpp"
#include "core/day_range.hpp"
#include "core/review_entry.hpp"

namespace kioku {

// Anki's split of answers: by review kind, reviews by young and mature.
struct ReviewSplit {
  std::int64_t learning = 0;
  std::int64_t relearning = 0;
  std::int64_t young = 0;
  std::int64_t mature = 0;
  std::int64_t cram = 0;

  std::int64_t total() const noexcept { return learning + relearning + young + mature + cram; }
  ReviewSplit& operator+=(const ReviewSplit& other) noexcept;
  bool operator==(const ReviewSplit&) const = default;
};

// The counter of `split` that answers of `group` add to.
std::int64_t& part_of(ReviewSplit& split, AnswerGroup group) noexcept;

struct DayReviews {
  std::int64_t day = 0;
  ReviewSplit count;
  ReviewSplit time_ms;
  bool operator==(const DayReviews&) const = default;
};

struct ReviewCalendar {
  std::vector<DayReviews> days;  // one per day of the period, oldest first
  ReviewSplit total_count;
  ReviewSplit total_time_ms;
  std::int64_t days_studied = 0;  // days with at least one answer

  // Anki's averages: per day of the period, and per day studied (nullopt when none).
  double average_per_day() const noexcept;
  std::optional<double> average_per_day_studied() const noexcept;
  // Total time / total answers; nullopt with no answers.
  std::optional<double> average_answer_ms() const noexcept;
  bool operator==(const ReviewCalendar&) const = default;
};

// From the day roll-up. `period` must be bounded, as below.
ReviewCalendar review_calendar(const AnswerRollups& rollups, DayRange period);
// From answers, each on the scheduler day `calendar` puts its time in.
// `period` must be bounded: for all time, a store passes the day of the first answer. Throws
// kioku::Error (kInvalidParams) when it is not (DayRange::length_checked).
ReviewCalendar review_calendar(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                               DayRange period);

}  // namespace kioku
