// Counting answers by the hour of the day.
#include "core/hourly_breakdown.hpp"

#include "core/local_hour.hpp"

namespace kioku {

std::optional<double> HourCounts::correct_share() const noexcept {
  return share(correct, total);
}

HourlyBreakdown hourly_breakdown(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                                 DayRange period) {
  HourlyBreakdown hours{};
  for (const ReviewEntry& entry : entries) {
    if (entry.kind == ReviewKind::kCram) continue;
    if (!period.contains(calendar.day_number(entry.reviewed))) continue;
    HourCounts& hour = hours[static_cast<std::size_t>(local_hour(entry.reviewed))];
    ++hour.total;
    if (is_pass(entry.rating)) ++hour.correct;
  }
  return hours;
}

}  // namespace kioku
