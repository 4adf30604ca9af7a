// Tests for FSRS-6 (docs/scheduling.md §3): the formulas, Appendix A, and a replay of every
// ts-fsrs 5.4.2 history in tests/reference/fsrs_vectors.json (made by generate.mjs there).
#include "core/fsrs.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "tests/core/reference_vectors.hpp"

#include "core/sm2.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;
using test::kHourMs;
using test::kMinuteMs;

namespace json = boost::json;
using test::TimeZoneGuard;

constexpr double kRelativeTolerance = 1e-5;

const std::array<double, 21>& defaults() {
  return kFsrsDefaultWeights;
}

DeckOptions fsrs_options() {
  DeckOptions options;
  options.algorithm = Algorithm::kFsrs;
  options.fuzz = false;
  return options;
}

double relative_error(double got, double want) {
  return std::abs(got - want) / std::max(std::abs(want), 1e-12);
}

// 2024-01-01T00:00Z, where Appendix A starts.
constexpr TimestampMs kJan1 = 1704067200000;
constexpr TimestampMs at(int day_of_year, int hour, int minute) {
  return kJan1 + (day_of_year - 1) * kDayMs + hour * kHourMs + minute * kMinuteMs;
}

// UTC days starting at 00:00, as ts-fsrs counts them.
struct UtcScene {
  TimeZoneGuard zone{"UTC"};
  DayCalendar calendar{0};
  DeckOptions options = fsrs_options();

  CardState answer(const CardState& state, Rating rating, TimestampMs now) const {
    return fsrs_next_state(state, rating, AnswerContext{now, calendar}, options);
  }
};

// A review card with the given memory state, last answered `elapsed` days before `now`.
CardState review_card(double stability, double difficulty, TimestampMs now, int elapsed) {
  CardState card;
  card.phase = Phase::kReview;
  card.stability = stability;
  card.difficulty = difficulty;
  card.interval_days = std::max(elapsed, 1);
  card.last_review = now - elapsed * kDayMs;
  card.due = card.last_review + card.interval_days * kDayMs;
  card.reps = 5;
  return card;
}

// ---------------------------------------------------------------------------------------------
// Formulas

TEST_CASE("fsrs: R at t = S is 0.9 and the interval for 0.9 is S for any S and decay",
          "[core][fsrs]") {
  const double stability = GENERATE(0.001, 0.5, 1.0, 2.3065, 10.0, 123.456, 36500.0);
  const double decay = GENERATE(0.1, 0.1542, 0.5, 0.8);
  std::array<double, 21> weights = defaults();
  weights[20] = decay;
  INFO("S " << stability << " w20 " << decay);
  // ts-fsrs rounds R and the interval modifier to 8 decimals, and so does kioku.
  CHECK(fsrs_retrievability(stability, stability, weights) == Approx(0.9).margin(1e-8));
  CHECK(fsrs_interval(stability, 0.9, weights) == Approx(stability).epsilon(1e-7));
  CHECK(fsrs_retrievability(0.0, stability, weights) == 1.0);
}

TEST_CASE("fsrs: the forgetting curve for S = 10 matches Appendix A.1", "[core][fsrs]") {
  const std::vector<std::pair<double, double>> rows = {
      {0, 1.000000}, {1, 0.985682}, {5, 0.940344}, {10, 0.900000}, {20, 0.845885}, {100, 0.692827}};
  for (const auto& [days, recall] : rows) {
    INFO("t " << days);
    CHECK(fsrs_retrievability(days, 10.0, defaults()) == Approx(recall).margin(5e-7));
  }
}

TEST_CASE("fsrs: intervals for S = 10 by desired retention match the table in 3.2",
          "[core][fsrs]") {
  const std::vector<std::pair<double, double>> rows = {{0.70, 92.88}, {0.80, 33.16}, {0.85, 19.06},
                                                       {0.90, 10.0},  {0.95, 4.03},  {0.97, 2.23}};
  for (const auto& [retention, days] : rows) {
    INFO("r " << retention);
    CHECK(fsrs_interval(10.0, retention, defaults()) == Approx(days).margin(0.005));
  }
  // Lower retention, longer intervals.
  CHECK(fsrs_interval(10.0, 0.8, defaults()) > fsrs_interval(10.0, 0.9, defaults()));
}

