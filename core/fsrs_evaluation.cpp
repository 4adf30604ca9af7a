// Log loss and RMSE (bins) of FSRS-6 parameters on training items (docs/fsrs-optimizer.md).
#include "core/fsrs_evaluation.hpp"

#include <algorithm>
#include <cmath>

#include "core/cross_entropy.hpp"
#include "core/error.hpp"
#include "core/fsrs_history_tree.hpp"

namespace kioku {

namespace {

constexpr int kBins = 20;

}  // namespace

int recall_bin(double predicted_recall) {
  // NaN or infinity would make the cast below undefined and index outside the bins.
  if (!std::isfinite(predicted_recall)) {
    throw Error(ErrorCode::kInvalidParams,
                "FSRS parameters that predict a recall that is not a finite number");
  }
  const double binned = std::floor(std::exp(predicted_recall * std::log(kBins + 1.0))) - 1.0;
  return static_cast<int>(std::clamp(binned, 0.0, kBins - 1.0));
}

void RecallScore::add(double predicted, double observed) {
  Bin& bin = bins_[static_cast<std::size_t>(recall_bin(predicted))];
  loss_ += cross_entropy(predicted, observed);
  bin.predicted += predicted;
  bin.observed += observed;
  bin.count += 1.0;
  ++count_;
}

FsrsEvaluation RecallScore::result() const {
  if (count_ == 0) return {};
  double squares = 0.0;
  for (const Bin& bin : bins_) {
    if (bin.count == 0.0) continue;
    const double difference = (bin.predicted - bin.observed) / bin.count;
    squares += bin.count * difference * difference;
  }
  const auto count = static_cast<double>(count_);
  return {loss_ / count, std::sqrt(squares / count)};
}

std::vector<double> fsrs_predictions(std::span<const TrainingItem> items,
                                     const std::array<double, 21>& parameters) {
  std::vector<double> predictions(items.size());
  if (items.empty()) return predictions;
  for_each_prediction(make_history_tree(items), parameters,
                      [&](std::size_t index, double recall) { predictions[index] = recall; });
  return predictions;
}

FsrsEvaluation evaluate_fsrs_parameters(const std::vector<TrainingItem>& items,
                                        const std::array<double, 21>& parameters) {
  if (items.empty()) return {};
  RecallScore score;
  for_each_prediction(make_history_tree(items), parameters, [&](std::size_t index, double recall) {
    score.add(recall, items[index].observed());
  });
  return score.result();
}

}  // namespace kioku
