// Anki's revlog rows as kioku's log rows (core/anki_answers.hpp): a card learnt, reviewed,
// lapsed and relearnt, the rows that are no answers, cram, and V1's learning buttons.
#include "core/anki_answers.hpp"

#include <catch2/catch.hpp>

namespace kioku {
namespace {

constexpr std::int64_t kT = 1'700'000'000'000;
constexpr std::int64_t kMinute = 60'000;
constexpr std::int64_t kDay = 86'400'000;

TEST_CASE("anki answers: a card's life from new to a lapse and back", "[core][anki]") {
  const std::vector<AnkiRevlogRow> rows = {
      {.time_ms = kT,
       .ease = 3,
       .interval = -600,
       .last_interval = 0,
       .duration_ms = 4000,
       .type = 0},  // new -> the 10-minute step
      {.time_ms = kT + 10 * kMinute,
       .ease = 3,
       .interval = 1,
       .last_interval = -600,
       .factor = 2500,
       .duration_ms = 3000,
       .type = 0},  // graduates: 1 day
      {.time_ms = kT + 2 * kDay,
       .ease = 4,
       .interval = 4,
       .last_interval = 1,
       .factor = 2650,
       .duration_ms = 2500,
       .type = 1},
      {.time_ms = kT + 6 * kDay, .ease = 0, .interval = 30, .last_interval = 4, .type = 4},
      {.time_ms = kT + 40 * kDay,
       .ease = 1,
       .interval = -600,
       .last_interval = 30,
       .factor = 2450,
       .duration_ms = 9000,
       .type = 1},  // a lapse
      {.time_ms = kT + 40 * kDay + 10 * kMinute,
       .ease = 3,
       .interval = 1,
       .last_interval = -600,
       .factor = 2450,
       .duration_ms = -5,
       .type = 2},
      {.time_ms = kT + 41 * kDay, .ease = 0, .interval = 3, .type = 5},
  };
  const std::vector<ImportedAnswer> answers = anki_answers(rows, false);
  REQUIRE(answers.size() == 5);  // the manual and the rescheduled rows are no answers

  CHECK(answers[0].row.phase_before == Phase::kNew);
  CHECK(answers[0].phase_after == Phase::kLearning);
  CHECK(answers[0].row.rating == Rating::kGood);
  CHECK(answers[0].row.due_after == kT + 10 * kMinute);
  CHECK(answers[0].interval_after_days == 0);
  CHECK(answers[0].row.duration_ms == 4000);

  CHECK(answers[1].row.phase_before == Phase::kLearning);
  CHECK(answers[1].phase_after == Phase::kReview);
  CHECK(answers[1].row.interval_before_days == 0);  // a step is no days
  CHECK(answers[1].interval_after_days == 1);
  CHECK(answers[1].row.due_after == kT + 10 * kMinute + kDay);
  CHECK(answers[1].ease_after == 2.5);

  CHECK(answers[2].row.phase_before == Phase::kReview);
  CHECK(answers[2].row.rating == Rating::kEasy);
  CHECK(answers[2].row.interval_before_days == 1);
  CHECK(answers[2].interval_after_days == 4);

  CHECK(answers[3].row.phase_before == Phase::kReview);
  CHECK(answers[3].row.rating == Rating::kAgain);
  CHECK(answers[3].row.interval_before_days == 30);
  CHECK(answers[3].phase_after == Phase::kRelearning);

  CHECK(answers[4].row.phase_before == Phase::kRelearning);
  CHECK(answers[4].phase_after == Phase::kReview);
  CHECK(answers[4].row.duration_ms == 0);  // never negative
  for (const ImportedAnswer& answer : answers) CHECK_FALSE(answer.row.cram);
}

TEST_CASE("anki answers: cram rows, strange rows and V1's learning buttons", "[core][anki]") {
  const std::vector<AnkiRevlogRow> rows = {
      {.time_ms = kT, .ease = 3, .interval = 0, .type = 3},        // a filtered deck's preview
      {.time_ms = kT + 1, .ease = 2, .interval = -60, .type = 0},  // the first scheduled answer
      {.time_ms = kT + 2, .ease = 5, .interval = 1, .type = 1},    // no such button
      {.time_ms = kT + 3, .ease = 3, .interval = 1, .type = 9},    // no such type
      {.time_ms = kT + 4, .ease = 3, .interval = 2'000'000'000, .type = 1},
  };
  const std::vector<ImportedAnswer> answers = anki_answers(rows, true);
  REQUIRE(answers.size() == 3);
  CHECK(answers[0].row.cram);
  // The cram answer does not make the card studied: its first scheduled answer is from new.
  CHECK(answers[1].row.phase_before == Phase::kNew);
  CHECK(answers[1].row.rating == Rating::kGood);  // V1: 2 was Good in learning
  CHECK(answers[2].row.rating == Rating::kGood);  // reviews kept their four buttons
  // An interval past any real one is bounded, not overflowed.
  CHECK(answers[2].interval_after_days == 1'000'000);
  CHECK(answers[2].row.due_after == kT + 4 + 1'000'000 * kDay);
  CHECK(anki_answers(rows, false)[1].row.rating == Rating::kHard);
}

}  // namespace
}  // namespace kioku
