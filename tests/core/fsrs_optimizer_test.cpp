// The FSRS-6 optimizer (docs/fsrs-optimizer.md) on a simulated learner whose memory follows
// FSRS-6 with known parameters, and its small-data rules, determinism and ranges.
#include "core/fsrs_optimizer.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/cross_entropy.hpp"
#include "core/error.hpp"
#include "core/fsrs_memory_model.hpp"
#include "core/fsrs_parameter_ranges.hpp"
#include "core/fsrs_pretraining.hpp"
#include "tests/core/progress_record.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/core/utc_instant.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;
using test::kHourMs;

using test::TimeZoneGuard;

using test::kHistoryStart;

// A learner who forgets more slowly at first, faster later, and whose curve is steeper than
// the defaults'.
constexpr std::array<double, 21> kTrueParameters = {0.6,  1.8,  4.5,  14.0, 7.0, 0.6, 2.2,
                                                    0.02, 1.4,  0.25, 1.2,  1.8, 0.1, 0.35,
                                                    2.0,  0.45, 2.4,  0.4,  0.2, 0.1, 0.35};

struct Simulation {
  std::vector<TrainingItem> fitting;   // from two cards in three
  std::vector<TrainingItem> held_out;  // from the third
};

Rating draw(std::mt19937_64& generator, const std::array<double, 4>& shares) {
  const double u = std::uniform_real_distribution<double>(0.0, 1.0)(generator);
  double sum = 0.0;
  for (int i = 0; i < 4; ++i) {
    sum += shares[static_cast<std::size_t>(i)];
    if (u < sum) return static_cast<Rating>(i + 1);
  }
  return Rating::kEasy;
}

// `cards` cards, each learned on day 0..59 and reviewed for `reviews` long-term reviews at
// intervals of the learner's stability times a random factor (so recall varies), recall
// drawn from R(t, S) under kTrueParameters. A failed card is relearned the same day.
Simulation simulate(int cards, int reviews, std::uint64_t seed) {
  const TimeZoneGuard zone("UTC");
  const DayCalendar calendar;
  std::mt19937_64 generator(seed);
  std::uniform_real_distribution<double> spread(0.4, 2.5);
  const FsrsParameters<double>& w = kTrueParameters;
  Simulation result;
  for (int card = 0; card < cards; ++card) {
    std::vector<ReviewEntry> log;
    TimestampMs now = kHistoryStart + (card % 60) * kDayMs + (card % 7) * kHourMs;
    auto answer = [&](ReviewKind kind, Rating rating) {
      ReviewEntry entry;
      entry.reviewed = now;
      entry.kind = kind;
      entry.rating = rating;
      log.push_back(entry);
    };
    const Rating first = draw(generator, {0.2, 0.1, 0.55, 0.15});
    answer(ReviewKind::kLearning, first);
    MemoryState<double> memory = fsrs_first_memory(first, w);
    if (first == Rating::kAgain || first == Rating::kHard) {
      now += 10 * 60 * 1000;
      answer(ReviewKind::kLearning, Rating::kGood);
      memory = fsrs_next_memory(memory, 0, Rating::kGood, w);
    }
    for (int review = 0; review < reviews; ++review) {
      const int days =
          std::max(1, static_cast<int>(std::lround(memory.stability * spread(generator))));
      now += days * kDayMs;
      const double recall = fsrs_recall_probability(days, memory.stability, w);
      const bool recalled = std::uniform_real_distribution<double>(0.0, 1.0)(generator) < recall;
      const Rating rating = recalled ? draw(generator, {0.0, 0.15, 0.75, 0.10}) : Rating::kAgain;
      answer(ReviewKind::kReview, rating);
      memory = fsrs_next_memory(memory, days, rating, w);
      if (!recalled) {
        now += 10 * 60 * 1000;
        answer(ReviewKind::kRelearning, Rating::kGood);
        memory = fsrs_next_memory(memory, 0, Rating::kGood, w);
      }
    }
    append_training_items(CardLog{log, 0}, calendar,
                          card % 3 == 2 ? result.held_out : result.fitting);
  }
  return result;
}

