// Binary cross-entropy of a predicted recall against what happened: the one loss of the FSRS
// optimizer's training, its pre-training and its report (docs/fsrs-optimizer.md "Loss").
#pragma once

#include <cmath>

namespace kioku {

// Predictions are clipped to [kLowestPrediction, 1 - kLowestPrediction] first, so that one
// confident prediction that was wrong costs at most -log(1e-4) ≈ 9.2, not infinity, which
// would swamp a sum of losses and make its gradient non-finite. fsrs-rs does not clip.
inline constexpr double kLowestPrediction = 1e-4;

// -(y log p + (1 - y) log(1 - p)) for the prediction p and the observation y in [0, 1] (1 for
// recalled, 0 for forgotten, or a pass rate). Number is double or Dual<N>; where the clip
// applies the derivative is 0.
template <typename Number>
Number cross_entropy(const Number& predicted, double observed) {
  using std::log;
  const Number lowest(kLowestPrediction);
  const Number highest(1.0 - kLowestPrediction);
  const Number p = predicted < lowest ? lowest : (highest < predicted ? highest : predicted);
  return -(observed * log(p) + (1.0 - observed) * log(1.0 - p));
}

}  // namespace kioku
