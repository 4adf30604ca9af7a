// Today's answers, counted as Anki's "Today" section counts them.
#include "core/today_summary.hpp"

namespace kioku {

TodaySummary today_summary(const AnswerRollups& rollups, std::int64_t today) {
  TodaySummary summary;
  for (const DayAnswers& row : rollups.days) {
    if (row.day != today) continue;
    summary.answers += row.answers;
    summary.time_ms += row.duration_ms;
    const std::int64_t passed = is_pass(row.rating) ? row.answers : 0;
    summary.correct += passed;
    switch (row.group) {
      case AnswerGroup::kLearning:
        summary.learning += row.answers;
        break;
      case AnswerGroup::kRelearning:
        summary.relearning += row.answers;
        break;
      case AnswerGroup::kMature:
        summary.mature += row.answers;
        summary.mature_correct += passed;
        summary.review += row.answers;
        break;
      case AnswerGroup::kYoung:
        summary.review += row.answers;
        break;
      case AnswerGroup::kCram:
        summary.cram += row.answers;
        break;
    }
  }
  return summary;
}

TodaySummary today_summary(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                           std::int64_t today) {
  return today_summary(roll_up(entries, calendar), today);
}

}  // namespace kioku
