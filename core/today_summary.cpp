// Today's answers, counted as Anki's "Today" section counts them.
#include "core/today_summary.hpp"

namespace kioku {

TodaySummary today_summary(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                           std::int64_t today) {
  TodaySummary summary;
  for (const ReviewEntry& entry : entries) {
    if (calendar.day_number(entry.reviewed) != today) continue;
    ++summary.answers;
    summary.time_ms += entry.duration_ms;
    const bool passed = is_pass(entry.rating);
    if (passed) ++summary.correct;
    if (is_mature_answer(entry)) {
      ++summary.mature;
      if (passed) ++summary.mature_correct;
    }
    switch (entry.kind) {
      case ReviewKind::kLearning:
        ++summary.learning;
        break;
      case ReviewKind::kReview:
        ++summary.review;
        break;
      case ReviewKind::kRelearning:
        ++summary.relearning;
        break;
      case ReviewKind::kCram:
        ++summary.cram;
        break;
    }
  }
  return summary;
}

}  // namespace kioku
