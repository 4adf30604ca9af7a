// Three schedulers scored on a learner's later answers (core/scheduler_evaluation.hpp).
#include "core/scheduler_evaluation.hpp"

#include <algorithm>
#include <cmath>

#include "core/deck_options.hpp"
#include "core/error.hpp"

namespace kioku {

namespace {

constexpr double kSm2StartingEFactor = 2.5;
constexpr double kSm2LowestEFactor = 1.3;
constexpr double kSm2LongestInterval = 36500.0;  // srs-benchmark's s_max
constexpr double kSm2RecallAtInterval = 0.9;
constexpr std::size_t kCalibrationBins = 10;

// SM-2's quality 0-5 from a rating, as srs-benchmark maps Anki's buttons: Again 2 (a failure),
// Hard 3, Good 4, Easy 5.
int sm2_quality(Rating rating) {
  return static_cast<int>(rating) + 1;
}

}  // namespace

std::vector<TimeSeriesFold> time_series_folds(std::size_t count, std::size_t splits) {
  if (splits == 0) throw Error(ErrorCode::kInvalidParams, "a time-series split needs a fold");
  std::vector<TimeSeriesFold> folds;
  if (count < splits + 1) return folds;
  const std::size_t size = count / (splits + 1);
  // The first training part takes the remainder, so the folds end exactly at `count`.
  for (std::size_t start = count - splits * size; start < count; start += size) {
    folds.push_back({start, start + size});
  }
  return folds;
}

double sm2_interval_days(std::span<const TrainingReview> history) {
  double interval = 0.0;
  double efactor = kSm2StartingEFactor;
  int repetitions = 0;
  for (const TrainingReview& review : history) {
    const int quality = sm2_quality(review.rating);
    if (quality >= 3) {
      interval = repetitions == 0 ? 1.0 : (repetitions == 1 ? 6.0 : interval * efactor);
      ++repetitions;
    } else {
      interval = 1.0;
      repetitions = 0;
    }
    // The E-Factor changes after the interval used it, on every answer.
    const double distance = 5.0 - quality;
    efactor = std::max(kSm2LowestEFactor, efactor + (0.1 - distance * (0.08 + distance * 0.02)));
    // srs-benchmark rounds ivl + 0.01 with Python's round (halves to even); nearbyint in the
    // default rounding mode is the same.
    interval = std::clamp(std::nearbyint(interval + 0.01), 1.0, kSm2LongestInterval);
  }
  return std::max(interval, 1.0);  // an empty history, which no item has
}

double sm2_predicted_recall(const TrainingItem& item) {
  const std::span<const TrainingReview> reviews = item.reviews();
  const double interval = sm2_interval_days(reviews.first(reviews.size() - 1));
  return std::pow(kSm2RecallAtInterval, item.target().elapsed_days / interval);
}

void ModelScorer::add(double predicted, double observed) {
  score_.add(predicted, observed);  // rejects NaN and infinity first
  const auto index = std::min(
      static_cast<std::size_t>(std::max(predicted, 0.0) * static_cast<double>(kCalibrationBins)),
      kCalibrationBins - 1);
  CalibrationBin& bin = bins_[index];
  ++bin.count;
  bin.predicted += predicted;
  bin.observed += observed;
}

ModelEvaluation ModelScorer::result() const {
  ModelEvaluation evaluation{score_.result(), score_.count(), {}};
  for (std::size_t index = 0; index < bins_.size(); ++index) {
    const CalibrationBin& bin = bins_[index];
    if (bin.count == 0) continue;
    const auto count = static_cast<double>(bin.count);
    evaluation.calibration.push_back({static_cast<double>(index) / kCalibrationBins,
                                      static_cast<double>(index + 1) / kCalibrationBins, bin.count,
                                      bin.predicted / count, bin.observed / count});
  }
  return evaluation;
}

SchedulerEvaluation evaluate_schedulers(std::vector<TrainingItem> items,
                                        const FsrsOptimizerSettings& settings,
                                        const ProgressReport& progress) {
  std::stable_sort(items.begin(), items.end(), [](const TrainingItem& a, const TrainingItem& b) {
    return a.reviewed < b.reviewed;
  });
  progress(WorkStage::kFitting, 0, 1);
  SchedulerEvaluation result;
  result.items = items.size();
  const std::vector<TimeSeriesFold> folds = time_series_folds(items.size());
  result.splits = folds.size();
  if (folds.empty()) {
    progress(WorkStage::kFitting, 1, 1);
    return result;
  }
  const std::span<const TrainingItem> all(items);
  const std::span<const TrainingItem> scored = all.subspan(folds.front().train_end);
  result.scored = scored.size();

  const std::vector<double> defaults = fsrs_predictions(scored, kFsrsDefaultWeights);
  // Each fold's answers predicted by a fit to the answers before it, never to themselves.
  std::vector<double> fitted;
  fitted.reserve(scored.size());
  // A fit's time grows with its items: each fold's share of the progress is its share of them.
  double fit_items = 0.0;
  for (const TimeSeriesFold& fold : folds) fit_items += static_cast<double>(fold.train_end);
  double fits_done = 0.0;
  for (const TimeSeriesFold& fold : folds) {
    const double share = static_cast<double>(fold.train_end) / fit_items;
    const FsrsOptimization fit = optimize_fsrs_parameters(
        std::vector<TrainingItem>(items.begin(), items.begin() + fold.train_end), settings,
        kFsrsDefaultWeights, progress.part(fits_done, fits_done + share));
    fits_done += share;
    const std::vector<double> predictions = fsrs_predictions(
        all.subspan(fold.train_end, fold.test_end - fold.train_end), fit.parameters);
    fitted.insert(fitted.end(), predictions.begin(), predictions.end());
  }
  // The shares' sum may fall short of 1 by a rounding: the stage ends whole.
  progress(WorkStage::kFitting, 1, 1);

  progress(WorkStage::kScoring, 0, scored.size());
  ModelScorer sm2;
  ModelScorer fsrs_defaults;
  ModelScorer fsrs_fitted;
  for (std::size_t index = 0; index < scored.size(); ++index) {
    if (index % 4096 == 4095) progress(WorkStage::kScoring, index, scored.size());
    const TrainingItem& item = scored[index];
    sm2.add(sm2_predicted_recall(item), item.observed());
    fsrs_defaults.add(defaults[index], item.observed());
    fsrs_fitted.add(fitted[index], item.observed());
  }
  progress(WorkStage::kScoring, 1, 1);
  result.sm2 = sm2.result();
  result.fsrs_defaults = fsrs_defaults.result();
  result.fsrs_fitted = fsrs_fitted.result();
  return result;
}

}  // namespace kioku