TEST_CASE("The optimizer recovers a simulated learner's parameters", "[fsrs][optimizer]") {
  const Simulation simulation = simulate(450, 8, 7);
  const auto started = std::chrono::steady_clock::now();
  const FsrsOptimization fitted = optimize_fsrs_parameters(simulation.fitting);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  REQUIRE(fitted.fit == FsrsFit::kAllParameters);
  const double true_loss = evaluate_fsrs_parameters(simulation.held_out, kTrueParameters).log_loss;
  const double fitted_loss =
      evaluate_fsrs_parameters(simulation.held_out, fitted.parameters).log_loss;
  const double default_loss =
      evaluate_fsrs_parameters(simulation.held_out, kFsrsDefaultWeights).log_loss;
  INFO("items " << fitted.items_used << ", held out " << simulation.held_out.size()
                << "; held-out log loss: true " << true_loss << ", fitted " << fitted_loss
                << ", defaults " << default_loss << "; fit " << seconds << " s");
  CHECK(fitted_loss <= true_loss * 1.01);  // issue 16: within 1 % of the truth
  CHECK(fitted_loss < default_loss);
  CHECK(fitted.after.log_loss < fitted.before.log_loss);
  CHECK(fitted.after.rmse_bins < fitted.before.rmse_bins);
  for (std::size_t i = 0; i < 21; ++i) {
    CHECK(fitted.parameters[i] >= kFsrsParameterRanges[i].lowest);
    CHECK(fitted.parameters[i] <= kFsrsParameterRanges[i].highest);
  }
}

TEST_CASE("The optimizer is deterministic for a seed", "[fsrs][optimizer]") {
  const Simulation simulation = simulate(120, 6, 11);
  const FsrsOptimization once = optimize_fsrs_parameters(simulation.fitting);
  const FsrsOptimization again = optimize_fsrs_parameters(simulation.fitting);
  REQUIRE(once.fit == FsrsFit::kAllParameters);
  CHECK(once.parameters == again.parameters);
  FsrsOptimizerSettings other;
  other.seed = 99;
  other.batch_size = 64;  // several batches, so that the order matters
  FsrsOptimizerSettings same = other;
  CHECK(optimize_fsrs_parameters(simulation.fitting, other).parameters ==
        optimize_fsrs_parameters(simulation.fitting, same).parameters);
  same.seed = 100;
  CHECK(optimize_fsrs_parameters(simulation.fitting, other).parameters !=
        optimize_fsrs_parameters(simulation.fitting, same).parameters);
}

TEST_CASE("The fit reports its progress and stops when the report throws", "[fsrs][optimizer]") {
  const Simulation simulation = simulate(120, 6, 11);
  FsrsOptimizerSettings settings;
  settings.batch_size = 64;  // several batches an epoch
  test::ProgressRecord record;
  const FsrsOptimization reported =
      optimize_fsrs_parameters(simulation.fitting, settings, kFsrsDefaultWeights, record.report());
  REQUIRE(reported.fit == FsrsFit::kAllParameters);
  // Told does not change the fit.
  CHECK(reported.parameters == optimize_fsrs_parameters(simulation.fitting, settings).parameters);
  CHECK(record.rises_from_zero_to_one());
  CHECK(record.all_in(WorkStage::kFitting));
  // A report before each batch's step and each batch's loss, five epochs, the start and the end.
  const std::size_t batches = (reported.items_used + settings.batch_size - 1) / settings.batch_size;
  CHECK(record.fractions.size() == batches * 2 * 5 + 2);

  test::ProgressRecord cancelled;
  cancelled.cancel_after = 7;
  CHECK_THROWS_AS(optimize_fsrs_parameters(simulation.fitting, settings, kFsrsDefaultWeights,
                                           cancelled.report()),
                  WorkCancelled);
  CHECK(cancelled.fractions.size() == 7);

  // Too few items to train: the start and the end only.
  test::ProgressRecord small;
  const std::vector<TrainingItem> few(simulation.fitting.begin(), simulation.fitting.begin() + 3);
  optimize_fsrs_parameters(few, settings, kFsrsDefaultWeights, small.report());
  CHECK(small.fractions == std::vector<double>{0.0, 1.0});
}

