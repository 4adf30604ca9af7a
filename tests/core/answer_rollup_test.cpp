// Tests for the day and hour sums the answer-based figures read (core/answer_rollup.hpp).
#include "core/answer_rollup.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "core/local_hour.hpp"
#include "tests/core/stats_history.hpp"
#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

using test::review;
using test::stepped;
using test::utc;

TEST_CASE("roll-up: each answer's group, rating, retention flag, day and hour",
          "[core][answer_rollup]") {
  test::TimeZoneGuard zone("Asia/Tokyo");  // UTC+9: the local hour is not the UTC one
  const DayCalendar calendar(4);
  const std::vector<ReviewEntry> history = {
      stepped(ReviewKind::kLearning, utc(2026, 6, 10, 0), 0, Rating::kAgain, 3000),
      stepped(ReviewKind::kLearning, utc(2026, 6, 10, 0, 10), kMillisecondsPerDay, Rating::kGood,
              1000),
      review(utc(2026, 6, 10, 1), 21, Rating::kGood, 7000),
      review(utc(2026, 6, 10, 1, 5), 20, Rating::kHard, 2000),
      review(utc(2026, 6, 10, 1, 6), 20, Rating::kHard, 500),
      stepped(ReviewKind::kRelearning, utc(2026, 6, 10, 2), 600000, Rating::kGood, 2000),
      stepped(ReviewKind::kCram, utc(2026, 6, 10, 2, 30), 0, Rating::kEasy, 500),
      review(utc(2026, 6, 9, 18, 59), 3, Rating::kAgain, 4000),  // 03:59 in Tokyo: the day before
  };
  const std::int64_t day = calendar.day_number(utc(2026, 6, 10, 0));
  const AnswerRollups rollups = roll_up(history, calendar);

  const std::vector<DayAnswers> days = {
      {day - 1, AnswerGroup::kYoung, Rating::kAgain, true, 1, 4000},
      {day, AnswerGroup::kLearning, Rating::kAgain, false, 1, 3000},
      {day, AnswerGroup::kLearning, Rating::kGood, true, 1, 1000},  // waited a day
      {day, AnswerGroup::kRelearning, Rating::kGood, false, 1, 2000},
      {day, AnswerGroup::kYoung, Rating::kHard, true, 2, 2500},  // one row for both
      {day, AnswerGroup::kMature, Rating::kGood, true, 1, 7000},
      {day, AnswerGroup::kCram, Rating::kEasy, false, 1, 500},
  };
  CHECK(rollups.days == days);
  // Local hours in Tokyo: 09, 10, 11 (the cram answer at 11:30 is left out), 03 the day before.
  const std::vector<HourAnswers> hours = {
      {day - 1, 3, 1, 0}, {day, 9, 2, 1}, {day, 10, 3, 3}, {day, 11, 1, 1}};
  CHECK(rollups.hours == hours);
}

TEST_CASE("roll-up: the sums do not depend on the answers' order, however many there are",
          "[core][answer_rollup]") {
  test::TimeZoneGuard zone("Europe/Berlin");
  const DayCalendar calendar(4);
  std::mt19937_64 random(7);
  std::vector<ReviewEntry> history;
  // More answers than the builder keeps before it first merges (65,536), over two years.
  const TimestampMs start = utc(2025, 1, 1, 0);
  for (int index = 0; index < 200'000; ++index) {
    const TimestampMs when = start + static_cast<TimestampMs>(random() % (730 * 24)) * 3'600'000 +
                             static_cast<TimestampMs>(random() % 3'600'000);
    const auto rating = static_cast<Rating>(1 + random() % 4);
    switch (random() % 4) {
      case 0:
        history.push_back(review(when, static_cast<int>(random() % 60), rating, 1000));
        break;
      case 1:
        history.push_back(stepped(ReviewKind::kLearning, when,
                                  static_cast<std::int64_t>(random() % (2 * kMillisecondsPerDay)),
                                  rating, 2000));
        break;
      case 2:
        history.push_back(stepped(ReviewKind::kRelearning, when, 600000, rating, 3000));
        break;
      default:
        history.push_back(stepped(ReviewKind::kCram, when, 0, rating, 4000));
    }
  }
  const AnswerRollups forward = roll_up(history, calendar);
  std::shuffle(history.begin(), history.end(), random);
  CHECK(roll_up(history, calendar) == forward);

  std::int64_t answers = 0;
  std::int64_t time_ms = 0;
  for (const DayAnswers& row : forward.days) {
    answers += row.answers;
    time_ms += row.duration_ms;
  }
  CHECK(answers == 200'000);
  std::int64_t expected_time = 0;
  std::int64_t not_cram = 0;
  for (const ReviewEntry& entry : history) {
    expected_time += entry.duration_ms;
    if (entry.kind != ReviewKind::kCram) ++not_cram;
  }
  CHECK(time_ms == expected_time);
  std::int64_t hour_answers = 0;
  for (const HourAnswers& row : forward.hours) hour_answers += row.answers;
  CHECK(hour_answers == not_cram);
  CHECK(std::is_sorted(
      forward.days.begin(), forward.days.end(),
      [](const DayAnswers& left, const DayAnswers& right) {
        return std::tie(left.day, left.group, left.rating, left.counts_for_retention) <
               std::tie(right.day, right.group, right.rating, right.counts_for_retention);
      }));
}

TEST_CASE("roll-up: rows that cancel out (an answer and its undo) are dropped when merged",
          "[core][answer_rollup]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const ReviewEntry answer = review(utc(2026, 6, 10, 12), 5, Rating::kGood, 5000);
  const std::int64_t day = calendar.day_number(answer.reviewed);
  DayAnswers added = day_share(answer, day);
  DayAnswers undone = added;
  undone.answers = -1;
  undone.duration_ms = -5000;
  HourAnswers hour_added = hour_share(answer, day, local_hour(answer.reviewed));
  HourAnswers hour_undone = hour_added;
  hour_undone.answers = -1;
  hour_undone.passed = -1;
  AnswerRollups rollups{{added, undone}, {hour_added, hour_undone}};
  merge_rollups(rollups);
  CHECK(rollups.days.empty());
  CHECK(rollups.hours.empty());
  CHECK(hour_share(stepped(ReviewKind::kCram, answer.reviewed, 0, Rating::kGood, 1), day, 12)
            .answers == 0);
}

}  // namespace
}  // namespace kioku
