// How well each scheduler predicts a learner's recall on their own history (issue 16 part 2,
// docs/fsrs-optimizer.md "Evaluation"): SM-2's implied recall as srs-benchmark defines it,
// FSRS-6 with the default parameters, and FSRS-6 with parameters fitted on earlier answers
// only, all scored on the same later answers by a time-series split. Pure.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "core/fsrs_evaluation.hpp"
#include "core/fsrs_optimizer.hpp"
#include "core/fsrs_training_items.hpp"

namespace kioku {

// One fold of a time-series split over items sorted by time: fit on [0, train_end), score
// [train_end, test_end).
struct TimeSeriesFold {
  std::size_t train_end = 0;
  std::size_t test_end = 0;
};

// scikit-learn's TimeSeriesSplit as srs-benchmark uses it: `splits` test folds of
// count / (splits + 1) items each, the last ending at `count`; each fold trains on every item
// before it. Fewer than splits + 1 items: no folds. Throws Error (kInvalidParams) for 0 splits.
std::vector<TimeSeriesFold> time_series_folds(std::size_t count, std::size_t splits = 5);

// The interval in days that srs-benchmark's SM-2 gives after `history` (ratings in order;
// elapsed days are not used): 1, then 6, then the interval times the E-Factor, a failure
// starting over at 1; E-Factor from 2.5, floor 1.3; rounded, between 1 and 36500.
double sm2_interval_days(std::span<const TrainingReview> history);

// srs-benchmark's SM-2 recall: 0.9^(elapsed days / interval), the interval from the item's
// history before its target.
double sm2_predicted_recall(const TrainingItem& item);

// Predicted recall against what happened, in 10 equal bins of predicted recall.
struct CalibrationBin {
  double lowest = 0.0;  // of the bin's predicted recall: [lowest, highest), the last includes 1
  double highest = 0.0;
  std::size_t count = 0;
  double predicted = 0.0;  // mean predicted recall of the bin's answers
  double observed = 0.0;   // share of them recalled
};

struct ModelEvaluation {
  FsrsEvaluation score;  // log loss and RMSE (bins)
  std::size_t items = 0;
  std::vector<CalibrationBin> calibration;  // the bins with answers, lowest first
};

// Builds a ModelEvaluation from predictions given one at a time.
class ModelScorer {
 public:
  // Throws Error (kInvalidParams) for a prediction that is NaN or infinite.
  void add(double predicted, double observed);
  ModelEvaluation result() const;

 private:
  RecallScore score_;
  std::array<CalibrationBin, 10> bins_{};
};

struct SchedulerEvaluation {
  std::size_t items = 0;   // training items in the history
  std::size_t scored = 0;  // in the test folds: every model is scored on these
  std::size_t splits = 0;  // test folds
  ModelEvaluation sm2;
  ModelEvaluation fsrs_defaults;
  ModelEvaluation fsrs_fitted;  // each fold's items scored with a fit to the items before it
};

// `items` in any order (they are sorted by time). Fits with `settings` once per fold;
// `progress` hears the fits as one fitting stage, each fold's share by its training items,
// then the scoring stage.
SchedulerEvaluation evaluate_schedulers(std::vector<TrainingItem> items,
                                        const FsrsOptimizerSettings& settings = {},
                                        const ProgressReport& progress = {});

}  // namespace kioku
