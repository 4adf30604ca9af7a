// The scheduler evaluation (core/scheduler_evaluation.hpp): srs-benchmark's SM-2 intervals and
// recall, the time-series split, a log loss and calibration counted by hand, and a simulated
// learner whose fitted parameters beat the defaults and SM-2 on answers they were not fitted on.
#include "core/scheduler_evaluation.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/deck_options.hpp"
#include "core/error.hpp"
#include "core/fsrs_memory_model.hpp"
#include "tests/core/progress_record.hpp"

namespace kioku {
namespace {

using Catch::Detail::Approx;

std::vector<TrainingReview> ratings(std::initializer_list<Rating> list) {
  std::vector<TrainingReview> reviews;
  for (const Rating rating : list) reviews.push_back({rating, reviews.empty() ? 0 : 1});
  return reviews;
}

// A card learned with Good and answered once `days` later: SM-2 gives it 1 day, so it predicts
// 0.9^days.
TrainingItem one_review(int days, Rating rating, TimestampMs reviewed) {
  return TrainingItem({{Rating::kGood, 0}, {rating, days}}, reviewed);
}

TEST_CASE("SM-2's interval follows srs-benchmark's SM-2", "[evaluation]") {
  using enum Rating;
  CHECK(sm2_interval_days(ratings({kGood})) == 1.0);
  CHECK(sm2_interval_days(ratings({kGood, kGood})) == 6.0);
  // Good keeps the E-Factor at 2.5: 6 * 2.5.
  CHECK(sm2_interval_days(ratings({kGood, kGood, kGood})) == 15.0);
  // Easy adds 0.1 each time; the third interval uses the E-Factor of the second answer, 2.7.
  CHECK(sm2_interval_days(ratings({kEasy, kEasy, kEasy})) == 16.0);  // 6 * 2.7 = 16.2
  // Hard takes 0.14: E-Factor 2.36 then 2.22; 6 * 2.22 = 13.32.
  CHECK(sm2_interval_days(ratings({kHard, kHard, kHard})) == 13.0);
  // A failure starts over at 1, and the run then counts from its first success again.
  CHECK(sm2_interval_days(ratings({kGood, kGood, kAgain})) == 1.0);
  CHECK(sm2_interval_days(ratings({kGood, kGood, kAgain, kGood})) == 1.0);
  CHECK(sm2_interval_days(ratings({kGood, kGood, kAgain, kGood, kGood})) == 6.0);
  // Again takes 0.32 (2.5 -> 2.18 after the failure), then Good keeps it: 6 * 2.18 = 13.08.
  CHECK(sm2_interval_days(ratings({kGood, kGood, kAgain, kGood, kGood, kGood})) == 13.0);
  // The E-Factor stops at 1.3: seven failures, then 6 * 1.3 = 7.8.
  CHECK(sm2_interval_days(ratings(
            {kAgain, kAgain, kAgain, kAgain, kAgain, kAgain, kAgain, kGood, kGood, kGood})) == 8.0);
}

TEST_CASE("SM-2's recall is 0.9 at its interval and falls exponentially", "[evaluation]") {
  CHECK(sm2_predicted_recall(one_review(1, Rating::kGood, 0)) == Approx(0.9));
  CHECK(sm2_predicted_recall(one_review(3, Rating::kAgain, 0)) == Approx(0.729));
  // History Good, Good (interval 6), then 3 days later: 0.9^0.5.
  const TrainingItem item({{Rating::kGood, 0}, {Rating::kGood, 1}, {Rating::kGood, 3}}, 0);
  CHECK(sm2_predicted_recall(item) == Approx(std::sqrt(0.9)));
}

TEST_CASE("The time-series split is scikit-learn's with 5 folds", "[evaluation]") {
  CHECK(time_series_folds(5).empty());
  const std::vector<TimeSeriesFold> twelve = time_series_folds(12);
  REQUIRE(twelve.size() == 5);
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(twelve[i].train_end == 2 + 2 * i);
    CHECK(twelve[i].test_end == 4 + 2 * i);
  }
  // 13 items: folds of 2, the first training part takes the remainder.
  const std::vector<TimeSeriesFold> thirteen = time_series_folds(13);
  REQUIRE(thirteen.size() == 5);
  CHECK(thirteen.front().train_end == 3);
  CHECK(thirteen.back().test_end == 13);
  CHECK(time_series_folds(6, 2).size() == 2);
  CHECK_THROWS_AS(time_series_folds(6, 0), Error);
}

TEST_CASE("Log loss and calibration bins of a tiny history, by hand", "[evaluation]") {
  // Six items, given out of time order: the first in time (2 days, recalled) only trains.
  std::vector<TrainingItem> items = {
      one_review(4, Rating::kAgain, 400), one_review(2, Rating::kGood, 100),
      one_review(3, Rating::kGood, 300),  one_review(5, Rating::kGood, 500),
      one_review(6, Rating::kAgain, 600), one_review(2, Rating::kGood, 200)};
  const SchedulerEvaluation evaluation = evaluate_schedulers(items);
  CHECK(evaluation.items == 6);
  CHECK(evaluation.splits == 5);
  CHECK(evaluation.scored == 5);
  // SM-2 predicts 0.9^days: 0.81 (recalled), 0.729 (recalled), 0.6561 (forgotten),
  // 0.59049 (recalled), 0.531441 (forgotten).
  const double expected = -(std::log(0.81) + std::log(0.729) + std::log(1 - 0.6561) +
                            std::log(0.59049) + std::log(1 - 0.531441)) /
                          5;
  CHECK(evaluation.sm2.items == 5);
  CHECK(evaluation.sm2.score.log_loss == Approx(expected).epsilon(1e-12));
  const std::vector<CalibrationBin>& bins = evaluation.sm2.calibration;
  REQUIRE(bins.size() == 4);  // 0.5-0.6 twice, 0.6-0.7, 0.7-0.8, 0.8-0.9
  CHECK(bins[0].lowest == Approx(0.5));
  CHECK(bins[0].highest == Approx(0.6));
  CHECK(bins[0].count == 2);
  CHECK(bins[0].predicted == Approx((0.59049 + 0.531441) / 2));
  CHECK(bins[0].observed == Approx(0.5));
  CHECK(bins[1].count == 1);
  CHECK(bins[1].observed == 0.0);
  CHECK(bins[2].count == 1);
  CHECK(bins[3].count == 1);
  CHECK(bins[3].lowest == Approx(0.8));
  CHECK(bins[3].observed == 1.0);
  // RMSE (bins): fsrs-rs's bins put each prediction apart here (floor(21^p) - 1 differs).
  const double squares = std::pow(0.81 - 1, 2) + std::pow(0.729 - 1, 2) + std::pow(0.6561, 2) +
                         std::pow(0.59049 - 1, 2) + std::pow(0.531441, 2);
  CHECK(evaluation.sm2.score.rmse_bins == Approx(std::sqrt(squares / 5)).epsilon(1e-12));
  // Under 8 items to fit on, every fold's fit is the defaults.
  CHECK(evaluation.fsrs_fitted.score.log_loss == evaluation.fsrs_defaults.score.log_loss);
  CHECK(evaluation.fsrs_defaults.items == 5);
}

TEST_CASE("Fewer items than folds score nothing", "[evaluation]") {
  const SchedulerEvaluation evaluation =
      evaluate_schedulers({one_review(2, Rating::kGood, 1), one_review(3, Rating::kAgain, 2)});
  CHECK(evaluation.items == 2);
  CHECK(evaluation.scored == 0);
  CHECK(evaluation.sm2.items == 0);
  CHECK(evaluation.sm2.calibration.empty());
  CHECK(evaluation.fsrs_fitted.score.log_loss == 0.0);
}

// A learner whose memory follows FSRS-6 with parameters other than the defaults: cards learned
// with Good over 60 days, reviewed at their stability times a random factor, recall drawn.
constexpr std::array<double, 21> kLearner = {0.6,  1.8,  4.5,  14.0, 7.0, 0.6, 2.2,
                                             0.02, 1.4,  0.25, 1.2,  1.8, 0.1, 0.35,
                                             2.0,  0.45, 2.4,  0.4,  0.2, 0.1, 0.35};

std::vector<TrainingItem> simulated_learner(int cards, int reviews) {
  std::mt19937_64 generator(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_real_distribution<double> spread(0.4, 2.5);
  std::vector<TrainingItem> items;
  for (int card = 0; card < cards; ++card) {
    std::vector<TrainingReview> history = {{Rating::kGood, 0}};
    MemoryState<double> memory = fsrs_first_memory(Rating::kGood, kLearner);
    std::int64_t day = card % 60;
    for (int review = 0; review < reviews; ++review) {
      const int days =
          std::max(1, static_cast<int>(std::lround(memory.stability * spread(generator))));
      day += days;
      const bool recalled =
          unit(generator) < fsrs_recall_probability(days, memory.stability, kLearner);
      const Rating rating = recalled ? Rating::kGood : Rating::kAgain;
      history.push_back({rating, days});
      memory = fsrs_next_memory(memory, days, rating, kLearner);
      items.emplace_back(history, day * 86'400'000 + card);
    }
  }
  return items;
}

TEST_CASE("Each fold is scored with a fit to the items before it only", "[evaluation]") {
  std::vector<TrainingItem> items = simulated_learner(600, 8);
  const SchedulerEvaluation evaluation = evaluate_schedulers(items);
  std::stable_sort(items.begin(), items.end(), [](const TrainingItem& a, const TrainingItem& b) {
    return a.reviewed < b.reviewed;
  });
  // The same, fold by fold, from the optimizer and its report.
  double loss = 0.0;
  std::size_t scored = 0;
  for (const TimeSeriesFold& fold : time_series_folds(items.size())) {
    const auto begin = items.begin();
    const FsrsOptimization fit =
        optimize_fsrs_parameters({begin, begin + static_cast<std::ptrdiff_t>(fold.train_end)});
    const std::vector<TrainingItem> test(begin + static_cast<std::ptrdiff_t>(fold.train_end),
                                         begin + static_cast<std::ptrdiff_t>(fold.test_end));
    loss +=
        evaluate_fsrs_parameters(test, fit.parameters).log_loss * static_cast<double>(test.size());
    scored += test.size();
  }
  CHECK(evaluation.scored == scored);
  CHECK(evaluation.fsrs_fitted.score.log_loss == Approx(loss / scored).epsilon(1e-12));
  INFO("log loss: SM-2 " << evaluation.sm2.score.log_loss << ", defaults "
                         << evaluation.fsrs_defaults.score.log_loss << ", fitted "
                         << evaluation.fsrs_fitted.score.log_loss);
  // The learner is not the defaults, and is not SM-2: the fit predicts later answers better.
  CHECK(evaluation.fsrs_fitted.score.log_loss < evaluation.fsrs_defaults.score.log_loss);
  CHECK(evaluation.fsrs_fitted.score.log_loss < evaluation.sm2.score.log_loss);
  std::size_t binned = 0;
  for (const CalibrationBin& bin : evaluation.fsrs_fitted.calibration) binned += bin.count;
  CHECK(binned == evaluation.scored);
}

TEST_CASE("The evaluation reports its five fits as one rising stage then its scoring",
          "[evaluation]") {
  const std::vector<TrainingItem> items = simulated_learner(200, 6);
  test::ProgressRecord record;
  const SchedulerEvaluation reported = evaluate_schedulers(items, {}, record.report());
  CHECK(reported.fsrs_fitted.score.log_loss ==
        evaluate_schedulers(items).fsrs_fitted.score.log_loss);
  // The fits: each fold's starts and ends, and the stage ends at exactly 1 however the folds'
  // shares add up; then the scoring, 0 to 1.
  const auto scoring = std::find(record.stages.begin(), record.stages.end(), WorkStage::kScoring);
  REQUIRE(scoring != record.stages.end());
  const auto fits = static_cast<std::size_t>(scoring - record.stages.begin());
  CHECK(fits >= 10);
  CHECK(record.fractions[fits - 1] == 1.0);
  for (std::size_t index = 1; index < fits; ++index) {
    CHECK(record.fractions[index] >= record.fractions[index - 1]);
  }
  CHECK(std::all_of(scoring, record.stages.end(),
                    [](WorkStage stage) { return stage == WorkStage::kScoring; }));
  CHECK(record.fractions[fits] == 0.0);
  CHECK(record.fractions.back() == 1.0);

  test::ProgressRecord cancelled;
  cancelled.cancel_after = 3;
  CHECK_THROWS_AS(evaluate_schedulers(items, {}, cancelled.report()), WorkCancelled);
  CHECK(cancelled.fractions.size() == 3);

  // Too few items to score: no fit, the stage still begins and ends.
  test::ProgressRecord few;
  evaluate_schedulers({items.begin(), items.begin() + 3}, {}, few.report());
  CHECK(few.fractions == std::vector<double>{0.0, 1.0});
}

}  // namespace
}  // namespace kioku