TEST_CASE("fsrs: the first answer sets S0 and D0 and starts the learning steps", "[core][fsrs]") {
  const UtcScene scene;
  const TimestampMs now = at(1, 12, 0);
  struct Row {
    Rating rating;
    double stability;
    double difficulty;
    Phase phase;
    TimestampMs due;
    int remaining_steps;
    int interval_days;
  };
  const std::vector<Row> rows = {
      {Rating::kAgain, 0.212, 6.4133, Phase::kLearning, now + 1 * kMinuteMs, 2, 0},
      {Rating::kHard, 1.2931, 5.11217071, Phase::kLearning, now + 6 * kMinuteMs, 2, 0},
      {Rating::kGood, 2.3065, 2.11810397, Phase::kLearning, now + 10 * kMinuteMs, 1, 0},
      // D0(Easy) is -4.7716 before the clamp to [1, 10].
      {Rating::kEasy, 8.2956, 1.0, Phase::kReview, now + 8 * kDayMs, 0, 8},
  };
  for (const Row& row : rows) {
    INFO("rating " << static_cast<int>(row.rating));
    const CardState next = scene.answer(CardState{}, row.rating, now);
    CHECK(next.stability == Approx(row.stability).epsilon(kRelativeTolerance));
    CHECK(next.difficulty == Approx(row.difficulty).epsilon(kRelativeTolerance));
    CHECK(next.phase == row.phase);
    CHECK(next.due == row.due);
    CHECK(next.remaining_steps == row.remaining_steps);
    CHECK(next.interval_days == row.interval_days);
    CHECK(next.reps == 1);
    CHECK(next.lapses == 0);
    CHECK(next.last_review == now);
  }
}

TEST_CASE("fsrs: difficulty moves with linear damping and reverts toward D0 of Easy",
          "[core][fsrs]") {
  // Values from ts-fsrs 5.4.2's next_difficulty; a review 3 days later changes D the same way.
  struct Row {
    double before;
    Rating rating;
    double after;
  };
  const std::vector<Row> rows = {
      {1.0, Rating::kAgain, 7.02698957},  {1.0, Rating::kHard, 4.01060897},
      {1.0, Rating::kGood, 1.0},          {1.0, Rating::kEasy, 1.0},
      {5.0, Rating::kAgain, 8.34176237},  {5.0, Rating::kHard, 6.66599536},
      {5.0, Rating::kGood, 4.99022837},   {5.0, Rating::kEasy, 3.31446137},
      {9.5, Rating::kAgain, 9.82088177},  {9.5, Rating::kHard, 9.65330506},
      {10.0, Rating::kAgain, 9.98522837}, {10.0, Rating::kEasy, 9.98522837},
  };
  const UtcScene scene;
  const TimestampMs now = at(40, 12, 0);
  for (const Row& row : rows) {
    INFO("D " << row.before << " rating " << static_cast<int>(row.rating));
    const CardState next = scene.answer(review_card(10.0, row.before, now, 3), row.rating, now);
    CHECK(next.difficulty == Approx(row.after).epsilon(kRelativeTolerance));
    CHECK(next.difficulty >= 1.0);
    CHECK(next.difficulty <= 10.0);
  }
}

TEST_CASE("fsrs: a same-day review uses the short-term formula", "[core][fsrs]") {
  const UtcScene scene;
  const TimestampMs now = at(40, 18, 0);
  // Answered at 09:00 the same UTC day: t = 0, R = 1. ts-fsrs 5.4.2 values.
  CardState card = review_card(17.05756018, 6.48984555, now, 0);
  card.last_review = at(40, 9, 0);
  card.interval_days = 17;
  card.due = card.last_review + 17 * kDayMs;
  struct Row {
    Rating rating;
    double stability;
    double difficulty;
  };
  const std::vector<Row> rows = {
      {Rating::kAgain, 5.02498096, 8.83146447},
      {Rating::kHard, 17.05756018, 7.65502428},  // a pass never lowers S on the same day
      {Rating::kGood, 17.05756018, 6.47858407},
      {Rating::kEasy, 25.58283616, 5.30214387},
  };
  for (const Row& row : rows) {
    INFO("rating " << static_cast<int>(row.rating));
    const CardState next = scene.answer(card, row.rating, now);
    CHECK(next.stability == Approx(row.stability).epsilon(kRelativeTolerance));
    CHECK(next.difficulty == Approx(row.difficulty).epsilon(kRelativeTolerance));
  }
  // Again starts relearning and counts a lapse; Good is due 18 days on (hard 17 <= good).
  CHECK(scene.answer(card, Rating::kAgain, now).phase == Phase::kRelearning);
  CHECK(scene.answer(card, Rating::kAgain, now).lapses == 1);
  CHECK(scene.answer(card, Rating::kGood, now).interval_days == 18);
  CHECK(scene.answer(card, Rating::kHard, now).interval_days == 17);
}

