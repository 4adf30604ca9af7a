// True retention: counting passes and failures per period and maturity.
#include "core/true_retention.hpp"

#include <vector>

#include "core/day_range.hpp"

namespace kioku {

std::optional<double> RetentionCounts::young() const noexcept {
  return share(young_passed, young_passed + young_failed);
}

std::optional<double> RetentionCounts::mature() const noexcept {
  return share(mature_passed, mature_passed + mature_failed);
}

std::optional<double> RetentionCounts::all() const noexcept {
  return share(young_passed + mature_passed,
               young_passed + mature_passed + young_failed + mature_failed);
}

RetentionCounts& RetentionCounts::operator+=(const RetentionCounts& other) noexcept {
  young_passed += other.young_passed;
  young_failed += other.young_failed;
  mature_passed += other.mature_passed;
  mature_failed += other.mature_failed;
  return *this;
}

bool counts_for_true_retention(const ReviewEntry& entry) noexcept {
  switch (entry.kind) {
    case ReviewKind::kCram:
      return false;  // does not affect scheduling
    case ReviewKind::kReview:
      return true;
    case ReviewKind::kLearning:
    case ReviewKind::kRelearning:
      // Anki: a last interval of at least a day, i.e. the card waited a day or more.
      return entry.step_before_ms >= kMillisecondsPerDay;
  }
  return false;
}

RetentionCounts retention_of(const ReviewEntry& entry) noexcept {
  RetentionCounts counts;
  if (!counts_for_true_retention(entry)) return counts;
  const bool passed = is_pass(entry.rating);
  if (is_mature_answer(entry)) {
    (passed ? counts.mature_passed : counts.mature_failed) = 1;
  } else {
    (passed ? counts.young_passed : counts.young_failed) = 1;
  }
  return counts;
}

TrueRetentionTable true_retention(std::span<const DayRetention> days, std::int64_t today) {
  TrueRetentionTable table;
  for (const DayRetention& day : days) {
    if (day.day > today) continue;
    if (day.day == today) table.today += day.counts;
    if (day.day == today - 1) table.yesterday += day.counts;
    if (DayRange::last_days(today, 7).contains(day.day)) table.last_7_days += day.counts;
    if (DayRange::last_days(today, 30).contains(day.day)) table.last_30_days += day.counts;
    if (DayRange::last_days(today, 365).contains(day.day)) table.last_365_days += day.counts;
    table.all_time += day.counts;
  }
  return table;
}

TrueRetentionTable true_retention(const AnswerRollups& rollups, std::int64_t today) {
  std::vector<DayRetention> days;
  for (const DayAnswers& row : rollups.days) {
    if (!row.counts_for_retention) continue;
    RetentionCounts counts;
    const bool passed = is_pass(row.rating);
    if (row.group == AnswerGroup::kMature) {
      (passed ? counts.mature_passed : counts.mature_failed) = row.answers;
    } else {
      (passed ? counts.young_passed : counts.young_failed) = row.answers;
    }
    days.push_back({row.day, counts});
  }
  return true_retention(days, today);
}

TrueRetentionTable true_retention(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                                  std::int64_t today) {
  return true_retention(roll_up(entries, calendar), today);
}

}  // namespace kioku
