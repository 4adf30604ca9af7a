// Anki's revlog rows as kioku's log rows (core/anki_answers.hpp).
#include "core/anki_answers.hpp"

#include <algorithm>

#include "core/time.hpp"

namespace kioku {

namespace {

constexpr int kLearn = 0;
constexpr int kReview = 1;
constexpr int kRelearn = 2;
constexpr int kFiltered = 3;

constexpr std::int64_t kLongestAnswerMs = 60'000;

// The last millisecond of year 9999: no answer is logged later, and nothing before 1970.
constexpr std::int64_t kLatestAnswerTime = 253'402'300'799'999;

Rating rating_of(const AnkiRevlogRow& row, bool v1_learning_buttons) {
  // V1 showed three buttons for every card in steps: learning and relearning alike.
  const bool in_steps = row.type == kLearn || row.type == kRelearn;
  if (v1_learning_buttons && in_steps && row.ease >= 2) {
    return row.ease == 2 ? Rating::kGood : Rating::kEasy;
  }
  return static_cast<Rating>(row.ease);
}

// An interval in Anki's sign convention as whole days (a step counts as none) and as the time
// it reaches past the answer.
int days_of(std::int64_t interval) {
  return interval > 0 ? static_cast<int>(std::min<std::int64_t>(interval, 1'000'000)) : 0;
}

std::int64_t span_ms(std::int64_t interval) {
  // Bounded before it is negated: -INT64_MIN has no value.
  return interval > 0 ? std::min<std::int64_t>(interval, 1'000'000) * kMillisecondsPerDay
                      : -std::max<std::int64_t>(interval, -1'000'000'000) * 1000;
}

}  // namespace

std::vector<AnswerRow> anki_answers(std::span<const AnkiRevlogRow> rows, bool v1_learning_buttons) {
  std::vector<AnswerRow> answers;
  bool answered = false;
  for (const AnkiRevlogRow& row : rows) {
    if (row.ease < 1 || row.ease > 4 || row.type < kLearn || row.type > kFiltered) continue;
    if (row.time_ms < 0 || row.time_ms > kLatestAnswerTime) continue;
    AnswerRow answer;
    answer.row.reviewed = row.time_ms;
    answer.row.rating = rating_of(row, v1_learning_buttons);
    answer.row.interval_before_days = days_of(row.last_interval);
    answer.row.due_after = row.time_ms + span_ms(row.interval);
    // Capped as kioku caps a live answer's (and as Anki caps its own, at 60 s by default), so
    // that no sum of them overflows.
    answer.row.duration_ms = std::clamp<std::int64_t>(row.duration_ms, 0, kLongestAnswerMs);
    answer.row.cram = row.type == kFiltered;
    answer.interval_after_days = days_of(row.interval);
    answer.ease_after = static_cast<double>(row.factor) / 1000.0;
    switch (row.type) {
      case kLearn:
        answer.row.phase_before = answered ? Phase::kLearning : Phase::kNew;
        break;
      case kRelearn:
        answer.row.phase_before = Phase::kRelearning;
        break;
      case kReview:
      case kFiltered:  // a cram answer of a card under review
        answer.row.phase_before = Phase::kReview;
        break;
    }
    if (row.interval > 0) {
      answer.phase_after = Phase::kReview;
    } else {
      answer.phase_after = row.type == kLearn ? Phase::kLearning : Phase::kRelearning;
    }
    answered = answered || !answer.row.cram;
    answers.push_back(answer);
  }
  return answers;
}

}  // namespace kioku