TEST_CASE("fsrs: elapsed days are counted in scheduler days", "[core][fsrs]") {
  // With the default 04:00 day start, 23:00 and 03:00 the next morning are the same day: t = 0,
  // so a Good keeps S (short-term); at 05:00 it is a new day and S grows.
  const TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const DeckOptions options = fsrs_options();
  const TimestampMs evening = at(40, 23, 0);
  CardState card = review_card(5.0, 5.0, evening, 0);
  card.last_review = evening;
  const CardState same_day =
      fsrs_next_state(card, Rating::kGood, AnswerContext{at(41, 3, 0), calendar}, options);
  const CardState next_day =
      fsrs_next_state(card, Rating::kGood, AnswerContext{at(41, 5, 0), calendar}, options);
  CHECK(same_day.stability == Approx(5.0));
  CHECK(next_day.stability > 5.1);
}

TEST_CASE("fsrs: learning steps are due exactly after their delay even past the day start",
          "[core][fsrs]") {
  // SM-2 turns such a step into a whole-day due; FSRS (as ts-fsrs) keeps the exact time.
  const TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const DeckOptions options = fsrs_options();
  const TimestampMs now = at(40, 3, 55);
  const CardState next =
      fsrs_next_state(CardState{}, Rating::kGood, AnswerContext{now, calendar}, options);
  CHECK(next.phase == Phase::kLearning);
  CHECK(next.due == now + 10 * kMinuteMs);
}

TEST_CASE("fsrs: Hard on the second learning step waits 6m as in ts-fsrs", "[core][fsrs]") {
  const UtcScene scene;
  const TimestampMs now = at(1, 12, 0);
  const CardState second = scene.answer(CardState{}, Rating::kGood, now);
  REQUIRE(second.remaining_steps == 1);
  const CardState hard = scene.answer(second, Rating::kHard, now + 10 * kMinuteMs);
  CHECK(hard.phase == Phase::kLearning);
  CHECK(hard.due == now + 16 * kMinuteMs);  // not Anki's 10m repeat of the current step
  CHECK(hard.remaining_steps == 1);
  const CardState again = scene.answer(second, Rating::kAgain, now + 10 * kMinuteMs);
  CHECK(again.remaining_steps == 2);
  CHECK(again.due == now + 11 * kMinuteMs);
}

TEST_CASE("fsrs: a lapse starts relearning and without relearning steps returns to review",
          "[core][fsrs]") {
  UtcScene scene;
  const TimestampMs now = at(60, 12, 0);
  const CardState card = review_card(20.0, 5.0, now, 20);
  const CardState relearning = scene.answer(card, Rating::kAgain, now);
  CHECK(relearning.phase == Phase::kRelearning);
  CHECK(relearning.remaining_steps == 1);
  CHECK(relearning.interval_days == 0);
  CHECK(relearning.due == now + 10 * kMinuteMs);
  CHECK(relearning.lapses == 1);
  CHECK(relearning.stability < card.stability);

  scene.options.relearn_steps_seconds.clear();
  const CardState straight = scene.answer(card, Rating::kAgain, now);
  CHECK(straight.phase == Phase::kReview);
  CHECK(straight.lapses == 1);
  CHECK(straight.stability == Approx(relearning.stability));
  CHECK(straight.interval_days == std::max(1, static_cast<int>(std::lround(relearning.stability))));
}

TEST_CASE("fsrs: a step of a day or more schedules a review of whole days", "[core][fsrs]") {
  UtcScene scene;
  scene.options.learn_steps_seconds = {600, 2 * 86400};
  const TimestampMs now = at(1, 12, 0);
  // Good on the first step moves to the 2-day step: a review due exactly 2 days later.
  const CardState next = scene.answer(CardState{}, Rating::kGood, now);
  CHECK(next.phase == Phase::kReview);
  CHECK(next.interval_days == 2);
  CHECK(next.due == now + 2 * kDayMs);
  CHECK(next.remaining_steps == 0);
  // Hard stays on the first step: (10m + 2d) / 2 is over a day too, rounded down to whole days.
  const CardState hard = scene.answer(CardState{}, Rating::kHard, now);
  CHECK(hard.phase == Phase::kReview);
  CHECK(hard.interval_days == 1);
  CHECK(hard.due == now + 24 * kHourMs + 5 * kMinuteMs);
}

