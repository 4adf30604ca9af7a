// Tests for the Anki-style SM-2 scheduler (docs/scheduling.md §2): table-driven rows of
// (state, rating, time, expected) plus properties checked over many generated states.
#include "core/sm2.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "tests/core/time_zone_guard.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kHourMs;
using test::kMinuteMs;
using test::kSecondMs;

using test::TimeZoneGuard;

// A fixed day in UTC with the default 04:00 day start; answers are given at 12:00, well inside
// the day, so learning steps do not reach the next day start unless a test wants them to.
struct Sm2Scene {
  TimeZoneGuard zone{"UTC"};
  DayCalendar calendar;
  std::int64_t today = days_from_civil(2026, 5, 11);
  TimestampMs now = calendar.day_start(today) + 8 * kHourMs;

  AnswerContext time() const { return {now, calendar}; }
  // The start of the day `offset` days from today: where a review interval of `offset` lands.
  TimestampMs day(std::int64_t offset) const { return calendar.day_start(today + offset); }
  // Where a review interval of `offset` days lands: that day, at the time of day of the answer.
  TimestampMs review_due(std::int64_t offset) const {
    const std::int64_t answer_day = calendar.day_number(now);
    return calendar.day_start(answer_day + offset) + (now - calendar.day_start(answer_day));
  }

  // A review card with interval `scheduled` that was last answered `elapsed` days before today.
  CardState review_card(int scheduled, int elapsed, double ease) const {
    CardState state;
    state.phase = Phase::kReview;
    state.interval_days = scheduled;
    state.due = calendar.day_start(today - elapsed + scheduled);
    state.ease = ease;
    state.reps = 7;
    state.lapses = 2;
    state.last_review = calendar.day_start(today - elapsed) + 9 * kHourMs;
    return state;
  }
};

// The default options without fuzz, so intervals are exact.
DeckOptions exact_options() {
  DeckOptions options;
  options.fuzz = false;
  return options;
}

const char* name_of(Rating rating) {
  switch (rating) {
    case Rating::kAgain:
      return "Again";
    case Rating::kHard:
      return "Hard";
    case Rating::kGood:
      return "Good";
    case Rating::kEasy:
      return "Easy";
  }
  return "?";
}

// Where an answer should put the card: `seconds` after now for a (re)learning step, or the
// start of the day `days` from today for a review. Exactly one of the two is set.
struct Due {
  std::int64_t seconds = -1;
  int days = -1;
};
Due in_seconds(std::int64_t seconds) {
  return {seconds, -1};
}
Due in_days(int days) {
  return {-1, days};
}

TimestampMs expected_due(const Sm2Scene& scene, const Due& due) {
  return due.seconds >= 0 ? scene.now + due.seconds * kSecondMs : scene.review_due(due.days);
}

TEST_CASE("sm2: default deck options are Anki's v3 defaults", "[core][sm2]") {
  const DeckOptions options;
  CHECK(options.learn_steps_seconds == std::vector<int>{60, 600});
  CHECK(options.graduating_interval_good == 1);
  CHECK(options.graduating_interval_easy == 4);
  CHECK(options.initial_ease == Approx(2.5));
  CHECK(options.easy_multiplier == Approx(1.3));
  CHECK(options.hard_multiplier == Approx(1.2));
  CHECK(options.interval_multiplier == Approx(1.0));
  CHECK(options.maximum_interval == 36500);
  CHECK(options.relearn_steps_seconds == std::vector<int>{600});
  CHECK(options.lapse_multiplier == Approx(0.0));
  CHECK(options.minimum_lapse_interval == 1);
  CHECK(options.leech_threshold == 8);
  CHECK(options.leech_action == LeechAction::kTagAndSuspend);  // kioku's choice, not Anki's
  CHECK(options.new_per_day == 20);
  CHECK(options.reviews_per_day == 200);
  CHECK(options.learn_ahead_seconds == 1200);
  CHECK(kMinimumEase == Approx(1.3));
}

