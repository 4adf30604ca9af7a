// The optimizer's loss and its exact gradient (docs/fsrs-optimizer.md).
#include "core/fsrs_training_loss.hpp"

#include <cmath>
#include <utility>

#include "core/cross_entropy.hpp"
#include "core/dual_number.hpp"

namespace kioku {

namespace {

using Gradient = Dual<21>;

double pull(const std::array<double, 21>& parameters, const Regularisation& regularisation,
            std::size_t batch_size, std::array<double, 21>* gradient) {
  const double scale = regularisation.gamma * static_cast<double>(batch_size) /
                       static_cast<double>(regularisation.total_items);
  double sum = 0.0;
  for (std::size_t i = 0; i < 21; ++i) {
    const double variance = kFsrsParameterSpread[i] * kFsrsParameterSpread[i];
    const double offset = parameters[i] - regularisation.start[i];
    sum += offset * offset / variance;
    if (gradient != nullptr) (*gradient)[i] += scale * 2.0 * offset / variance;
  }
  return scale * sum;
}

}  // namespace

TrainingBatch make_training_batch(std::vector<TrainingItem> items, std::vector<double> weights) {
  HistoryTree tree = make_history_tree(items);
  return {std::move(items), std::move(weights), std::move(tree)};
}

double batch_loss(const TrainingBatch& batch, const std::array<double, 21>& parameters,
                  const Regularisation& regularisation, std::array<double, 21>* gradient) {
  double loss = 0.0;
  const std::size_t size = batch.items.size();
  if (gradient == nullptr) {
    for_each_prediction(batch.tree, parameters, [&](std::size_t index, double recall) {
      loss += batch.weights[index] * cross_entropy(recall, batch.items[index].observed());
    });
    return loss + pull(parameters, regularisation, size, nullptr);
  }
  FsrsParameters<Gradient> w;
  for (std::size_t i = 0; i < 21; ++i) w[i] = Gradient::variable(parameters[i], i);
  gradient->fill(0.0);
  for_each_prediction(batch.tree, w, [&](std::size_t index, const Gradient& recall) {
    const double weight = batch.weights[index];
    const Gradient item_loss = cross_entropy(recall, batch.items[index].observed());
    loss += weight * item_loss.value;
    for (std::size_t i = 0; i < 21; ++i) (*gradient)[i] += weight * item_loss.partials[i];
  });
  return loss + pull(parameters, regularisation, size, gradient);
}

}  // namespace kioku
