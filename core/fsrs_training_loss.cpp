// The optimizer's loss and its exact gradient (docs/fsrs-optimizer.md).
#include "core/fsrs_training_loss.hpp"

#include <cmath>

#include "core/dual_number.hpp"

namespace kioku {

namespace {

using Gradient = Dual<21>;

template <typename Number>
Number cross_entropy(const Number& recall, bool recalled) {
  using std::log;
  return recalled ? -log(recall) : -log(1.0 - recall);
}

double pull(const std::array<double, 21>& parameters, const Regularisation& regularisation,
            std::size_t batch_size, std::array<double, 21>* gradient) {
  const double scale = regularisation.gamma * static_cast<double>(batch_size) /
                       static_cast<double>(regularisation.total_items);
  double sum = 0.0;
  for (std::size_t i = 0; i < 21; ++i) {
    const double spread = kFsrsParameterSpread[i] * kFsrsParameterSpread[i];
    const double offset = parameters[i] - regularisation.start[i];
    sum += offset * offset / spread;
    if (gradient != nullptr) (*gradient)[i] += scale * 2.0 * offset / spread;
  }
  return scale * sum;
}

}  // namespace

double batch_loss(std::span<const WeightedItem> batch, const std::array<double, 21>& parameters,
                  const Regularisation& regularisation, std::array<double, 21>* gradient) {
  double loss = 0.0;
  if (gradient == nullptr) {
    for (const WeightedItem& weighted : batch) {
      const double recall = predicted_recall(*weighted.item, parameters);
      loss += weighted.weight * cross_entropy(recall, weighted.item->recalled());
    }
    return loss + pull(parameters, regularisation, batch.size(), nullptr);
  }
  FsrsParameters<Gradient> w;
  for (std::size_t i = 0; i < 21; ++i) w[i] = Gradient::variable(parameters[i], i);
  gradient->fill(0.0);
  for (const WeightedItem& weighted : batch) {
    const Gradient recall = predicted_recall(*weighted.item, w);
    const Gradient item_loss = cross_entropy(recall, weighted.item->recalled());
    loss += weighted.weight * item_loss.value;
    for (std::size_t i = 0; i < 21; ++i) (*gradient)[i] += weighted.weight * item_loss.partials[i];
  }
  return loss + pull(parameters, regularisation, batch.size(), gradient);
}

}  // namespace kioku
