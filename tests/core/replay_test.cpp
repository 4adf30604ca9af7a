// Tests for the replay loop (core/replay.hpp): a history replayed gives what answering it live
// through next_state gave, whether card by card or interleaved, and the step hook sees each
// answer with the states around it.
#include "core/replay.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

using test::TimeZoneGuard;

struct ReplayScene {
  TimeZoneGuard zone{"UTC"};
  DayCalendar calendar;
  DeckOptions options;
  TimestampMs start = calendar.day_start(days_from_civil(2026, 5, 11)) + 8 * 3600 * 1000;

  std::vector<PastAnswer> history() const {
    return {{start, {Rating::kGood, {}}},
            {start + 10 * 60 * 1000, {Rating::kGood, {}}},
            {start + 2 * kMillisecondsPerDay, {Rating::kAgain, {}}},
            // The clock was put back: counts as answered with no time elapsed.
            {start + kMillisecondsPerDay, {Rating::kHard, {}}},
            {start + 5 * kMillisecondsPerDay, {Rating::kEasy, {}}}};
  }

  // What answering live gave: next_state after next_state from a new card.
  CardState live(std::int64_t card_id, const std::vector<PastAnswer>& answers) const {
    CardState state;
    for (const PastAnswer& answer : answers) {
      state =
          next_state(state, answer.answer, AnswerContext{answer.time, calendar, card_id}, options);
    }
    return state;
  }
};

TEST_CASE("replay: a history gives the state answering it live gave, for every algorithm",
          "[core][replay]") {
  ReplayScene scene;
  scene.options.algorithm = GENERATE(Algorithm::kSm2, Algorithm::kSm2Classic, Algorithm::kFsrs);
  const Replay replay(scene.options, scene.calendar);
  const CardState replayed = replay.history(77, scene.history());
  CHECK(replayed == scene.live(77, scene.history()));
  CHECK(replayed.reps == 5);
  CHECK(replay.history(77, {}) == CardState{});
}

TEST_CASE("replay: the card's id seeds the fuzz, as it does live", "[core][replay]") {
  ReplayScene scene;
  scene.options.fuzz = true;
  const Replay replay(scene.options, scene.calendar);
  std::vector<PastAnswer> long_history;
  for (int day = 0; day < 200; day += 1 + day) {
    long_history.push_back({scene.start + day * kMillisecondsPerDay, {Rating::kGood, {}}});
  }
  CHECK(replay.history(1, long_history) == scene.live(1, long_history));
  CHECK(replay.history(2, long_history) == scene.live(2, long_history));
}

TEST_CASE("replay: interleaved cards replayed answer by answer match each card's history",
          "[core][replay]") {
  ReplayScene scene;
  const Replay replay(scene.options, scene.calendar);
  const auto history = scene.history();
  ReplayedCard first{1, {}};
  ReplayedCard second{2, {}};
  for (const PastAnswer& answer : history) {
    replay.apply(first, answer);
    replay.apply(second, PastAnswer{answer.time + 1000, answer.answer});
  }
  std::vector<PastAnswer> shifted;
  for (const PastAnswer& answer : history) shifted.push_back({answer.time + 1000, answer.answer});
  CHECK(first.state == replay.history(1, history));
  CHECK(second.state == replay.history(2, shifted));
}

TEST_CASE("replay: the step hook sees every answer with the state before and after it",
          "[core][replay]") {
  ReplayScene scene;
  const Replay replay(scene.options, scene.calendar);
  const auto history = scene.history();
  std::vector<CardState> befores;
  std::vector<CardState> afters;
  std::vector<Rating> ratings;
  const CardState last = replay.history(
      5, history, [&](const CardState& before, const PastAnswer& answer, const CardState& after) {
        befores.push_back(before);
        ratings.push_back(answer.answer.rating);
        afters.push_back(after);
      });
  REQUIRE(afters.size() == history.size());
  CHECK(befores.front() == CardState{});
  for (std::size_t i = 1; i < history.size(); ++i) CHECK(befores[i] == afters[i - 1]);
  CHECK(afters.back() == last);
  CHECK(ratings == std::vector<Rating>{Rating::kGood, Rating::kGood, Rating::kAgain, Rating::kHard,
                                       Rating::kEasy});
}

TEST_CASE(
    "replay: an imported card starts from its imported state and FSRS memory comes from its "
    "answers",
    "[core][replay]") {
  ReplayScene scene;
  CardState imported;
  imported.phase = Phase::kReview;
  imported.interval_days = 30;
  imported.ease = 2.3;
  imported.due = scene.start + 40 * kMillisecondsPerDay;
  const std::vector<PastAnswer> answers = scene.history();
  // SM-2: the imported state as it is.
  CHECK(Replay(scene.options, scene.calendar).imported_start(7, imported, answers) == imported);
  // FSRS: the memory FSRS gives the answers, the schedule untouched.
  scene.options.algorithm = Algorithm::kFsrs;
  const Replay replay(scene.options, scene.calendar);
  const CardState start = replay.imported_start(7, imported, answers);
  const CardState replayed = replay.history(7, answers);
  CHECK(start.stability == replayed.stability);
  CHECK(start.difficulty == replayed.difficulty);
  CHECK(start.stability > 0.0);
  CHECK(start.interval_days == 30);
  CHECK(start.due == imported.due);
  // Anki's own memory is kept; a new card or one without answers has none to make.
  CardState remembered = imported;
  remembered.stability = 12.5;
  remembered.difficulty = 6.0;
  CHECK(replay.imported_start(7, remembered, answers) == remembered);
  CHECK(replay.imported_start(7, imported, {}) == imported);
  CHECK(replay.imported_start(7, CardState{}, answers) == CardState{});
}

}  // namespace
}  // namespace kioku
