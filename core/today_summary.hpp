// The "today" figure (docs/stats.md "Today"): what was answered in the current scheduler day.
#pragma once

#include <cstdint>
#include <span>

#include "core/answer_rollup.hpp"
#include "core/day_calendar.hpp"
#include "core/review_entry.hpp"

namespace kioku {

struct TodaySummary {
  std::int64_t answers = 0;
  std::int64_t time_ms = 0;
  std::int64_t correct = 0;  // Hard, Good or Easy; "again" is answers - correct
  std::int64_t learning = 0;
  std::int64_t review = 0;
  std::int64_t relearning = 0;
  std::int64_t cram = 0;
  std::int64_t mature = 0;          // review answers with an interval of 21 days or more
  std::int64_t mature_correct = 0;  // ... of them passed
  bool operator==(const TodaySummary&) const = default;
};

// From the day roll-up: its rows of day `today`.
TodaySummary today_summary(const AnswerRollups& rollups, std::int64_t today);
// From answers, each on the scheduler day `calendar` puts its time in.
TodaySummary today_summary(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                           std::int64_t today);

}  // namespace kioku
