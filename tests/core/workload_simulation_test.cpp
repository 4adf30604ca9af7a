// The workload simulation (core/workload_simulation.hpp): it follows the scheduler's own dues,
// keeps the daily limits, counts what a learner who never forgets knows, is deterministic for a
// seed, and costs more reviews the higher the retention asked for.
#include "core/workload_simulation.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "core/error.hpp"
#include "core/scheduler.hpp"
#include "tests/core/progress_record.hpp"
#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

using Catch::Detail::Approx;

// 2026-06-01 10:00 UTC: 06:00 of scheduler day 1 June in UTC with the day starting at 04:00.
constexpr TimestampMs kSimulationStart = 1780308000000;

std::vector<SimulationCard> new_cards(int count) {
  std::vector<SimulationCard> cards;
  for (int index = 0; index < count; ++index) cards.push_back({index + 1, {}, std::nullopt, 0});
  return cards;
}

// SM-2 without steps or fuzz: each answer is one review, its interval exactly the scheduler's.
DeckOptions plain_sm2() {
  DeckOptions options;
  options.fuzz = false;
  options.learn_steps_seconds.clear();
  options.relearn_steps_seconds.clear();
  return options;
}

// A learner who never forgets: every first stability at the model's most.
FsrsParameters<double> perfect_memory() {
  FsrsParameters<double> learner = kFsrsDefaultWeights;
  for (int index = 0; index < 4; ++index) learner[index] = 36'500.0;
  return learner;
}

TEST_CASE("workload simulation: one card is reviewed on exactly the days the scheduler gives",
          "[core][simulate]") {
  const test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  WorkloadSettings settings;
  settings.days = 120;
  settings.new_per_day = 1;
  settings.scheduler = plain_sm2();
  settings.learner = perfect_memory();
  settings.shares.first = {0, 0, 1, 0};  // always Good
  settings.shares.recalled = {0, 1, 0};  // always Good
  const std::vector<SimulationCard> cards = new_cards(1);
  const WorkloadSimulation run = simulate_workload(cards, settings, calendar, kSimulationStart);

  // The days it should be answered: from next_state itself, Good each time, at 06:00.
  std::set<int> expected = {0};
  CardState state;
  TimestampMs at = kSimulationStart;
  for (;;) {
    state = next_state(state, Answer{Rating::kGood, std::nullopt}, AnswerContext{at, calendar, 1},
                       settings.scheduler);
    const auto day =
        static_cast<int>(calendar.day_number(state.due) - calendar.day_number(kSimulationStart));
    if (day >= settings.days) break;
    expected.insert(day);
    at = calendar.day_start(calendar.day_number(kSimulationStart) + day) + 2 * 3'600'000;
  }
  REQUIRE(expected.size() >= 4);  // 0, 1, then growing intervals

  REQUIRE(run.days.size() == 120);
  for (int day = 0; day < settings.days; ++day) {
    INFO("day " << day);
    const SimulatedDay& today = run.days[static_cast<std::size_t>(day)];
    CHECK(today.new_cards == (day == 0 ? 1 : 0));
    CHECK(today.reviews == (day != 0 && expected.count(day) ? 1 : 0));
    CHECK(today.lapses == 0);
    // Never forgotten: the one card is known from its first day.
    CHECK(today.known == Approx(1.0).epsilon(1e-3));
  }
  const double seconds = settings.seconds.first[2] +
                         settings.seconds.later[2] * static_cast<double>(expected.size() - 1);
  CHECK(run.seconds == Approx(seconds));
  CHECK(run.reviews == static_cast<std::int64_t>(expected.size() - 1));
  CHECK(run.known_at_end == Approx(1.0).epsilon(1e-3));
  CHECK(run.seconds_per_known == Approx(seconds / run.known_at_end));
}

