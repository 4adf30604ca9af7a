// Scheduler throughput: answers (and button previews) per second for each algorithm through
// kioku::next_state, on a pool of cards whose histories mix new cards, learning steps, reviews
// and lapses, answered at or after their due times with a realistic spread of ratings.
// With TZ unset, glibc's mktime stats /etc/localtime on every call; kiokud and kioku pin the
// zone at start (pin_local_time_zone), and so does this benchmark, to measure the schedulers.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "core/scheduler.hpp"

namespace {

using namespace kioku;

constexpr std::size_t kCards = 1024;
// A card is replaced by a new one after this many answers, so the pool keeps a mix of new,
// learning, young and mature cards instead of drifting to the maximum interval.
constexpr int kRetireAfterReps = 30;
constexpr TimestampMs kStart = 1767225600000;  // 2026-01-01T00:00Z
constexpr std::int64_t kMinute = kMillisecondsPerMinute;

// Ratings and lateness drawn once, outside the timed loop. 4099 entries, prime, so a card
// does not see the same few entries every time round the pool.
struct Plan {
  std::vector<Rating> ratings;
  std::vector<std::int64_t> delays;  // how long after its due time a card is answered

  explicit Plan(std::size_t size) {
    std::mt19937_64 random(20260511);
    std::discrete_distribution<int> rating({12, 13, 60, 15});  // Again Hard Good Easy
    std::discrete_distribution<int> kind({70, 20, 10});
    for (std::size_t i = 0; i < size; ++i) {
      ratings.push_back(static_cast<Rating>(rating(random) + 1));
      switch (kind(random)) {
        case 0:  // during the session it became due
          delays.push_back(static_cast<std::int64_t>(random() % 120) * kMinute);
          break;
        case 1:  // a few days late
          delays.push_back(static_cast<std::int64_t>(1 + random() % 10) * kMillisecondsPerDay);
          break;
        default:  // back after a break
          delays.push_back(static_cast<std::int64_t>(30 + random() % 300) * kMillisecondsPerDay);
          break;
      }
    }
  }
  std::size_t size() const { return ratings.size(); }
};

const Plan& plan() {
  static const Plan instance(4099);
  return instance;
}

CardState fresh_card(TimestampMs now) {
  CardState card;
  card.due = now;
  return card;
}

// Answers the next card of the pool; `step` advances through the plan.
struct Pool {
  DeckOptions options;
  DayCalendar calendar;
  std::vector<CardState> cards = std::vector<CardState>(kCards, fresh_card(kStart));
  std::size_t next_card = 0;
  std::size_t step = 0;

  explicit Pool(Algorithm algorithm) { options.algorithm = algorithm; }

  // When the current card is answered: after its due time and at least a minute after the
  // previous answer.
  TimestampMs answer_time(const CardState& card) const {
    return std::max(card.due, card.last_review + kMinute) + plan().delays[step];
  }

  void answer() {
    CardState& card = cards[next_card];
    const TimestampMs now = answer_time(card);
    const AnswerContext context{now, calendar, static_cast<std::int64_t>(next_card) + 1};
    card = next_state(card, Answer{plan().ratings[step], std::nullopt}, context, options);
    if (card.reps >= kRetireAfterReps) card = fresh_card(now);
    advance();
  }

  void advance() {
    next_card = (next_card + 1) % kCards;
    step = (step + 1) % plan().size();
  }
};

void answers(benchmark::State& state, Algorithm algorithm) {
  Pool pool(algorithm);
  for (auto _ : state) {
    pool.answer();
    benchmark::DoNotOptimize(pool.cards[pool.next_card]);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("items/s = answers per second");
}

// The four outcomes the answer buttons show, for cards part-way through their histories.
void previews(benchmark::State& state, Algorithm algorithm) {
  Pool pool(algorithm);
  for (std::size_t i = 0; i < 12 * kCards; ++i) pool.answer();
  for (auto _ : state) {
    const CardState& card = pool.cards[pool.next_card];
    const AnswerContext context{pool.answer_time(card), pool.calendar,
                                static_cast<std::int64_t>(pool.next_card) + 1};
    benchmark::DoNotOptimize(preview(card, context, pool.options));
    pool.advance();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("items/s = previews (4 outcomes) per second");
}

BENCHMARK_CAPTURE(answers, sm2, Algorithm::kSm2);
BENCHMARK_CAPTURE(answers, sm2_classic, Algorithm::kSm2Classic);
BENCHMARK_CAPTURE(answers, fsrs, Algorithm::kFsrs);
BENCHMARK_CAPTURE(previews, sm2, Algorithm::kSm2);
BENCHMARK_CAPTURE(previews, sm2_classic, Algorithm::kSm2Classic);
BENCHMARK_CAPTURE(previews, fsrs, Algorithm::kFsrs);

}  // namespace

int main(int argc, char** argv) {
  kioku::pin_local_time_zone();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