TEST_CASE("fsrs: intervals never pass the maximum interval", "[core][fsrs]") {
  UtcScene scene;
  scene.options.maximum_interval = 100;
  const TimestampMs now = at(300, 12, 0);
  const CardState card = review_card(400.0, 3.0, now, 200);
  for (Rating rating : {Rating::kHard, Rating::kGood, Rating::kEasy}) {
    const CardState next = scene.answer(card, rating, now);
    INFO("rating " << static_cast<int>(rating));
    CHECK(next.interval_days == 100);
    CHECK(next.due == now + 100 * kDayMs);
  }
}

TEST_CASE("fsrs: leeches are tagged and suspended at the threshold", "[core][fsrs]") {
  UtcScene scene;
  const TimestampMs now = at(60, 12, 0);
  CardState card = review_card(3.0, 8.0, now, 3);
  card.lapses = 7;
  const CardState leech = scene.answer(card, Rating::kAgain, now);
  CHECK(leech.lapses == 8);
  CHECK(leech.leech);
  CHECK(leech.suspended);
  scene.options.leech_action = LeechAction::kTagOnly;
  CHECK_FALSE(scene.answer(card, Rating::kAgain, now).suspended);
  card.lapses = 5;
  CHECK_FALSE(scene.answer(card, Rating::kAgain, now).leech);
}

TEST_CASE("fsrs: fuzz spreads review intervals within ts-fsrs's range and is repeatable",
          "[core][fsrs]") {
  UtcScene scene;
  scene.options.fuzz = true;
  const TimestampMs now = at(100, 12, 0);
  // Good on S = 30 reviewed after 30 days: about 50 days unfuzzed, fuzzed by up to ±4.5 (one
  // more day when good is pushed past a fuzzed hard).
  const CardState card = review_card(30.0, 5.0, now, 30);
  scene.options.fuzz = false;
  const int exact = scene.answer(card, Rating::kGood, now).interval_days;
  scene.options.fuzz = true;
  std::vector<int> seen;
  for (std::int64_t id = 1; id <= 300; ++id) {
    const AnswerContext context{now, scene.calendar, id};
    const CardState next = fsrs_next_state(card, Rating::kGood, context, scene.options);
    REQUIRE(next == fsrs_next_state(card, Rating::kGood, context, scene.options));
    CHECK(std::abs(next.interval_days - exact) <= 6);
    CHECK(next.interval_days > 30);  // fuzz never goes back to the elapsed days
    seen.push_back(next.interval_days);
  }
  std::sort(seen.begin(), seen.end());
  seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
  CHECK(seen.size() >= 7);
  // Short intervals are not fuzzed.
  const CardState young = scene.answer(CardState{}, Rating::kEasy, now);
  CHECK(young.interval_days >= 2);
}

TEST_CASE("fsrs: fuzzed review intervals keep their order and pass the elapsed days",
          "[core][fsrs]") {
  // Over many cards and states: hard <= good < easy, at least 2 days once fuzzed, and not back
  // to the elapsed days when the unfuzzed interval is past them (ts-fsrs's rule).
  UtcScene scene;
  const TimestampMs now = at(200, 12, 0);
  int checked = 0;
  for (const double stability : {2.0, 5.0, 12.0, 20.0, 45.0, 150.0}) {
    for (const double difficulty : {2.0, 6.0, 10.0}) {
      for (const int elapsed : {1, 3, 8, 21, 24, 60}) {
        const CardState card = review_card(stability, difficulty, now, elapsed);
        scene.options.fuzz = false;
        std::array<int, 3> exact{};
        for (int i = 0; i < 3; ++i) {
          exact[i] = scene.answer(card, static_cast<Rating>(i + 2), now).interval_days;
        }
        scene.options.fuzz = true;
        for (std::int64_t id = 1; id <= 60; ++id) {
          const AnswerContext context{now, scene.calendar, id};
          std::array<int, 3> fuzzed{};
          for (int i = 0; i < 3; ++i) {
            fuzzed[i] = fsrs_next_state(card, static_cast<Rating>(i + 2), context, scene.options)
                            .interval_days;
            if (exact[i] >= 3) CHECK(fuzzed[i] >= 2);
            // (An exact interval of elapsed + 1 may come from good >= hard + 1 on a raw
            // interval that was not past the elapsed days, so the rule did not apply.)
            if (exact[i] > elapsed + 1) CHECK(fuzzed[i] > elapsed);
          }
          CHECK(fuzzed[0] <= fuzzed[1]);
          CHECK(fuzzed[1] < fuzzed[2]);
          ++checked;
        }
      }
    }
  }
  CHECK(checked == 6 * 3 * 6 * 60);
}

