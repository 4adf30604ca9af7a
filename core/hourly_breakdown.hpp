// The hourly breakdown (docs/stats.md "Hourly breakdown"): answers and the share correct for
// each hour of the local clock, over a period.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "core/answer_rollup.hpp"
#include "core/day_calendar.hpp"
#include "core/day_range.hpp"
#include "core/review_entry.hpp"

namespace kioku {

struct HourCounts {
  std::int64_t total = 0;
  std::int64_t correct = 0;                              // rated Hard, Good or Easy
  std::optional<double> correct_share() const noexcept;  // nullopt when total is 0
  bool operator==(const HourCounts&) const = default;
};

using HourlyBreakdown = std::array<HourCounts, 24>;  // [h]: answers given from h:00 to h:59

// Adds one row of the hour roll-up when its day lies in `period`: what a reader of the rows one
// at a time (the daemon's store, which never holds all of them) sums with.
void count_hour(HourlyBreakdown& hours, const HourAnswers& row, DayRange period) noexcept;
// From the hour roll-up: its rows whose day lies in `period`.
HourlyBreakdown hourly_breakdown(const AnswerRollups& rollups, DayRange period);
// The answers whose scheduler day lies in `period`, cram answers left out (as Anki leaves out
// its filtered-deck answers), each at the local hour it was given.
HourlyBreakdown hourly_breakdown(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                                 DayRange period);

}  // namespace kioku