TEST_CASE("sm2: new and learning cards move through the default 1m 10m steps", "[core][sm2]") {
  struct Row {
    const char* name;
    Phase phase;
    int remaining;  // before the answer
    Rating rating;
    Phase expected_phase;
    Due expected_due;
    int expected_remaining;
    int expected_interval;
    double expected_ease;
  };
  const auto row = GENERATE(values<Row>({
      {"new, Again: first step", Phase::kNew, 0, Rating::kAgain, Phase::kLearning, in_seconds(60),
       2, 0, 0.0},
      {"new, Hard: (1m + 10m) / 2", Phase::kNew, 0, Rating::kHard, Phase::kLearning,
       in_seconds(330), 2, 0, 0.0},
      {"new, Good: second step", Phase::kNew, 0, Rating::kGood, Phase::kLearning, in_seconds(600),
       1, 0, 0.0},
      {"new, Easy: graduates with the easy interval", Phase::kNew, 0, Rating::kEasy, Phase::kReview,
       in_days(4), 0, 4, 2.5},
      {"first step, Again", Phase::kLearning, 2, Rating::kAgain, Phase::kLearning, in_seconds(60),
       2, 0, 0.0},
      {"first step, Hard", Phase::kLearning, 2, Rating::kHard, Phase::kLearning, in_seconds(330), 2,
       0, 0.0},
      {"first step, Good", Phase::kLearning, 2, Rating::kGood, Phase::kLearning, in_seconds(600), 1,
       0, 0.0},
      {"first step, Easy", Phase::kLearning, 2, Rating::kEasy, Phase::kReview, in_days(4), 0, 4,
       2.5},
      {"second step, Again: back to the first step", Phase::kLearning, 1, Rating::kAgain,
       Phase::kLearning, in_seconds(60), 2, 0, 0.0},
      {"second step, Hard: repeats the current step", Phase::kLearning, 1, Rating::kHard,
       Phase::kLearning, in_seconds(600), 1, 0, 0.0},
      {"second step, Good: graduates with 1 day", Phase::kLearning, 1, Rating::kGood,
       Phase::kReview, in_days(1), 0, 1, 2.5},
      {"second step, Easy: graduates with 4 days", Phase::kLearning, 1, Rating::kEasy,
       Phase::kReview, in_days(4), 0, 4, 2.5},
  }));
  INFO(row.name);
  const Sm2Scene scene;
  CardState state;
  state.phase = row.phase;
  state.remaining_steps = row.remaining;
  if (row.phase == Phase::kLearning) {
    state.due = scene.now - 5 * kSecondMs;
    state.reps = 1;
    state.last_review = scene.now - 70 * kSecondMs;
  }

  const CardState next = sm2_next_state(state, row.rating, scene.time(), exact_options());
  CHECK(next.phase == row.expected_phase);
  CHECK(next.due == expected_due(scene, row.expected_due));
  CHECK(next.remaining_steps == row.expected_remaining);
  CHECK(next.interval_days == row.expected_interval);
  CHECK(next.ease == Approx(row.expected_ease).margin(1e-9));
  CHECK(next.reps == state.reps + 1);
  CHECK(next.last_review == scene.now);
  CHECK(next.lapses == 0);
  CHECK_FALSE(next.leech);
  CHECK_FALSE(next.suspended);
}