TEST_CASE("workload simulation: the daily limits hold, and what waits is reviewed later",
          "[core][simulate]") {
  const test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  WorkloadSettings settings;
  settings.days = 60;
  settings.new_per_day = 50;
  settings.scheduler = plain_sm2();
  settings.seed = 7;
  const std::vector<SimulationCard> cards = new_cards(400);

  settings.reviews_per_day = 10'000;
  const WorkloadSimulation free = simulate_workload(cards, settings, calendar, kSimulationStart);
  settings.reviews_per_day = 30;
  const WorkloadSimulation limited = simulate_workload(cards, settings, calendar, kSimulationStart);

  std::int64_t introduced = 0;
  bool limit_reached = false;
  for (const SimulatedDay& day : limited.days) {
    CHECK(day.new_cards <= 50);
    CHECK(day.reviews <= 30);  // no steps: every review answer counts against the limit
    limit_reached = limit_reached || day.reviews == 30;
    introduced += day.new_cards;
  }
  CHECK(limit_reached);
  CHECK(introduced == 400);  // 8 days of 50
  CHECK(limited.days[7].new_cards == 50);
  CHECK(limited.days[8].new_cards == 0);
  // Without the limit some day has more than 30 reviews; with it the same work takes longer.
  std::int64_t busiest = 0;
  for (const SimulatedDay& day : free.days) busiest = std::max(busiest, day.reviews);
  CHECK(busiest > 30);
  CHECK(limited.reviews < free.reviews);

  // No new cards and no reviews: nothing happens and nothing is known.
  settings.new_per_day = 0;
  const WorkloadSimulation idle = simulate_workload(cards, settings, calendar, kSimulationStart);
  CHECK(idle.reviews == 0);
  CHECK(idle.seconds == 0.0);
  CHECK(idle.known_at_end == 0.0);
  CHECK(std::isinf(idle.seconds_per_known));
}

TEST_CASE("workload simulation: a seed gives the same run, another seed another",
          "[core][simulate]") {
  const test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  WorkloadSettings settings;
  settings.days = 90;
  settings.scheduler.algorithm = Algorithm::kFsrs;
  const std::vector<SimulationCard> cards = new_cards(300);
  settings.seed = 3;
  const WorkloadSimulation first = simulate_workload(cards, settings, calendar, kSimulationStart);
  const WorkloadSimulation again = simulate_workload(cards, settings, calendar, kSimulationStart);
  settings.seed = 4;
  const WorkloadSimulation other = simulate_workload(cards, settings, calendar, kSimulationStart);
  CHECK(first.reviews == again.reviews);
  CHECK(first.seconds == again.seconds);
  CHECK(first.known_at_end == again.known_at_end);
  CHECK(first.days.size() == 90);
  CHECK(first.desired_retention == 0.9);
  std::int64_t lapses = 0;
  for (const SimulatedDay& day : first.days) lapses += day.lapses;
  CHECK(lapses > 0);  // the default learner forgets sometimes
  CHECK((other.reviews != first.reviews || other.seconds != first.seconds));
}

