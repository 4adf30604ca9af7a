// Anki's revlog rows as kioku's log rows (core/anki_answers.hpp): a card learnt, reviewed,
// lapsed and relearnt, the rows that are no answers, cram, and V1's learning buttons.
#include "core/anki_answers.hpp"

#include "core/anki_export_mapping.hpp"

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
  const std::vector<AnswerRow> answers = anki_answers(rows, false);
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
  for (const AnswerRow& answer : answers) CHECK_FALSE(answer.row.cram);
}

TEST_CASE("anki answers: cram rows, strange rows and V1's learning buttons", "[core][anki]") {
  const std::vector<AnkiRevlogRow> rows = {
      {.time_ms = kT, .ease = 3, .interval = 0, .type = 3},        // a filtered deck's preview
      {.time_ms = kT + 1, .ease = 2, .interval = -60, .type = 0},  // the first scheduled answer
      {.time_ms = kT + 2, .ease = 5, .interval = 1, .type = 1},    // no such button
      {.time_ms = kT + 3, .ease = 3, .interval = 1, .type = 9},    // no such type
      {.time_ms = kT + 4, .ease = 3, .interval = 2'000'000'000, .type = 1},
      // Times no answer has: before 1970, and where the due would overflow.
      {.time_ms = -5, .ease = 3, .interval = 1, .type = 1},
      {.time_ms = INT64_MAX - 10, .ease = 3, .interval = 1'000'000, .type = 1},
  };
  const std::vector<AnswerRow> answers = anki_answers(rows, true);
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

TEST_CASE("anki answers: kioku's log as Anki's revlog reads back as the same answers",
          "[core][anki]") {
  // kioku's rows of a card: learnt in two steps, reviewed, lapsed into relearning (returning to
  // a 6-day interval), relearnt; then a cram answer.
  const auto answer = [](TimestampMs reviewed, Phase before, Rating rating, int before_days,
                         TimestampMs due_after, Phase after, int after_days, double ease) {
    return AnswerRow{.row = {.reviewed = reviewed,
                             .phase_before = before,
                             .rating = rating,
                             .interval_before_days = before_days,
                             .due_after = due_after,
                             .duration_ms = 3'000,
                             .cram = false},
                     .phase_after = after,
                     .interval_after_days = after_days,
                     .ease_after = ease};
  };
  std::vector<AnswerRow> rows = {
      answer(kT, Phase::kNew, Rating::kGood, 0, kT + 10 * kMinute, Phase::kLearning, 0, 2.5),
      answer(kT + 10 * kMinute, Phase::kLearning, Rating::kGood, 0, kT + kDay, Phase::kReview, 1,
             2.5),
      answer(kT + kDay, Phase::kReview, Rating::kEasy, 1, kT + 5 * kDay, Phase::kReview, 4, 2.65),
      answer(kT + 5 * kDay, Phase::kReview, Rating::kAgain, 4, kT + 5 * kDay + 10 * kMinute,
             Phase::kRelearning, 6, 2.45),
      answer(kT + 5 * kDay + 10 * kMinute, Phase::kRelearning, Rating::kGood, 6, kT + 11 * kDay,
             Phase::kReview, 6, 2.45)};
  AnswerRow cram = rows.back();
  cram.row.reviewed += kMinute;
  cram.row.phase_before = Phase::kReview;
  cram.row.cram = true;
  rows.push_back(cram);
  // Back in learning after a review (a reset the log does not hold): its interval before is
  // its own 0, not the 6 days of the row before it.
  rows.push_back(answer(kT + 12 * kDay, Phase::kLearning, Rating::kGood, 0,
                        kT + 12 * kDay + 10 * kMinute, Phase::kLearning, 0, 2.45));

  const std::vector<AnkiRevlogRow> anki = anki_revlog_rows(rows);
  REQUIRE(anki.size() == rows.size());
  CHECK(anki[0].type == 0);
  CHECK(anki[0].interval == -600);
  CHECK(anki[0].last_interval == 0);
  CHECK(anki[1].last_interval == -600);
  CHECK(anki[2].type == 1);
  CHECK(anki[3].interval == -600);  // a lapse: its step, in Anki's negative seconds
  CHECK(anki[4].type == 2);
  CHECK(anki[4].last_interval == 6);
  CHECK(anki[5].type == 3);
  CHECK(anki[6].last_interval == 0);
  CHECK(anki[2].factor == 2650);

  const std::vector<AnswerRow> back = anki_answers(anki, false);
  REQUIRE(back.size() == rows.size());
  for (std::size_t at = 0; at < rows.size(); ++at) {
    INFO("answer " << at);
    CHECK(back[at].row.reviewed == rows[at].row.reviewed);
    CHECK(back[at].row.rating == rows[at].row.rating);
    CHECK(back[at].row.phase_before == rows[at].row.phase_before);
    CHECK(back[at].row.interval_before_days == rows[at].row.interval_before_days);
    CHECK(back[at].row.duration_ms == rows[at].row.duration_ms);
    CHECK(back[at].row.cram == rows[at].row.cram);
    CHECK(back[at].phase_after == rows[at].phase_after);
    CHECK(back[at].ease_after == rows[at].ease_after);
    // A step's due to the second; a review's the interval's days after the answer (Anki's
    // revlog has no due).
    if (rows[at].phase_after == Phase::kReview) {
      CHECK(back[at].interval_after_days == rows[at].interval_after_days);
      CHECK(back[at].row.due_after == rows[at].row.reviewed + rows[at].interval_after_days * kDay);
    } else {
      CHECK(back[at].row.due_after == rows[at].row.due_after);
    }
  }
}

TEST_CASE("anki answers: V1's relearning buttons and times taken past the cap", "[core][anki]") {
  const std::vector<AnkiRevlogRow> rows = {
      {.time_ms = kT,
       .ease = 1,
       .interval = -600,
       .last_interval = 20,
       .duration_ms = 90'000,
       .type = 1},  // a lapse, 90 s
      {.time_ms = kT + kMinute, .ease = 2, .interval = -600, .duration_ms = INT64_MAX, .type = 2},
      {.time_ms = kT + 2 * kMinute, .ease = 3, .interval = 4, .type = 2},
      {.time_ms = kT + 3 * kMinute, .ease = 3, .interval = INT64_MIN, .type = 1}};
  const std::vector<AnswerRow> v1 = anki_answers(rows, true);
  REQUIRE(v1.size() == 4);
  // V1 relearning had three buttons, as its learning did: 2 was Good, 3 Easy.
  CHECK(v1[1].row.rating == Rating::kGood);
  CHECK(v1[2].row.rating == Rating::kEasy);
  CHECK(v1[3].row.rating == Rating::kGood);  // a review kept its four
  CHECK(anki_answers(rows, false)[1].row.rating == Rating::kHard);
  // The time taken as kioku caps a live answer's.
  CHECK(v1[0].row.duration_ms == 60'000);
  CHECK(v1[1].row.duration_ms == 60'000);
  // The lowest interval there is, bounded before it is negated.
  CHECK(v1[3].row.due_after == kT + 3 * kMinute + 1'000'000'000LL * 1000);
}

}  // namespace
}  // namespace kioku