// ---------------------------------------------------------------------------------------------
// Appendix A of docs/scheduling.md (values printed to 6 decimals there)

TEST_CASE("fsrs: Appendix A.1 memory model steps", "[core][fsrs]") {
  const UtcScene scene;
  struct Row {
    int elapsed;
    Rating rating;
    double recall_before;
    double stability;
    double difficulty;
    int interval;
  };
  const std::vector<Row> rows = {
      {0, Rating::kGood, 1.0, 2.306500, 2.118104, 2},
      {3, Rating::kGood, 0.880948, 13.826903, 2.111214, 14},
      {10, Rating::kAgain, 0.920684, 1.666141, 7.392238, 2},
      {1, Rating::kGood, 0.931134, 3.689035, 7.380074, 4},
      {5, Rating::kEasy, 0.877789, 17.057560, 6.489846, 17},
      {0, Rating::kGood, 1.000000, 17.057560, 6.478584, 17},
      {20, Rating::kHard, 0.888699, 34.475397, 7.647548, 34},
  };
  CardState card;
  TimestampMs now = at(1, 12, 0);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    INFO("step " << i + 1);
    if (i > 0) {
      CHECK(fsrs_retrievability(row.elapsed, card.stability, defaults()) ==
            Approx(row.recall_before).margin(5e-7));
      // The memory model is the same in every phase; answer as a review card.
      card.phase = Phase::kReview;
    }
    now += row.elapsed * kDayMs;
    card = scene.answer(card, row.rating, now);
    CHECK(card.stability == Approx(row.stability).epsilon(kRelativeTolerance));
    CHECK(card.difficulty == Approx(row.difficulty).epsilon(kRelativeTolerance));
    CHECK(std::max(1L, std::lround(fsrs_interval(card.stability, 0.9, defaults()))) ==
          row.interval);
  }
}

struct SchedulerRow {
  TimestampMs now;
  Rating rating;
  Phase phase;
  double stability;
  double difficulty;
  int scheduled_days;
  TimestampMs due;
};

void check_plan(const std::vector<SchedulerRow>& rows) {
  const UtcScene scene;
  CardState card;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SchedulerRow& row = rows[i];
    INFO("step " << i + 1);
    card = scene.answer(card, row.rating, row.now);
    CHECK(card.phase == row.phase);
    CHECK(card.stability == Approx(row.stability).epsilon(kRelativeTolerance));
    CHECK(card.difficulty == Approx(row.difficulty).epsilon(kRelativeTolerance));
    CHECK(card.interval_days == row.scheduled_days);
    CHECK(card.due == row.due);
    CHECK(card.reps == static_cast<int>(i) + 1);
  }
}

TEST_CASE("fsrs: Appendix A.2 full scheduler answering at each due time", "[core][fsrs]") {
  check_plan({
      {at(1, 0, 0), Rating::kGood, Phase::kLearning, 2.306500, 2.118104, 0, at(1, 0, 10)},
      {at(1, 0, 10), Rating::kGood, Phase::kReview, 2.306500, 2.111214, 2, at(3, 0, 10)},
      {at(3, 0, 10), Rating::kGood, Phase::kReview, 10.971048, 2.104331, 11, at(14, 0, 10)},
      {at(14, 0, 10), Rating::kAgain, Phase::kRelearning, 1.539012, 7.389976, 0, at(14, 0, 20)},
      {at(14, 0, 20), Rating::kGood, Phase::kReview, 1.571842, 7.377814, 2, at(16, 0, 20)},
      {at(16, 0, 20), Rating::kGood, Phase::kReview, 4.934769, 7.365665, 5, at(21, 0, 20)},
      {at(21, 0, 20), Rating::kEasy, Phase::kReview, 18.936343, 6.470621, 19, at(40, 0, 20)},
      {at(40, 0, 20), Rating::kHard, Phase::kReview, 36.002696, 7.642262, 36, at(76, 0, 20)},
  });
}