TEST_CASE("sm2: learning steps follow the deck's options", "[core][sm2]") {
  struct Row {
    const char* name;
    std::vector<int> steps;
    int remaining;  // 0: a new card
    Rating rating;
    Phase expected_phase;
    Due expected_due;
    int expected_remaining;
  };
  const auto row = GENERATE(values<Row>({
      {"one step, Hard: 1.5 times the step",
       {600},
       0,
       Rating::kHard,
       Phase::kLearning,
       in_seconds(900),
       1},
      {"one step, Good: graduates", {600}, 1, Rating::kGood, Phase::kReview, in_days(1), 0},
      {"three steps, Good on the second",
       {60, 600, 3600},
       2,
       Rating::kGood,
       Phase::kLearning,
       in_seconds(3600),
       1},
      {"three steps, Hard on the third",
       {60, 600, 3600},
       1,
       Rating::kHard,
       Phase::kLearning,
       in_seconds(3600),
       1},
      {"three steps, Again on the third",
       {60, 600, 3600},
       1,
       Rating::kAgain,
       Phase::kLearning,
       in_seconds(60),
       3},
      {"no steps, Again: graduates with the good interval",
       {},
       0,
       Rating::kAgain,
       Phase::kReview,
       in_days(1),
       0},
      {"no steps, Easy: graduates with the easy interval",
       {},
       0,
       Rating::kEasy,
       Phase::kReview,
       in_days(4),
       0},
  }));
  INFO(row.name);
  const Sm2Scene scene;
  DeckOptions options = exact_options();
  options.learn_steps_seconds = row.steps;
  CardState state;
  if (row.remaining > 0) {
    state.phase = Phase::kLearning;
    state.remaining_steps = row.remaining;
    state.due = scene.now;
  }
  const CardState next = sm2_next_state(state, row.rating, scene.time(), options);
  CHECK(next.phase == row.expected_phase);
  CHECK(next.due == expected_due(scene, row.expected_due));
  CHECK(next.remaining_steps == row.expected_remaining);
}

TEST_CASE("sm2: a learning step that reaches past the day start becomes a day due", "[core][sm2]") {
  Sm2Scene scene;
  scene.now = scene.day(1) - 5 * kMinuteMs;  // 03:55, still today in scheduler days
  CardState state;                           // new
  const CardState good = sm2_next_state(state, Rating::kGood, scene.time(), exact_options());
  CHECK(good.phase == Phase::kLearning);
  CHECK(good.remaining_steps == 1);
  CHECK(good.due == scene.day(1));  // tomorrow's start, not 04:05

  // The 1 minute of Again still fits before the day start and stays an exact instant.
  const CardState again = sm2_next_state(state, Rating::kAgain, scene.time(), exact_options());
  CHECK(again.due == scene.now + 60 * kSecondMs);

  // A 2-day step: (2 days - 5 min) / 1 day + 1 = 2 days after today.
  DeckOptions options = exact_options();
  options.learn_steps_seconds = {60, 2 * 86400};
  const CardState long_step = sm2_next_state(state, Rating::kGood, scene.time(), options);
  CHECK(long_step.due == scene.day(2));
}

TEST_CASE("sm2: review intervals match the worked examples of scheduling.md 2.5", "[core][sm2]") {
  struct Row {
    int scheduled;
    int elapsed;
    double ease;
    double hard_multiplier;
    int hard;
    int good;
    int easy;
  };
  const auto row = GENERATE(values<Row>({
      {1, 1, 2.5, 1.2, 2, 3, 4},
      {2, 2, 1.3, 1.2, 3, 4, 5},
      {8, 8, 2.5, 1.2, 10, 20, 26},
      {10, 10, 2.3, 1.2, 12, 23, 30},
      {10, 13, 2.5, 1.2, 12, 29, 42},  // 3 days late: Good gets half of it, Easy all
      {20, 20, 1.3, 1.2, 24, 26, 34},
      {30000, 30000, 2.5, 1.2, 36000, 36500, 36500},  // maximum interval
      {2, 2, 1.3, 0.1, 1, 3, 4},                      // low_hard_multiplier_does_not_pull_good_down
  }));
  INFO("scheduled " << row.scheduled << ", elapsed " << row.elapsed << ", ease " << row.ease
                    << ", hard multiplier " << row.hard_multiplier);
  const Sm2Scene scene;
  DeckOptions options = exact_options();
  options.hard_multiplier = row.hard_multiplier;
  const CardState state = scene.review_card(row.scheduled, row.elapsed, row.ease);

  struct Answer {
    Rating rating;
    int interval;
  };
  for (const Answer answer : {Answer{Rating::kHard, row.hard}, Answer{Rating::kGood, row.good},
                              Answer{Rating::kEasy, row.easy}}) {
    INFO(name_of(answer.rating));
    const CardState next = sm2_next_state(state, answer.rating, scene.time(), options);
    CHECK(next.phase == Phase::kReview);
    CHECK(next.interval_days == answer.interval);
    CHECK(next.due == scene.review_due(answer.interval));
    CHECK(next.remaining_steps == 0);
    CHECK(next.lapses == state.lapses);
    CHECK(next.reps == state.reps + 1);
    CHECK(next.last_review == scene.now);
  }
}

