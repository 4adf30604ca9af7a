// Anki's v3 fuzz ranges (scheduling.md §2.6) and the determinism of the draw.
#include "core/fuzz.hpp"

#include <catch2/catch.hpp>
#include <set>

#include "core/answer_context.hpp"
#include "core/sm2.hpp"

using namespace kioku;

TEST_CASE("fuzz: ranges match Anki's examples", "[core][fuzz]") {
  struct Row {
    double interval;
    int minimum;
    int lowest;
    int highest;
  };
  const auto row = GENERATE(values<Row>({
      {1.0, 1, 1, 1},  // under 2.5 days nothing is fuzzed
      {2.5, 1, 2, 4},
      {7.0, 1, 5, 9},
      {17.0, 1, 14, 20},
      {20.0, 1, 17, 23},
      {37.0, 1, 33, 41},
      {100.0, 101, 101, 108},
  }));
  INFO("interval " << row.interval << " minimum " << row.minimum);
  const FuzzRange range = fuzz_range(row.interval, row.minimum, 36500);
  CHECK(range.lowest == row.lowest);
  CHECK(range.highest == row.highest);
}

TEST_CASE("fuzz: the maximum interval bounds the range", "[core][fuzz]") {
  const FuzzRange range = fuzz_range(36000.0, 1, 36500);
  CHECK(range.highest == 36500);
  CHECK(range.lowest < 36000);
}

TEST_CASE("fuzz: draws are deterministic - below 1 and cover the whole range", "[core][fuzz]") {
  std::set<int> seen;
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    const double factor = fuzz_factor(seed);
    REQUIRE(factor >= 0.0);
    REQUIRE(factor < 1.0);
    REQUIRE(factor == fuzz_factor(seed));
    const int day = fuzzed_interval(37.0, 1, 36500, factor);
    REQUIRE(day >= 33);
    REQUIRE(day <= 41);
    seen.insert(day);
  }
  CHECK(seen.size() == 9);  // every day of [33, 41] is drawn
}

TEST_CASE("fuzz: an SM-2 answer is fuzzed the same way for the same card and review count",
          "[core][fuzz][sm2]") {
  setenv("TZ", "UTC", 1);
  tzset();
  const DayCalendar calendar;
  const std::int64_t today = days_from_civil(2026, 5, 11);
  const TimestampMs now = calendar.day_start(today) + 8 * 3600 * 1000LL;
  CardState state;
  state.phase = Phase::kReview;
  state.interval_days = 20;
  state.ease = 2.5;
  state.reps = 5;
  state.due = calendar.day_start(today);
  const DeckOptions options;  // fuzz on by default
  REQUIRE(options.fuzz);
  std::set<int> intervals;
  for (std::int64_t card = 1; card <= 200; ++card) {
    const AnswerContext context{now, calendar, card};
    const CardState first = sm2_next_state(state, Rating::kGood, context, options);
    const CardState again = sm2_next_state(state, Rating::kGood, context, options);
    REQUIRE(first.interval_days == again.interval_days);
    // Good on a 20-day card with ease 2.5 is 50 days; fuzz keeps it within [46, 54].
    REQUIRE(first.interval_days >= 46);
    REQUIRE(first.interval_days <= 54);
    intervals.insert(first.interval_days);
  }
  CHECK(intervals.size() > 5);  // different cards spread over the range
}