TEST_CASE("fsrs: Appendix A.2 requested sequence Good Good Again Good Easy", "[core][fsrs]") {
  check_plan({
      {at(1, 0, 0), Rating::kGood, Phase::kLearning, 2.306500, 2.118104, 0, at(1, 0, 10)},
      {at(1, 0, 10), Rating::kGood, Phase::kReview, 2.306500, 2.111214, 2, at(3, 0, 10)},
      {at(3, 0, 10), Rating::kAgain, Phase::kRelearning, 0.607702, 7.392238, 0, at(3, 0, 20)},
      {at(3, 0, 20), Rating::kGood, Phase::kReview, 0.659798, 7.380074, 1, at(4, 0, 20)},
      {at(4, 0, 20), Rating::kEasy, Phase::kReview, 4.086148, 6.489846, 4, at(8, 0, 20)},
  });
}

TEST_CASE("fsrs: Appendix A.2 button previews", "[core][fsrs]") {
  const UtcScene scene;
  const CardState fresh;
  const CardState step2 = scene.answer(fresh, Rating::kGood, at(1, 0, 0));
  const CardState review = scene.answer(step2, Rating::kGood, at(1, 0, 10));
  const CardState relearning = scene.answer(review, Rating::kAgain, at(3, 0, 10));

  SECTION("review card after step 2, answered at due") {
    const TimestampMs now = at(3, 0, 10);
    const CardState again = scene.answer(review, Rating::kAgain, now);
    CHECK(again.phase == Phase::kRelearning);
    CHECK(again.due == now + 10 * kMinuteMs);
    CHECK(again.stability == Approx(0.607702).epsilon(kRelativeTolerance));
    const CardState hard = scene.answer(review, Rating::kHard, now);
    CHECK(hard.stability == Approx(7.517359).epsilon(kRelativeTolerance));
    CHECK(hard.difficulty == Approx(4.748285).epsilon(kRelativeTolerance));
    CHECK(hard.interval_days == 8);
    const CardState good = scene.answer(review, Rating::kGood, now);
    CHECK(good.interval_days == 11);
    const CardState easy = scene.answer(review, Rating::kEasy, now);
    CHECK(easy.stability == Approx(18.534332).epsilon(kRelativeTolerance));
    CHECK(easy.difficulty == 1.0);
    CHECK(easy.interval_days == 19);
  }
  SECTION("new card") {
    const TimestampMs now = at(1, 0, 0);
    CHECK(scene.answer(fresh, Rating::kAgain, now).due == now + 1 * kMinuteMs);
    CHECK(scene.answer(fresh, Rating::kHard, now).due == now + 6 * kMinuteMs);
    CHECK(scene.answer(fresh, Rating::kGood, now).due == now + 10 * kMinuteMs);
    CHECK(scene.answer(fresh, Rating::kEasy, now).interval_days == 8);
  }
  SECTION("second learning step") {
    const TimestampMs now = at(1, 0, 10);
    CHECK(scene.answer(step2, Rating::kAgain, now).due == now + 1 * kMinuteMs);
    CHECK(scene.answer(step2, Rating::kHard, now).due == now + 6 * kMinuteMs);
    CHECK(scene.answer(step2, Rating::kGood, now).interval_days == 2);
    CHECK(scene.answer(step2, Rating::kEasy, now).interval_days == 4);
  }
  SECTION("relearning step") {
    const TimestampMs now = at(3, 0, 20);
    CHECK(scene.answer(relearning, Rating::kAgain, now).due == now + 10 * kMinuteMs);
    CHECK(scene.answer(relearning, Rating::kHard, now).due == now + 15 * kMinuteMs);
    CHECK(scene.answer(relearning, Rating::kGood, now).interval_days == 1);
    CHECK(scene.answer(relearning, Rating::kEasy, now).interval_days == 1);
  }
}