TEST_CASE("sm2: review intervals follow the deck's multipliers and maximum", "[core][sm2]") {
  struct Row {
    const char* name;
    int scheduled;
    int elapsed;
    double ease;
    double hard_multiplier;
    double interval_multiplier;
    double easy_multiplier;
    int maximum_interval;
    int hard;
    int good;
    int easy;
  };
  const auto row = GENERATE(values<Row>({
      // hard 9.6 -> 10 but at least 11; good 20; easy 32.5 * 0.8 = 26
      {"interval modifier 0.8", 10, 10, 2.5, 1.2, 0.8, 1.3, 36500, 11, 20, 26},
      // hard 24, good 50, easy 65
      {"interval modifier 2.0", 10, 10, 2.5, 1.2, 2.0, 1.3, 36500, 24, 50, 65},
      // easy 10 * 2.5 * 1.6 = 40
      {"easy bonus 1.6", 10, 10, 2.5, 1.2, 1.0, 1.6, 36500, 12, 25, 40},
      // hard 4; good 10.4 -> 10, but at least the old interval + 1 = 11; easy 13.52 -> 14
      {"hard multiplier <= 1: Good is still past the old interval", 10, 10, 1.3, 0.5, 0.8, 1.3,
       36500, 4, 11, 14},
      // hard 60, good 125 -> 100, easy -> 100
      {"maximum interval 100", 50, 50, 2.5, 1.2, 1.0, 1.3, 100, 60, 100, 100},
      // every button is capped, even below the old interval
      {"maximum interval below the old interval", 200, 200, 2.5, 1.2, 1.0, 1.3, 100, 100, 100, 100},
  }));
  INFO(row.name);
  const Sm2Scene scene;
  DeckOptions options = exact_options();
  options.hard_multiplier = row.hard_multiplier;
  options.interval_multiplier = row.interval_multiplier;
  options.easy_multiplier = row.easy_multiplier;
  options.maximum_interval = row.maximum_interval;
  const CardState state = scene.review_card(row.scheduled, row.elapsed, row.ease);
  const auto preview = sm2_preview(state, scene.time(), options);
  CHECK(preview[1].interval_days == row.hard);
  CHECK(preview[2].interval_days == row.good);
  CHECK(preview[3].interval_days == row.easy);
}

TEST_CASE("sm2: ease changes by button with a floor of 1.3", "[core][sm2]") {
  struct Row {
    double ease;
    Rating rating;
    double expected;
  };
  const auto row = GENERATE(values<Row>({
      {2.5, Rating::kAgain, 2.3},
      {2.5, Rating::kHard, 2.35},
      {2.5, Rating::kGood, 2.5},
      {2.5, Rating::kEasy, 2.65},
      {3.2, Rating::kEasy, 3.35},  // no ceiling
      {1.3, Rating::kAgain, 1.3},
      {1.3, Rating::kHard, 1.3},
      {1.3, Rating::kGood, 1.3},
      {1.3, Rating::kEasy, 1.45},
      {1.4, Rating::kAgain, 1.3},  // 1.2, floored
      {1.4, Rating::kHard, 1.3},   // 1.25, floored
      {1.5, Rating::kAgain, 1.3},
      {1.5, Rating::kHard, 1.35},
  }));
  INFO("ease " << row.ease << ", " << name_of(row.rating));
  const Sm2Scene scene;
  const CardState state = scene.review_card(10, 10, row.ease);
  const CardState next = sm2_next_state(state, row.rating, scene.time(), exact_options());
  CHECK(next.ease == Approx(row.expected).margin(1e-6));
  CHECK(next.ease >= kMinimumEase);
}