TEST_CASE("Parameters stay in their ranges even when the data pull them out", "[fsrs][optimizer]") {
  // Every answer a pass after a year: the curve would flatten and the stabilities grow
  // without bound.
  std::vector<TrainingItem> items;
  for (int card = 0; card < 200; ++card) {
    items.push_back(TrainingItem{{{Rating::kGood, 0}, {Rating::kGood, 30 + card % 5}}, card});
    items.push_back(TrainingItem{
        {{Rating::kGood, 0}, {Rating::kGood, 30 + card % 5}, {Rating::kGood, 365}}, card + 1000});
  }
  FsrsOptimizerSettings settings;
  settings.learning_rate = 1.0;
  const FsrsOptimization fitted = optimize_fsrs_parameters(items, settings);
  REQUIRE(fitted.fit == FsrsFit::kAllParameters);
  for (std::size_t i = 0; i < 21; ++i) {
    INFO("w[" << i << "] = " << fitted.parameters[i]);
    CHECK(fitted.parameters[i] >= kFsrsParameterRanges[i].lowest);
    CHECK(fitted.parameters[i] <= kFsrsParameterRanges[i].highest);
  }
}

TEST_CASE("Small data: under 8 items the defaults, under 64 the initial stabilities only",
          "[fsrs][optimizer]") {
  std::vector<TrainingItem> items;
  auto add = [&items](int count) {
    for (int i = 0; i < count; ++i) {
      const int days = 2 + (i % 2);  // two delta-t groups
      items.push_back(
          TrainingItem{{{Rating::kGood, 0}, {i % 5 == 0 ? Rating::kAgain : Rating::kGood, days}},
                       static_cast<TimestampMs>(items.size())});
    }
  };
  SECTION("7 items") {
    add(7);
    const FsrsOptimization fitted = optimize_fsrs_parameters(items);
    CHECK(fitted.fit == FsrsFit::kDefaults);
    CHECK(fitted.parameters == kFsrsDefaultWeights);
  }
  auto add_later_reviews = [&items](int count) {
    for (int i = 0; i < count; ++i) {
      items.push_back(
          TrainingItem{{{Rating::kGood, 0}, {Rating::kGood, 2 + (i % 2)}, {Rating::kGood, 8}},
                       static_cast<TimestampMs>(items.size())});
    }
  };
  // 40 first long-term reviews and `later` later reviews, fitted.
  auto fit_with_later_reviews = [&](int later) {
    add(40);
    add_later_reviews(later);
    return optimize_fsrs_parameters(items);
  };
  SECTION("63 items") {
    const FsrsOptimization fitted = fit_with_later_reviews(23);
    CHECK(fitted.fit == FsrsFit::kInitialStabilities);
    CHECK(fitted.items_used == 63);
    CHECK(fitted.parameters[2] != kFsrsDefaultWeights[2]);
    CHECK(std::equal(fitted.parameters.begin() + 4, fitted.parameters.end(),
                     kFsrsDefaultWeights.begin() + 4));
  }
  SECTION("Only first long-term reviews, however many") {
    add(300);
    CHECK(optimize_fsrs_parameters(items).fit == FsrsFit::kInitialStabilities);
  }
  SECTION("64 items with later reviews") {
    const FsrsOptimization fitted = fit_with_later_reviews(24);
    CHECK(fitted.fit == FsrsFit::kAllParameters);
    CHECK(fitted.items_used == 64);
  }
}

