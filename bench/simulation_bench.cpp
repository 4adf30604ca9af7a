// The workload simulation's speed (issue 16: "a one-year simulation of 10,000 cards <= 1 s"):
// one FSRS year of a 10,000-card deck, every card studied before (three answers each, spread
// over the two months before), 20 new cards a day on top; and the 26-run sweep behind the
// minimum recommended retention on the same deck. The zone is pinned, as in the scheduler bench.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <ctime>
#include <vector>

#include "core/workload_simulation.hpp"

namespace {

using namespace kioku;

constexpr TimestampMs kStart = 1767225600000;  // 2026-01-01T00:00Z
constexpr std::int64_t kDay = kMillisecondsPerDay;
constexpr int kCards = 10'000;

std::vector<SimulationCard> deck(const WorkloadSettings& settings, const DayCalendar& calendar) {
  std::vector<SimulationCard> cards;
  cards.reserve(kCards + 365 * 20);
  for (int index = 0; index < kCards; ++index) {
    const TimestampMs first = kStart - (60 - index % 60) * kDay;
    const std::vector<PastAnswer> history = {
        {first, {Rating::kGood, std::nullopt}},
        {first + kDay, {index % 7 == 0 ? Rating::kAgain : Rating::kGood, std::nullopt}},
        {first + 4 * kDay, {Rating::kGood, std::nullopt}}};
    cards.push_back(simulation_card(index + 1, StudiedCard{.answers = history}, settings.scheduler,
                                    settings.learner, calendar));
  }
  for (int index = 0; index < 365 * 20; ++index) {
    cards.push_back({kCards + index + 1, {}, std::nullopt, 0});
  }
  return cards;
}

WorkloadSettings year() {
  WorkloadSettings settings;
  settings.scheduler.algorithm = Algorithm::kFsrs;
  settings.days = 365;
  return settings;
}

void one_year(benchmark::State& state) {
  const DayCalendar calendar(4);
  const WorkloadSettings settings = year();
  const std::vector<SimulationCard> cards = deck(settings, calendar);
  std::int64_t reviews = 0;
  for (auto _ : state) {
    const WorkloadSimulation run = simulate_workload(cards, settings, calendar, kStart);
    reviews = run.reviews;
    benchmark::DoNotOptimize(run);
  }
  state.counters["reviews"] = static_cast<double>(reviews);
  state.SetLabel("one simulated year of 10,000 studied cards + 20 new a day");
}

void minimum_retention(benchmark::State& state) {
  const DayCalendar calendar(4);
  const WorkloadSettings settings = year();
  const std::vector<SimulationCard> cards = deck(settings, calendar);
  const std::vector<double> grid = retention_grid();
  for (auto _ : state) {
    benchmark::DoNotOptimize(sweep_retention(cards, settings, grid, calendar, kStart));
  }
  state.SetLabel("26 simulated years, desired retention 0.70 to 0.95");
}

BENCHMARK(one_year)->Unit(benchmark::kMillisecond);
BENCHMARK(minimum_retention)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  ::setenv("TZ", "UTC", 1);
  ::tzset();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