TEST_CASE("sm2: Again on a review card starts relearning", "[core][sm2]") {
  Sm2Scene scene;
  const DeckOptions options = exact_options();
  const CardState state = scene.review_card(10, 10, 2.5);

  const CardState lapsed = sm2_next_state(state, Rating::kAgain, scene.time(), options);
  CHECK(lapsed.phase == Phase::kRelearning);
  CHECK(lapsed.due == scene.now + 10 * kMinuteMs);
  CHECK(lapsed.remaining_steps == 1);
  CHECK(lapsed.lapses == state.lapses + 1);
  CHECK(lapsed.interval_days == 1);  // lapse multiplier 0, minimum 1
  CHECK(lapsed.ease == Approx(2.3).margin(1e-6));
  CHECK(lapsed.reps == state.reps + 1);
  CHECK(lapsed.last_review == scene.now);
  CHECK_FALSE(lapsed.leech);
  CHECK_FALSE(lapsed.suspended);

  SECTION("Good after the relearning step returns to review with the lapse interval") {
    scene.now = lapsed.due;
    const CardState next = sm2_next_state(lapsed, Rating::kGood, scene.time(), options);
    CHECK(next.phase == Phase::kReview);
    CHECK(next.interval_days == 1);
    CHECK(next.due == scene.review_due(1));
    CHECK(next.remaining_steps == 0);
    CHECK(next.lapses == lapsed.lapses);
    CHECK(next.ease == Approx(2.3).margin(1e-6));
  }
  SECTION("Easy in relearning returns to review with one day more") {
    scene.now = lapsed.due;
    const CardState next = sm2_next_state(lapsed, Rating::kEasy, scene.time(), options);
    CHECK(next.phase == Phase::kReview);
    CHECK(next.interval_days == 2);
    CHECK(next.due == scene.review_due(2));
  }
  SECTION("Again in relearning restarts the step but is not another lapse") {
    scene.now = lapsed.due;
    const CardState next = sm2_next_state(lapsed, Rating::kAgain, scene.time(), options);
    CHECK(next.phase == Phase::kRelearning);
    CHECK(next.due == scene.now + 10 * kMinuteMs);
    CHECK(next.lapses == lapsed.lapses);
    CHECK(next.ease == Approx(2.3).margin(1e-6));
    CHECK(next.interval_days == 1);
  }
  SECTION("Hard on the single relearning step waits 1.5 times the step") {
    scene.now = lapsed.due;
    const CardState next = sm2_next_state(lapsed, Rating::kHard, scene.time(), options);
    CHECK(next.phase == Phase::kRelearning);
    CHECK(next.due == scene.now + 15 * kMinuteMs);
    CHECK(next.remaining_steps == 1);
  }
}

TEST_CASE("sm2: relearning cards step through the deck's relearning steps", "[core][sm2]") {
  struct Row {
    const char* name;
    std::vector<int> steps;
    int interval;  // fixed when the card lapsed
    int remaining;
    Rating rating;
    Phase expected_phase;
    Due expected_due;
    int expected_interval;
  };
  const auto row = GENERATE(values<Row>({
      {"two steps, Good on the first",
       {600, 3600},
       3,
       2,
       Rating::kGood,
       Phase::kRelearning,
       in_seconds(3600),
       3},
      {"two steps, Hard on the first",
       {600, 3600},
       3,
       2,
       Rating::kHard,
       Phase::kRelearning,
       in_seconds(2100),
       3},
      {"two steps, Good on the last",
       {600, 3600},
       3,
       1,
       Rating::kGood,
       Phase::kReview,
       in_days(3),
       3},
      {"two steps, Easy on the first",
       {600, 3600},
       3,
       2,
       Rating::kEasy,
       Phase::kReview,
       in_days(4),
       4},
      {"no steps, any answer returns to review",
       {},
       5,
       0,
       Rating::kAgain,
       Phase::kReview,
       in_days(5),
       5},
  }));
  INFO(row.name);
  const Sm2Scene scene;
  DeckOptions options = exact_options();
  options.relearn_steps_seconds = row.steps;
  CardState state;
  state.phase = Phase::kRelearning;
  state.remaining_steps = row.remaining;
  state.interval_days = row.interval;
  state.ease = 2.0;
  state.lapses = 1;
  state.due = scene.now;
  const CardState next = sm2_next_state(state, row.rating, scene.time(), options);
  CHECK(next.phase == row.expected_phase);
  CHECK(next.due == expected_due(scene, row.expected_due));
  CHECK(next.interval_days == row.expected_interval);
  CHECK(next.lapses == 1);
}