TEST_CASE("The small-data rules count the items left after the history length limit",
          "[fsrs][optimizer]") {
  // Three same-day answers before each first long-term review: 4 answers, then 5.
  std::vector<TrainingItem> items;
  for (int card = 0; card < 100; ++card) {
    const std::vector<TrainingReview> history = {{Rating::kGood, 0},
                                                 {Rating::kGood, 0},
                                                 {Rating::kGood, 0},
                                                 {Rating::kGood, 3},
                                                 {Rating::kGood, 8}};
    items.push_back(TrainingItem{{history.begin(), history.begin() + 4}, 2 * card});
    items.push_back(TrainingItem{history, 2 * card + 1});
  }
  FsrsOptimizerSettings settings;
  SECTION("Every item too long: the defaults, not a fit on nothing") {
    settings.longest_history = 3;
    const FsrsOptimization fitted = optimize_fsrs_parameters(items, settings);
    CHECK(fitted.fit == FsrsFit::kDefaults);
    CHECK(fitted.items_used == 0);
    CHECK(fitted.parameters == kFsrsDefaultWeights);
  }
  SECTION("Only the first long-term reviews short enough: the initial stabilities only") {
    settings.longest_history = 4;
    const FsrsOptimization fitted = optimize_fsrs_parameters(items, settings);
    CHECK(fitted.fit == FsrsFit::kInitialStabilities);
    CHECK(fitted.items_used == 100);
  }
  SECTION("All short enough: all parameters") {
    settings.longest_history = 5;
    const FsrsOptimization fitted = optimize_fsrs_parameters(items, settings);
    CHECK(fitted.fit == FsrsFit::kAllParameters);
    CHECK(fitted.items_used == 200);
  }
}

TEST_CASE("Settings out of range are rejected before any work", "[fsrs][optimizer]") {
  const std::vector<TrainingItem> items = {
      TrainingItem{{{Rating::kGood, 0}, {Rating::kGood, 3}}, 0}};
  FsrsOptimizerSettings settings;
  SECTION("batch size 0") {
    settings.batch_size = 0;
  }
  SECTION("no epochs") {
    settings.epochs = 0;
  }
  SECTION("negative epochs") {
    settings.epochs = -1;
  }
  SECTION("learning rate 0") {
    settings.learning_rate = 0.0;
  }
  SECTION("learning rate NaN") {
    settings.learning_rate = std::nan("");
  }
  SECTION("negative gamma") {
    settings.gamma = -1.0;
  }
  SECTION("infinite gamma") {
    settings.gamma = std::numeric_limits<double>::infinity();
  }
  SECTION("history limit under two answers") {
    settings.longest_history = 1;
  }
  CHECK_THROWS_AS(optimize_fsrs_parameters(items, settings), Error);
}

TEST_CASE("A gamma of 0 is allowed: training without the pull", "[fsrs][optimizer]") {
  FsrsOptimizerSettings settings;
  settings.gamma = 0.0;
  CHECK_NOTHROW(optimize_fsrs_parameters(
      {TrainingItem{{{Rating::kGood, 0}, {Rating::kGood, 3}}, 0}}, settings));
}

TEST_CASE("Items the outlier filter drops do not count in the average recall",
          "[fsrs][optimizer]") {
  std::vector<TrainingItem> items;
  for (int i = 0; i < 40; ++i) {
    items.push_back(
        TrainingItem{{{Rating::kGood, 0}, {i % 5 == 0 ? Rating::kAgain : Rating::kGood, 2 + i % 2}},
                     static_cast<TimestampMs>(i)});
  }
  const FsrsOptimization kept_only = optimize_fsrs_parameters(items);
  // Five lapses at 9 days: a group under 6 items, which the filter removes. Counted in the
  // average recall, they would change the smoothing of the groups that stay.
  for (int i = 0; i < 5; ++i) {
    items.push_back(TrainingItem{{{Rating::kGood, 0}, {Rating::kAgain, 9}}, 100 + i});
  }
  const FsrsOptimization with_outliers = optimize_fsrs_parameters(items);
  REQUIRE(kept_only.fit == FsrsFit::kInitialStabilities);
  CHECK(with_outliers.items_used == kept_only.items_used);
  CHECK(with_outliers.parameters == kept_only.parameters);
}

