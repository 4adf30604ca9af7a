// Reducing answers to the day and hour sums.
#include "core/answer_rollup.hpp"

#include <algorithm>
#include <tuple>

#include "core/local_hour.hpp"
#include "core/true_retention.hpp"

namespace kioku {

namespace {

auto day_key(const DayAnswers& row) {
  return std::tuple(row.day, row.group, row.rating, row.counts_for_retention);
}

auto hour_key(const HourAnswers& row) {
  return std::tuple(row.day, row.hour);
}

// Sorts by key and adds up the rows of one key (keeping the first), dropping empty ones.
template <class Row, class Key, class Add>
void merge_rows(std::vector<Row>& rows, Key key, Add add) {
  std::sort(rows.begin(), rows.end(),
            [&](const Row& left, const Row& right) { return key(left) < key(right); });
  std::vector<Row> merged;
  merged.reserve(rows.size());
  for (const Row& row : rows) {
    if (!merged.empty() && key(merged.back()) == key(row)) {
      add(merged.back(), row);
    } else {
      merged.push_back(row);
    }
  }
  std::erase_if(merged, [](const Row& row) { return row.answers == 0; });
  rows = std::move(merged);
}

void add_day(DayAnswers& sum, const DayAnswers& row) {
  sum.answers += row.answers;
  sum.duration_ms += row.duration_ms;
}

void add_hour(HourAnswers& sum, const HourAnswers& row) {
  sum.answers += row.answers;
  sum.passed += row.passed;
}

}  // namespace

AnswerGroup answer_group(const ReviewEntry& entry) noexcept {
  switch (entry.kind) {
    case ReviewKind::kLearning:
      return AnswerGroup::kLearning;
    case ReviewKind::kRelearning:
      return AnswerGroup::kRelearning;
    case ReviewKind::kCram:
      return AnswerGroup::kCram;
    case ReviewKind::kReview:
      break;
  }
  return is_mature_answer(entry) ? AnswerGroup::kMature : AnswerGroup::kYoung;
}

DayAnswers day_share(const ReviewEntry& entry, std::int64_t day) noexcept {
  return DayAnswers{.day = day,
                    .group = answer_group(entry),
                    .rating = entry.rating,
                    .counts_for_retention = counts_for_true_retention(entry),
                    .answers = 1,
                    .duration_ms = entry.duration_ms};
}

HourAnswers hour_share(const ReviewEntry& entry, std::int64_t day, int hour) noexcept {
  if (entry.kind == ReviewKind::kCram) return HourAnswers{.day = day, .hour = hour};
  return HourAnswers{
      .day = day, .hour = hour, .answers = 1, .passed = is_pass(entry.rating) ? 1 : 0};
}

void AnswerRollupBuilder::add(const ReviewEntry& entry, std::int64_t day, int hour) {
  days_.push_back(day_share(entry, day));
  const HourAnswers hour_row = hour_share(entry, day, hour);
  if (hour_row.answers > 0) hours_.push_back(hour_row);
  // Merged every so often, so that a rebuild over ten million answers holds about as many rows
  // as there are keys, not one per answer; the next merge waits until the rows have doubled.
  if (days_.size() >= days_merge_at_) {
    merge_rows(days_, day_key, add_day);
    days_merge_at_ = std::max(kFirstMerge, 2 * days_.size());
  }
  if (hours_.size() >= hours_merge_at_) {
    merge_rows(hours_, hour_key, add_hour);
    hours_merge_at_ = std::max(kFirstMerge, 2 * hours_.size());
  }
}

void AnswerRollupBuilder::add(const ReviewEntry& entry, const DayCalendar& calendar) {
  add(entry, calendar.day_number(entry.reviewed), local_hour(entry.reviewed));
}

AnswerRollups AnswerRollupBuilder::take() {
  AnswerRollups rollups{std::move(days_), std::move(hours_)};
  days_.clear();
  hours_.clear();
  merge_rollups(rollups);
  return rollups;
}

AnswerRollups roll_up(std::span<const ReviewEntry> entries, const DayCalendar& calendar) {
  AnswerRollupBuilder builder;
  for (const ReviewEntry& entry : entries) builder.add(entry, calendar);
  return builder.take();
}

void merge_rollups(AnswerRollups& rollups) {
  merge_rows(rollups.days, day_key, add_day);
  merge_rows(rollups.hours, hour_key, add_hour);
}

}  // namespace kioku