TEST_CASE("sm2: the interval after a lapse follows the lapse options", "[core][sm2]") {
  struct Row {
    const char* name;
    int scheduled;
    double lapse_multiplier;
    int minimum_lapse_interval;
    int maximum_interval;
    int expected;
  };
  const auto row = GENERATE(values<Row>({
      {"defaults", 100, 0.0, 1, 36500, 1},
      {"half the interval", 10, 0.5, 1, 36500, 5},
      {"70 percent, rounded", 13, 0.7, 1, 36500, 9},  // 9.1
      {"minimum wins", 10, 0.5, 7, 36500, 7},
      {"maximum wins", 30000, 1.5, 1, 36500, 36500},
  }));
  INFO(row.name);
  const Sm2Scene scene;
  DeckOptions options = exact_options();
  options.lapse_multiplier = row.lapse_multiplier;
  options.minimum_lapse_interval = row.minimum_lapse_interval;
  options.maximum_interval = row.maximum_interval;
  const CardState state = scene.review_card(row.scheduled, row.scheduled, 2.5);
  const CardState lapsed = sm2_next_state(state, Rating::kAgain, scene.time(), options);
  CHECK(lapsed.phase == Phase::kRelearning);
  CHECK(lapsed.interval_days == row.expected);

  SECTION("without relearning steps the card goes straight back to review") {
    options.relearn_steps_seconds.clear();
    const CardState next = sm2_next_state(state, Rating::kAgain, scene.time(), options);
    CHECK(next.phase == Phase::kReview);
    CHECK(next.interval_days == row.expected);
    CHECK(next.due == scene.review_due(row.expected));
    CHECK(next.lapses == state.lapses + 1);
  }
}

TEST_CASE("sm2: a card becomes a leech at the threshold and every half threshold after",
          "[core][sm2]") {
  struct Row {
    int lapses_before;
    int threshold;
    LeechAction action;
    bool leech;
    bool suspended;
  };
  const auto row = GENERATE(values<Row>({
      {6, 8, LeechAction::kTagAndSuspend, false, false},   // 7th lapse
      {7, 8, LeechAction::kTagAndSuspend, true, true},     // 8th
      {8, 8, LeechAction::kTagAndSuspend, false, false},   // 9th
      {10, 8, LeechAction::kTagAndSuspend, false, false},  // 11th
      {11, 8, LeechAction::kTagAndSuspend, true, true},    // 12th: every ceil(8/2) = 4
      {15, 8, LeechAction::kTagAndSuspend, true, true},    // 16th
      {7, 8, LeechAction::kTagOnly, true, false},
      {11, 8, LeechAction::kTagOnly, true, false},
      {4, 5, LeechAction::kTagAndSuspend, true, true},  // 5th with threshold 5
      {7, 5, LeechAction::kTagAndSuspend, true, true},  // 8th: every ceil(5/2) = 3
      {6, 5, LeechAction::kTagAndSuspend, false, false},
      {0, 1, LeechAction::kTagAndSuspend, true, true},     // threshold 1: every lapse
      {99, 0, LeechAction::kTagAndSuspend, false, false},  // 0 disables
  }));
  INFO("lapse " << row.lapses_before + 1 << ", threshold " << row.threshold << ", "
                << (row.action == LeechAction::kTagOnly ? "tag only" : "tag and suspend"));
  const Sm2Scene scene;
  DeckOptions options = exact_options();
  options.leech_threshold = row.threshold;
  options.leech_action = row.action;
  CardState state = scene.review_card(10, 10, 1.3);
  state.lapses = row.lapses_before;
  const CardState next = sm2_next_state(state, Rating::kAgain, scene.time(), options);
  CHECK(next.lapses == row.lapses_before + 1);
  CHECK(next.leech == row.leech);
  CHECK(next.suspended == row.suspended);
}

