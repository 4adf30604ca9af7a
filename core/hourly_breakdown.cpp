// Counting answers by the hour of the day.
#include "core/hourly_breakdown.hpp"

namespace kioku {

std::optional<double> HourCounts::correct_share() const noexcept {
  return share(correct, total);
}

void count_hour(HourlyBreakdown& hours, const HourAnswers& row, DayRange period) noexcept {
  if (!period.contains(row.day) || row.hour < 0 || row.hour >= 24) return;
  HourCounts& hour = hours[static_cast<std::size_t>(row.hour)];
  hour.total += row.answers;
  hour.correct += row.passed;
}

HourlyBreakdown hourly_breakdown(const AnswerRollups& rollups, DayRange period) {
  HourlyBreakdown hours{};
  for (const HourAnswers& row : rollups.hours) count_hour(hours, row, period);
  return hours;
}

HourlyBreakdown hourly_breakdown(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                                 DayRange period) {
  return hourly_breakdown(roll_up(entries, calendar), period);
}

}  // namespace kioku