TEST_CASE("Pre-training fills missing ratings by fsrs-rs's ratios", "[fsrs][optimizer]") {
  // fsrs-rs's own case (pre_training.rs test_smooth_and_fill): Hard from Again and Good.
  const auto filled = smooth_and_fill({0.4, std::nullopt, 2.3, 10.9}, {1, 1, 1, 1});
  REQUIRE(filled);
  CHECK((*filled)[0] == Approx(0.4));
  CHECK((*filled)[1] == Approx(0.8052433).epsilon(1e-6));
  CHECK((*filled)[2] == Approx(2.3));
  CHECK((*filled)[3] == Approx(10.9));
  // A lower rating above a higher one: the one with more items wins.
  const auto ordered = smooth_and_fill({3.0, 1.0, 2.0, 9.0}, {10, 1, 50, 5});
  REQUIRE(ordered);
  CHECK((*ordered)[0] == 2.0);  // Good's 50 items beat Again's 10
  CHECK((*ordered)[1] == 2.0);
  CHECK_FALSE(smooth_and_fill({}, {}));
  // One rating known: the defaults scaled by its ratio.
  const auto scaled = smooth_and_fill({std::nullopt, std::nullopt, 4.613, std::nullopt}, {});
  REQUIRE(scaled);
  CHECK((*scaled)[0] == Approx(kFsrsDefaultWeights[0] * 2.0));
  CHECK((*scaled)[3] == Approx(kFsrsDefaultWeights[3] * 2.0));
}

TEST_CASE("RMSE bins follow fsrs-rs's get_bin", "[fsrs][optimizer]") {
  CHECK(recall_bin(0.0) == 0);
  CHECK(recall_bin(0.5) == 3);   // floor(21^0.5) - 1 = 4 - 1
  CHECK(recall_bin(0.9) == 14);  // floor(15.49) - 1
  CHECK(recall_bin(0.99) == 19);
  CHECK(recall_bin(1.0) == 19);
  // Out of [0, 1] still a bin; not a number, no bin at all.
  CHECK(recall_bin(-0.5) == 0);
  CHECK(recall_bin(1.5) == 19);
  CHECK_THROWS_AS(recall_bin(std::nan("")), Error);
  CHECK_THROWS_AS(recall_bin(std::numeric_limits<double>::infinity()), Error);
}

TEST_CASE("The report's log loss is finite for a certain prediction that was wrong",
          "[fsrs][optimizer]") {
  const std::vector<TrainingItem> items = {
      TrainingItem{{{Rating::kGood, 0}, {Rating::kAgain, 1}}, 0}};
  // An initial stability of 1e20 days predicts recall of exactly 1 after one day.
  std::array<double, 21> certain = kFsrsDefaultWeights;
  certain[2] = 1e20;
  const FsrsEvaluation evaluation = evaluate_fsrs_parameters(items, certain);
  CHECK(std::isfinite(evaluation.log_loss));
  CHECK(evaluation.log_loss == Approx(-std::log(kLowestPrediction)));
  CHECK(evaluation.rmse_bins == Approx(1.0));
}

TEST_CASE("Parameters that predict no number are rejected by the report", "[fsrs][optimizer]") {
  const std::vector<TrainingItem> items = {
      TrainingItem{{{Rating::kGood, 0}, {Rating::kGood, 3}}, 0}};
  std::array<double, 21> broken = kFsrsDefaultWeights;
  broken[20] = std::nan("");  // the forgetting curve's decay
  CHECK_THROWS_AS(evaluate_fsrs_parameters(items, broken), Error);
}

}  // namespace
}  // namespace kioku