TEST_CASE("sm2: only Again marks a leech", "[core][sm2]") {
  const Sm2Scene scene;
  CardState state = scene.review_card(10, 10, 2.5);
  state.lapses = 7;
  const Rating rating = GENERATE(Rating::kHard, Rating::kGood, Rating::kEasy);
  INFO(name_of(rating));
  const CardState next = sm2_next_state(state, rating, scene.time(), exact_options());
  CHECK(next.lapses == 7);
  CHECK_FALSE(next.leech);
  CHECK_FALSE(next.suspended);
}

TEST_CASE("sm2: preview gives the outcome of each button in rating order", "[core][sm2]") {
  const Sm2Scene scene;
  const DeckOptions options = exact_options();
  const CardState state = scene.review_card(8, 8, 2.5);
  const auto preview = sm2_preview(state, scene.time(), options);
  for (const Rating rating : {Rating::kAgain, Rating::kHard, Rating::kGood, Rating::kEasy}) {
    INFO(name_of(rating));
    CHECK(preview[static_cast<int>(rating) - 1] ==
          sm2_next_state(state, rating, scene.time(), options));
  }
  CHECK(preview[0].phase == Phase::kRelearning);
  CHECK(preview[1].interval_days == 10);
  CHECK(preview[2].interval_days == 20);
  CHECK(preview[3].interval_days == 26);
}

TEST_CASE("sm2: review answers keep their order and bounds over many states",
          "[core][sm2][property]") {
  const Sm2Scene scene;
  const TimestampMs next_day_start = scene.calendar.next_day_start(scene.now);
  for (const int scheduled :
       {0, 1, 2, 3, 4, 5, 7, 10, 15, 21, 30, 45, 60, 100, 365, 1000, 9999, 30000, 36500}) {
    for (const int elapsed : {0, scheduled / 2, scheduled, scheduled + 1, scheduled + 5,
                              2 * scheduled + 3, scheduled + 400}) {
      for (const double ease : {1.3, 1.31, 1.5, 1.85, 2.5, 2.65, 3.3, 5.0}) {
        for (const double hard_multiplier : {1.2, 1.0, 0.5, 1.5}) {
          for (const double interval_multiplier : {1.0, 0.6, 1.7}) {
            for (const int maximum_interval : {36500, 180}) {
              DeckOptions options = exact_options();
              options.hard_multiplier = hard_multiplier;
              options.interval_multiplier = interval_multiplier;
              options.maximum_interval = maximum_interval;
              const CardState state = scene.review_card(scheduled, elapsed, ease);
              const auto preview = sm2_preview(state, scene.time(), options);
              INFO("scheduled " << scheduled << ", elapsed " << elapsed << ", ease " << ease
                                << ", HM " << hard_multiplier << ", IM " << interval_multiplier
                                << ", max " << maximum_interval);
              const int hard = preview[1].interval_days;
              const int good = preview[2].interval_days;
              const int easy = preview[3].interval_days;
              REQUIRE(hard <= good);
              REQUIRE(good <= easy);
              REQUIRE(good >= std::min(scheduled + 1, maximum_interval));
              if (hard_multiplier > 1.0) {
                // Each button at least one day past the previous one, up to the maximum.
                REQUIRE(hard >= std::min(scheduled + 1, maximum_interval));
                REQUIRE(good >= std::min(hard + 1, maximum_interval));
                REQUIRE(easy >= std::min(good + 1, maximum_interval));
              }
              for (const CardState& next : preview) {
                REQUIRE(next.ease >= kMinimumEase);
                REQUIRE(next.interval_days >= 1);
                REQUIRE(next.interval_days <= maximum_interval);
              }
              for (int i = 1; i < 4; ++i) {
                REQUIRE(preview[i].phase == Phase::kReview);
                REQUIRE(preview[i].due >= next_day_start);
                REQUIRE(preview[i].due == scene.review_due(preview[i].interval_days));
              }
              REQUIRE(preview[0].phase == Phase::kRelearning);
              REQUIRE(preview[0].due > scene.now);
            }
          }
        }
      }
    }
  }
}