TEST_CASE("fsrs: Appendix A.3 memory states with short-term scheduling off", "[core][fsrs]") {
  // ts-fsrs's LongTermScheduler has no steps and no same-day model. kioku always schedules
  // short-term; with no steps and every answer on a new day it gives the same S and D, and the
  // same intervals except the first (2 d here, 3 d there: it forces again < hard < good).
  UtcScene scene;
  scene.options.learn_steps_seconds.clear();
  scene.options.relearn_steps_seconds.clear();
  struct Row {
    int elapsed;
    Rating rating;
    double stability;
    double difficulty;
    int scheduled_days;
  };
  const std::vector<Row> rows = {
      {0, Rating::kGood, 2.306500, 2.118104, 2},  // ts-fsrs long-term: 3
      {3, Rating::kGood, 13.826903, 2.111214, 14},    {14, Rating::kGood, 56.956710, 2.104331, 57},
      {57, Rating::kAgain, 3.188125, 7.389976, 3},    {3, Rating::kGood, 8.080777, 7.377814, 8},
      {8, Rating::kGood, 19.134762, 7.365665, 19},    {19, Rating::kEasy, 61.833404, 6.470621, 62},
      {62, Rating::kHard, 107.567611, 7.642262, 108},
  };
  CardState card;
  TimestampMs now = kJan1;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO("step " << i + 1);
    now += rows[i].elapsed * kDayMs;
    card = scene.answer(card, rows[i].rating, now);
    CHECK(card.phase == Phase::kReview);
    CHECK(card.stability == Approx(rows[i].stability).epsilon(kRelativeTolerance));
    CHECK(card.difficulty == Approx(rows[i].difficulty).epsilon(kRelativeTolerance));
    CHECK(card.interval_days == rows[i].scheduled_days);
  }
}

// ---------------------------------------------------------------------------------------------
// Replay of the generated ts-fsrs histories

using kioku::test::load_vectors;

std::vector<int> steps_from(const json::value& value) {
  std::vector<int> steps;
  for (const json::value& step : value.as_array()) steps.push_back(step.to_number<int>());
  return steps;
}

DeckOptions history_options(const json::object& history) {
  DeckOptions options = fsrs_options();
  options.desired_retention = history.at("desired_retention").to_number<double>();
  options.learn_steps_seconds = steps_from(history.at("learning_steps"));
  options.relearn_steps_seconds = steps_from(history.at("relearning_steps"));
  if (!history.at("weights").is_null()) {
    const json::array& weights = history.at("weights").as_array();
    REQUIRE(weights.size() == options.fsrs_weights.size());
    for (std::size_t i = 0; i < weights.size(); ++i) {
      options.fsrs_weights[i] = weights[i].to_number<double>();
    }
  }
  return options;
}

// ts-fsrs's learning_steps: the index of the current (re)learning step; 0 outside steps.
int step_index(const CardState& card, const DeckOptions& options) {
  if (card.phase == Phase::kLearning) {
    return static_cast<int>(options.learn_steps_seconds.size()) - card.remaining_steps;
  }
  if (card.phase == Phase::kRelearning) {
    return static_cast<int>(options.relearn_steps_seconds.size()) - card.remaining_steps;
  }
  return 0;
}

struct ReplayStats {
  int histories = 0;
  int answers = 0;
  double worst_stability = 0.0;
  double worst_difficulty = 0.0;
};

// Compares one kioku state with one recorded ts-fsrs step; the description of the first
// difference, or empty.
std::string difference(const CardState& card, const json::array& want, const DeckOptions& options,
                       ReplayStats& stats) {
  std::ostringstream out;
  const double stability = want.at(5).to_number<double>();
  const double difficulty = want.at(6).to_number<double>();
  const double stability_error = relative_error(card.stability, stability);
  const double difficulty_error = relative_error(card.difficulty, difficulty);
  stats.worst_stability = std::max(stats.worst_stability, stability_error);
  stats.worst_difficulty = std::max(stats.worst_difficulty, difficulty_error);
  if (card.phase != parse_phase(want.at(2).as_string())) {
    out << "phase " << to_string(card.phase) << " want " << want.at(2).as_string();
  } else if (card.due != want.at(3).to_number<TimestampMs>()) {
    out << "due " << card.due << " want " << want.at(3).to_number<TimestampMs>();
  } else if (card.interval_days != want.at(4).to_number<int>()) {
    out << "interval " << card.interval_days << " want " << want.at(4).to_number<int>();
  } else if (stability_error > kRelativeTolerance) {
    out << "stability " << card.stability << " want " << stability;
  } else if (difficulty_error > kRelativeTolerance) {
    out << "difficulty " << card.difficulty << " want " << difficulty;
  } else if (card.reps != want.at(7).to_number<int>() ||
             card.lapses != want.at(8).to_number<int>()) {
    out << "reps/lapses " << card.reps << "/" << card.lapses << " want " << want.at(7) << "/"
        << want.at(8);
  } else if (step_index(card, options) != want.at(9).to_number<int>()) {
    out << "learning step " << step_index(card, options) << " want " << want.at(9);
  }
  return out.str();
}

