// How well a set of FSRS-6 parameters predicts recall on training items: log loss and
// fsrs-rs's RMSE over calibration bins (docs/fsrs-optimizer.md "Report").
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "core/fsrs_training_items.hpp"

namespace kioku {

struct FsrsEvaluation {
  double log_loss = 0.0;   // mean binary cross-entropy, every item weighing the same
  double rmse_bins = 0.0;  // root mean square of (mean predicted - observed recall) per bin
};

// The bin of a predicted recall, as fsrs-rs's get_bin with 20 bins: floor(21^p) - 1, in
// [0, 19]. The bins narrow toward 1 (p >= 0.98 is the last), where most predictions fall.
// Throws Error (kInvalidParams) for NaN or infinity.
int recall_bin(double predicted_recall);

// Log loss and RMSE (bins) of predictions given one at a time: the one scoring of the
// optimizer's report and of the scheduler evaluation (core/scheduler_evaluation.hpp).
class RecallScore {
 public:
  // `observed` is 1 for recalled, 0 for forgotten. Throws Error (kInvalidParams) for a
  // prediction that is NaN or infinite.
  void add(double predicted, double observed);
  // Zeros when nothing was added.
  FsrsEvaluation result() const;
  std::size_t count() const noexcept { return count_; }

 private:
  struct Bin {
    double predicted = 0.0;
    double observed = 0.0;
    double count = 0.0;
  };
  std::array<Bin, 20> bins_{};
  double loss_ = 0.0;
  std::size_t count_ = 0;
};

// The predicted recall of each item at its target, in the items' order.
std::vector<double> fsrs_predictions(std::span<const TrainingItem> items,
                                     const std::array<double, 21>& parameters);

// Zeros for no items. The log loss clips predictions (core/cross_entropy.hpp), so it is finite;
// throws Error (kInvalidParams) when `parameters` predict a recall that is NaN or infinite.
FsrsEvaluation evaluate_fsrs_parameters(const std::vector<TrainingItem>& items,
                                        const std::array<double, 21>& parameters);

}  // namespace kioku
