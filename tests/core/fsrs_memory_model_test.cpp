// The optimizer's generic FSRS-6 model against the scheduler's (core/fsrs.cpp), and its
// Dual<21> gradient against finite differences.
#include "core/fsrs_memory_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/card_state.hpp"
#include "core/day_calendar.hpp"
#include "core/deck_options.hpp"
#include "core/dual_number.hpp"
#include "core/fsrs.hpp"
#include "core/fsrs_training_loss.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/core/utc_instant.hpp"

namespace kioku {
namespace {

using test::TimeZoneGuard;

using test::kHistoryStart;

// Every intermediate of the scheduler is rounded to 8 decimals (ts-fsrs's roundTo), which the
// training model cannot do (its derivative is 0), so the two agree to the rounding's size. R is
// one of them: its 5e-9 becomes a relative error of 5e-9 / (1 - R) in e^(w10 (1 - R)) - 1,
// about 2e-7 a day after an answer at S = 17, hence 1e-6.
constexpr double kSchedulerRounding = 1e-6;

std::array<double, 21> altered_weights() {
  std::array<double, 21> w = kFsrsDefaultWeights;
  w[8] = 1.5;
  w[9] = 0.3;
  w[11] = 1.9;
  w[17] = 0.9;
  w[19] = 0.2;
  w[20] = 0.35;
  return w;
}

TEST_CASE("The training model's memory states are the scheduler's to its rounding",
          "[fsrs][optimizer]") {
  const TimeZoneGuard zone("UTC");
  const DayCalendar calendar;
  for (const std::array<double, 21>& w : {kFsrsDefaultWeights, altered_weights()}) {
    DeckOptions options;
    options.algorithm = Algorithm::kFsrs;
    options.fuzz = false;
    options.fsrs_weights = w;
    for (const double stability : {0.3, 2.3065, 17.0, 400.0}) {
      for (const double difficulty : {1.0, 4.2, 9.7}) {
        for (const int days : {0, 1, 3, 20, 365}) {
          for (int grade = 1; grade <= 4; ++grade) {
            const auto rating = static_cast<Rating>(grade);
            CardState card;
            card.phase = Phase::kReview;
            card.stability = stability;
            card.difficulty = difficulty;
            card.last_review = kHistoryStart;
            card.reps = 3;
            card.interval_days = 1;
            const CardState next = fsrs_next_state(
                card, rating,
                AnswerContext{kHistoryStart + days * kMillisecondsPerDay, calendar, 1}, options);
            const MemoryState<double> memory =
                fsrs_next_memory(MemoryState<double>{stability, difficulty}, days, rating, w);
            INFO("S " << stability << " D " << difficulty << " t " << days << " G " << grade);
            CHECK(memory.stability == Approx(next.stability).epsilon(kSchedulerRounding));
            CHECK(memory.difficulty == Approx(next.difficulty).epsilon(kSchedulerRounding));
          }
        }
      }
    }
    for (int grade = 1; grade <= 4; ++grade) {
      const auto rating = static_cast<Rating>(grade);
      const CardState first =
          fsrs_next_state(CardState{}, rating, AnswerContext{kHistoryStart, calendar, 1}, options);
      const MemoryState<double> memory = fsrs_first_memory(rating, w);
      CHECK(memory.stability == Approx(first.stability).epsilon(kSchedulerRounding));
      CHECK(memory.difficulty == Approx(first.difficulty).epsilon(kSchedulerRounding));
    }
    for (const double days : {1.0, 5.0, 40.0}) {
      CHECK(fsrs_recall_probability(days, 7.5, w) ==
            Approx(fsrs_retrievability(days, 7.5, w)).margin(1e-8));
    }
  }
}

TEST_CASE("Dual numbers carry derivatives through the model's functions", "[fsrs][optimizer]") {
  using Number = Dual<2>;
  const Number x = Number::variable(1.7, 0);
  const Number y = Number::variable(0.4, 1);
  const Number f = pow(x, y) * exp(y / x) - log(x + 2.0) + 3.0 / (x * y) - pow(2.0, y);
  const double fx = 0.4 * std::pow(1.7, -0.6) * std::exp(0.4 / 1.7) +
                    std::pow(1.7, 0.4) * std::exp(0.4 / 1.7) * (-0.4 / (1.7 * 1.7)) - 1.0 / 3.7 -
                    3.0 / (1.7 * 1.7 * 0.4);
  const double fy = std::pow(1.7, 0.4) * std::log(1.7) * std::exp(0.4 / 1.7) +
                    std::pow(1.7, 0.4) * std::exp(0.4 / 1.7) / 1.7 - 3.0 / (1.7 * 0.4 * 0.4) -
                    std::pow(2.0, 0.4) * std::log(2.0);
  CHECK(f.partials[0] == Approx(fx).epsilon(1e-12));
  CHECK(f.partials[1] == Approx(fy).epsilon(1e-12));
}

TrainingItem item_of(std::vector<TrainingReview> reviews) {
  return TrainingItem{std::move(reviews), 0};
}

TEST_CASE("The loss's gradient is the finite differences' to 1e-6", "[fsrs][optimizer]") {
  const std::vector<TrainingItem> items = {
      item_of({{Rating::kGood, 0}, {Rating::kGood, 3}}),
      item_of({{Rating::kAgain, 0}, {Rating::kGood, 0}, {Rating::kHard, 2}}),
      item_of({{Rating::kHard, 0},
               {Rating::kGood, 2},
               {Rating::kAgain, 9},
               {Rating::kGood, 0},
               {Rating::kGood, 4}}),
      item_of({{Rating::kEasy, 0}, {Rating::kEasy, 12}, {Rating::kGood, 40}}),
      item_of({{Rating::kGood, 0}, {Rating::kHard, 1}, {Rating::kEasy, 5}, {Rating::kAgain, 30}}),
      item_of({{Rating::kAgain, 0},
               {Rating::kAgain, 0},
               {Rating::kGood, 1},
               {Rating::kGood, 3},
               {Rating::kAgain, 6},
               {Rating::kHard, 0},
               {Rating::kGood, 2}}),
  };
  std::vector<double> weights;
  for (std::size_t i = 0; i < items.size(); ++i) weights.push_back(0.25 + 0.15 * i);
  const TrainingBatch batch = make_training_batch(items, weights);
  for (std::array<double, 21> w : {kFsrsDefaultWeights, altered_weights()}) {
    w[7] = 0.05;  // off its lower bound, so both sides of the difference are in range
    const Regularisation regularisation{kFsrsDefaultWeights, 1.0, 40};
    std::array<double, 21> gradient{};
    batch_loss(batch, w, regularisation, &gradient);
    for (std::size_t i = 0; i < 21; ++i) {
      const double step = 1e-6 * std::max(std::abs(w[i]), 1e-2);
      std::array<double, 21> up = w;
      std::array<double, 21> down = w;
      up[i] += step;
      down[i] -= step;
      const double difference = (batch_loss(batch, up, regularisation, nullptr) -
                                 batch_loss(batch, down, regularisation, nullptr)) /
                                (2.0 * step);
      INFO("w[" << i << "]");
      CHECK(std::abs(gradient[i] - difference) <= 1e-6 * std::max(std::abs(gradient[i]), 1e-2));
    }
  }
}

}  // namespace
}  // namespace kioku
