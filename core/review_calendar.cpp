// Answers per day, split by kind and maturity.
#include "core/review_calendar.hpp"

namespace kioku {

ReviewSplit& ReviewSplit::operator+=(const ReviewSplit& other) noexcept {
  learning += other.learning;
  relearning += other.relearning;
  young += other.young;
  mature += other.mature;
  cram += other.cram;
  return *this;
}

std::int64_t& part_of(ReviewSplit& split, const ReviewEntry& entry) noexcept {
  switch (entry.kind) {
    case ReviewKind::kLearning:
      return split.learning;
    case ReviewKind::kRelearning:
      return split.relearning;
    case ReviewKind::kCram:
      return split.cram;
    case ReviewKind::kReview:
      break;
  }
  return is_mature_answer(entry) ? split.mature : split.young;
}

double ReviewCalendar::average_per_day() const noexcept {
  if (days.empty()) return 0.0;
  return static_cast<double>(total_count.total()) / static_cast<double>(days.size());
}

std::optional<double> ReviewCalendar::average_per_day_studied() const noexcept {
  if (days_studied == 0) return std::nullopt;
  return static_cast<double>(total_count.total()) / static_cast<double>(days_studied);
}

std::optional<double> ReviewCalendar::average_answer_ms() const noexcept {
  if (total_count.total() == 0) return std::nullopt;
  return static_cast<double>(total_time_ms.total()) / static_cast<double>(total_count.total());
}

ReviewCalendar review_calendar(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                               DayRange period) {
  ReviewCalendar result;
  result.days.resize(static_cast<std::size_t>(period.length_checked()));
  for (std::size_t index = 0; index < result.days.size(); ++index) {
    result.days[index].day = period.first + static_cast<std::int64_t>(index);
  }
  for (const ReviewEntry& entry : entries) {
    const std::int64_t day = calendar.day_number(entry.reviewed);
    if (!period.contains(day)) continue;
    DayReviews& slot = result.days[static_cast<std::size_t>(day - period.first)];
    ++part_of(slot.count, entry);
    part_of(slot.time_ms, entry) += entry.duration_ms;
  }
  for (const DayReviews& day : result.days) {
    result.total_count += day.count;
    result.total_time_ms += day.time_ms;
    if (day.count.total() > 0) ++result.days_studied;
  }
  return result;
}

}  // namespace kioku
