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

std::int64_t& part_of(ReviewSplit& split, AnswerGroup group) noexcept {
  switch (group) {
    case AnswerGroup::kLearning:
      return split.learning;
    case AnswerGroup::kRelearning:
      return split.relearning;
    case AnswerGroup::kYoung:
      return split.young;
    case AnswerGroup::kMature:
      return split.mature;
    case AnswerGroup::kCram:
      break;
  }
  return split.cram;
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

ReviewCalendar review_calendar(const AnswerRollups& rollups, DayRange period) {
  ReviewCalendar result;
  result.days.resize(static_cast<std::size_t>(period.length_checked()));
  for (std::size_t index = 0; index < result.days.size(); ++index) {
    result.days[index].day = period.first + static_cast<std::int64_t>(index);
  }
  for (const DayAnswers& row : rollups.days) {
    if (!period.contains(row.day)) continue;
    DayReviews& slot = result.days[static_cast<std::size_t>(row.day - period.first)];
    part_of(slot.count, row.group) += row.answers;
    part_of(slot.time_ms, row.group) += row.duration_ms;
  }
  for (const DayReviews& day : result.days) {
    result.total_count += day.count;
    result.total_time_ms += day.time_ms;
    if (day.count.total() > 0) ++result.days_studied;
  }
  return result;
}

ReviewCalendar review_calendar(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                               DayRange period) {
  period.length_checked();  // refused before the answers are summed
  return review_calendar(roll_up(entries, calendar), period);
}

}  // namespace kioku