TEST_CASE("workload simulation: a higher retention costs more reviews, and the sweep's minimum",
          "[core][simulate]") {
  const test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  WorkloadSettings settings;
  settings.days = 365;
  settings.new_per_day = 10;
  settings.reviews_per_day = 100'000;
  const std::vector<SimulationCard> cards = new_cards(2'000);
  const std::vector<double> retentions = {0.75, 0.85, 0.95};
  const RetentionSweep sweep =
      sweep_retention(cards, settings, retentions, calendar, kSimulationStart);
  REQUIRE(sweep.runs.size() == 3);
  CHECK(sweep.runs[0].reviews < sweep.runs[1].reviews);
  CHECK(sweep.runs[1].reviews < sweep.runs[2].reviews);
  CHECK(sweep.runs[0].known_at_end < sweep.runs[2].known_at_end);
  std::size_t least = 0;
  for (std::size_t index = 1; index < 3; ++index) {
    if (sweep.runs[index].seconds_per_known < sweep.runs[least].seconds_per_known) least = index;
  }
  CHECK(sweep.minimum_recommended == retentions[least]);
  for (const WorkloadSimulation& run : sweep.runs) CHECK(run.days.size() == 365);

  const std::vector<double> grid = retention_grid();
  CHECK(grid.size() == 26);
  CHECK(grid.front() == 0.70);
  CHECK(grid.back() == Approx(0.95));
}

TEST_CASE("workload simulation: a deck's runs report their days as one rising stage",
          "[core][simulate]") {
  const test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  WorkloadRequest request;
  request.new_cards = 50;
  request.settings.days = 30;
  request.settings.scheduler.algorithm = Algorithm::kFsrs;
  request.retentions = {0.8, 0.9};
  test::ProgressRecord record;
  const WorkloadReport reported =
      simulate_deck(request, calendar, kSimulationStart, record.report());
  CHECK(reported.runs[1].reviews ==
        simulate_deck(request, calendar, kSimulationStart).runs[1].reviews);
  CHECK(record.rises_from_zero_to_one());
  CHECK(record.all_in(WorkStage::kSimulating));
  // Each of the 2 + 26 runs reports before each of its days and at its end.
  const std::size_t runs = request.retentions.size() + retention_grid().size();
  CHECK(record.fractions.size() == runs * (30 + 1));

  test::ProgressRecord cancelled;
  cancelled.cancel_after = 40;  // in the second run
  CHECK_THROWS_AS(simulate_deck(request, calendar, kSimulationStart, cancelled.report()),
                  WorkCancelled);
  CHECK(cancelled.fractions.size() == 40);

  // SM-2: one run.
  request.settings.scheduler.algorithm = Algorithm::kSm2;
  test::ProgressRecord sm2;
  simulate_deck(request, calendar, kSimulationStart, sm2.report());
  CHECK(sm2.rises_from_zero_to_one());
  CHECK(sm2.fractions.size() == 31);
}

TEST_CASE("workload simulation: a card from its history, and the learner's answer times",
          "[core][simulate]") {
  const test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const std::int64_t day = 86'400'000;
  const std::vector<PastAnswer> history = {
      {kSimulationStart, {Rating::kGood, std::nullopt}},
      {kSimulationStart + 3 * day, {Rating::kAgain, std::nullopt}},
      {kSimulationStart + 5 * day, {Rating::kEasy, std::nullopt}}};
  DeckOptions options;
  options.algorithm = Algorithm::kFsrs;
  const SimulationCard card =
      simulation_card(9, StudiedCard{.answers = history}, options, kFsrsDefaultWeights, calendar);
  CHECK(card.state == Replay(options, calendar).history(9, history));
  MemoryState<double> memory = fsrs_first_memory(Rating::kGood, kFsrsDefaultWeights);
  memory = fsrs_next_memory(memory, 3, Rating::kAgain, kFsrsDefaultWeights);
  memory = fsrs_next_memory(memory, 2, Rating::kEasy, kFsrsDefaultWeights);
  REQUIRE(card.memory);
  CHECK(card.memory->stability == Approx(memory.stability));
  CHECK(card.memory->difficulty == Approx(memory.difficulty));
  CHECK(card.last_answer_day == calendar.day_number(kSimulationStart + 5 * day));

  std::vector<TimedAnswer> answers;
  for (int index = 0; index < kMinimumTimedAnswers; ++index) {
    answers.push_back({false, Rating::kGood, 4'000 + 100 * index});  // mean 4.95 s
    answers.push_back({true, Rating::kAgain, 30'000});
  }
  answers.push_back({false, Rating::kHard, 1'000});  // one is not enough to count
  answers.push_back({false, Rating::kEasy, 0});      // no duration: not counted
  const AnswerSeconds seconds = answer_seconds(answers);
  const AnswerSeconds defaults;
  CHECK(seconds.later[2] == Approx(4.95));
  CHECK(seconds.first[0] == Approx(30.0));
  CHECK(seconds.later[1] == defaults.later[1]);
  CHECK(seconds.later[3] == defaults.later[3]);
  CHECK(seconds.first[2] == defaults.first[2]);
}

TEST_CASE("workload simulation: an imported card replays from its imported state and remembers all",
          "[core][simulate]") {
  const test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const std::int64_t day = 86'400'000;
  // Two answers given in Anki, then the state Anki had (a 30-day review it set by hand, which
  // the answers alone do not give), then one answer given in kioku.
  const std::vector<PastAnswer> answers = {
      {kSimulationStart - 40 * day, {Rating::kGood, std::nullopt}},
      {kSimulationStart - 36 * day, {Rating::kGood, std::nullopt}},
      {kSimulationStart, {Rating::kGood, std::nullopt}}};
  CardState imported;
  imported.phase = Phase::kReview;
  imported.interval_days = 30;
  imported.ease = 2.3;
  imported.reps = 2;
  imported.last_review = kSimulationStart - 36 * day;
  imported.due = kSimulationStart - 6 * day;
  const DeckOptions options;
  const Replay replay(options, calendar);
  const SimulationCard card = simulation_card(
      9, StudiedCard{.answers = answers, .imported = imported, .imported_answers = 2}, options,
      kFsrsDefaultWeights, calendar);
  const CardState expected = replay.history(9, imported, {answers[2]});
  CHECK(card.state == expected);
  CHECK(card.state != replay.history(9, answers));
  CHECK(card.state.interval_days > 30);
  // The learner remembers every answer, Anki's too.
  MemoryState<double> memory = fsrs_first_memory(Rating::kGood, kFsrsDefaultWeights);
  memory = fsrs_next_memory(memory, 4, Rating::kGood, kFsrsDefaultWeights);
  memory = fsrs_next_memory(memory, 36, Rating::kGood, kFsrsDefaultWeights);
  REQUIRE(card.memory);
  CHECK(card.memory->stability == Approx(memory.stability));
  CHECK(card.memory->difficulty == Approx(memory.difficulty));
  CHECK(card.last_answer_day == calendar.day_number(kSimulationStart));

  // Without answers: the imported state's own schedule, and a memory from it.
  const SimulationCard bare = simulation_card(10, StudiedCard{.answers = {}, .imported = imported},
                                              options, kFsrsDefaultWeights, calendar);
  CHECK(bare.state == replay.history(10, imported, {}));
  REQUIRE(bare.memory);
  CHECK(bare.memory->stability == Approx(30.0));
  CHECK(bare.memory->difficulty == Approx(5.0));
  CHECK(bare.last_answer_day == calendar.day_number(kSimulationStart - 36 * day));
  CardState with_memory = imported;
  with_memory.stability = 41.5;
  with_memory.difficulty = 6.25;
  with_memory.last_review = 0;
  const SimulationCard remembered =
      simulation_card(11, StudiedCard{.answers = {}, .imported = with_memory}, options,
                      kFsrsDefaultWeights, calendar);
  REQUIRE(remembered.memory);
  CHECK(remembered.memory->stability == Approx(41.5));
  CHECK(remembered.memory->difficulty == Approx(6.25));
  // No answer known: its due less its interval.
  CHECK(remembered.last_answer_day == calendar.day_number(kSimulationStart - 36 * day));
}

TEST_CASE("workload simulation: days and limits out of range are refused", "[core][simulate]") {
  const DayCalendar calendar(4);
  WorkloadSettings settings;
  settings.days = 0;
  CHECK_THROWS_AS(simulate_workload({}, settings, calendar, kSimulationStart), Error);
  settings.days = 36'501;
  CHECK_THROWS_AS(simulate_workload({}, settings, calendar, kSimulationStart), Error);
  settings.days = 10;
  settings.new_per_day = -1;
  CHECK_THROWS_AS(simulate_workload({}, settings, calendar, kSimulationStart), Error);
}

}  // namespace
}  // namespace kioku