Rating rating_of(const json::value& value) {
  return static_cast<Rating>(value.to_number<int>());
}

void replay(const json::object& history, ReplayStats& stats) {
  const DayCalendar calendar(0);
  const DeckOptions options = history_options(history);
  const std::string name(history.at("name").as_string());
  CardState card;
  int index = 0;
  for (const json::value& value : history.at("steps").as_array()) {
    const json::array& step = value.as_array();
    const TimestampMs now = step.at(0).to_number<TimestampMs>();
    card = fsrs_next_state(card, rating_of(step.at(1)), AnswerContext{now, calendar}, options);
    ++index;
    ++stats.answers;
    const std::string problem = difference(card, step, options, stats);
    if (!problem.empty()) {
      FAIL_CHECK(name << " answer " << index << ": " << problem);
      return;
    }
  }
  if (const json::value* preview = history.if_contains("preview")) {
    const TimestampMs now = history.at("preview_ms").to_number<TimestampMs>();
    for (const json::value& value : preview->as_array()) {
      const json::array& outcome = value.as_array();
      const CardState next =
          fsrs_next_state(card, rating_of(outcome.at(1)), AnswerContext{now, calendar}, options);
      ++stats.answers;
      const std::string problem = difference(next, outcome, options, stats);
      if (!problem.empty()) {
        FAIL_CHECK(name << " preview " << outcome.at(1) << ": " << problem);
        return;
      }
    }
  }
  ++stats.histories;
}

TEST_CASE("fsrs: every generated ts-fsrs history replays identically", "[core][fsrs]") {
  const TimeZoneGuard zone("UTC");
  const json::value vectors = load_vectors("fsrs_vectors.json");
  ReplayStats stats;
  int expected = 0;
  for (const char* key : {"histories", "appendix"}) {
    for (const json::value& history : vectors.at(key).as_array()) {
      // A.3 is short-term off, which kioku does not implement; see the A.3 test above.
      if (!history.at("short_term").as_bool()) continue;
      ++expected;
      replay(history.as_object(), stats);
    }
  }
  CHECK(expected >= 200);
  CHECK(stats.histories == expected);
  CHECK(stats.answers >= 3500);
  // Run with -s to see the measured worst relative errors.
  CHECK(stats.worst_stability < kRelativeTolerance);
  CHECK(stats.worst_difficulty < kRelativeTolerance);
}

TEST_CASE("fsrs: the generated A.1 rows match the memory model at full precision", "[core][fsrs]") {
  const UtcScene scene;
  const json::value vectors = load_vectors("fsrs_vectors.json");
  const json::object& a1 = vectors.at("a1").as_object();
  CardState card;
  TimestampMs now = at(1, 12, 0);
  for (const json::value& value : a1.at("rows").as_array()) {
    const json::array& row = value.as_array();
    const int elapsed = row.at(0).to_number<int>();
    if (!row.at(2).is_null()) {
      CHECK(fsrs_retrievability(elapsed, card.stability, defaults()) ==
            Approx(row.at(2).to_number<double>()).epsilon(1e-7));
      card.phase = Phase::kReview;
    }
    now += elapsed * kDayMs;
    card = scene.answer(card, rating_of(row.at(1)), now);
    CHECK(card.stability == Approx(row.at(3).to_number<double>()).epsilon(kRelativeTolerance));
    CHECK(card.difficulty == Approx(row.at(4).to_number<double>()).epsilon(kRelativeTolerance));
  }
  for (const json::value& value : a1.at("curve_s10").as_array()) {
    const json::array& point = value.as_array();
    CHECK(fsrs_retrievability(point.at(0).to_number<double>(), 10.0, defaults()) ==
          Approx(point.at(1).to_number<double>()).epsilon(1e-7));
  }
}

}  // namespace
}  // namespace kioku