TEST_CASE("sm2: random review histories keep the scheduler's invariants", "[core][sm2][property]") {
  const Sm2Scene scene;
  DeckOptions three_steps = exact_options();
  three_steps.learn_steps_seconds = {60, 600, 3600};
  three_steps.relearn_steps_seconds = {300, 1800};
  three_steps.maximum_interval = 200;
  three_steps.lapse_multiplier = 0.3;
  const DeckOptions options = GENERATE_COPY(values<DeckOptions>({exact_options(), three_steps}));

  std::mt19937 random(20260511);
  std::uniform_int_distribution<int> pick_rating(1, 4);
  std::uniform_int_distribution<int> pick_hours_late(0, 72);
  for (int card = 0; card < 100; ++card) {
    CardState state;
    TimestampMs now = scene.now;
    bool graduated = false;
    for (int answer = 0; answer < 60; ++answer) {
      const Rating rating = static_cast<Rating>(pick_rating(random));
      now = std::max(now, state.due) + pick_hours_late(random) * kHourMs;
      const AnswerContext time{now, scene.calendar};
      const CardState next = sm2_next_state(state, rating, time, options);
      INFO("card " << card << ", answer " << answer << ": " << name_of(rating) << " on a "
                   << to_string(state.phase) << " card");
      REQUIRE(next.reps == state.reps + 1);
      REQUIRE(next.last_review == now);
      const bool lapse = state.phase == Phase::kReview && rating == Rating::kAgain;
      REQUIRE(next.lapses == state.lapses + (lapse ? 1 : 0));
      if (lapse) REQUIRE(next.phase == Phase::kRelearning);
      graduated = graduated || next.phase == Phase::kReview;
      if (graduated) REQUIRE(next.ease >= kMinimumEase);
      switch (next.phase) {
        case Phase::kNew:
          FAIL("an answered card is new again");
          break;
        case Phase::kReview: {
          REQUIRE(next.interval_days >= 1);
          REQUIRE(next.interval_days <= options.maximum_interval);
          REQUIRE(next.remaining_steps == 0);
          REQUIRE(next.due >= scene.calendar.next_day_start(now));
          const std::int64_t today = scene.calendar.day_number(now);
          REQUIRE(scene.calendar.day_number(next.due) == today + next.interval_days);
          break;
        }
        case Phase::kLearning:
          REQUIRE(next.due > now);
          REQUIRE(next.remaining_steps >= 1);
          REQUIRE(next.remaining_steps <= static_cast<int>(options.learn_steps_seconds.size()));
          break;
        case Phase::kRelearning:
          REQUIRE(next.due > now);
          REQUIRE(next.remaining_steps >= 1);
          REQUIRE(next.remaining_steps <= static_cast<int>(options.relearn_steps_seconds.size()));
          REQUIRE(next.interval_days >= 1);
          break;
      }
      state = next;
    }
  }
}

TEST_CASE("sm2: the same answer at the same time gives the same state", "[core][sm2]") {
  const Sm2Scene scene;
  const CardState state = scene.review_card(30, 34, 2.1);
  const Rating rating = GENERATE(Rating::kAgain, Rating::kHard, Rating::kGood, Rating::kEasy);
  INFO(name_of(rating));
  const CardState first = sm2_next_state(state, rating, scene.time(), exact_options());
  const CardState second = sm2_next_state(state, rating, scene.time(), exact_options());
  CHECK(first == second);
  CHECK_FALSE(first == state);
}

}  // namespace
}  // namespace kioku
