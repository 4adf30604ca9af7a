// The loss the FSRS optimizer minimises (docs/fsrs-optimizer.md "Loss"), for one batch of
// training items: recency-weighted binary cross-entropy of the predicted recall against the
// answer, plus an L2 pull toward the starting parameters scaled by fsrs-rs's per-parameter
// standard deviations. With a gradient wanted it runs the model on Dual<21> numbers, once per
// distinct history (core/fsrs_history_tree.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "core/fsrs_history_tree.hpp"
#include "core/fsrs_memory_model.hpp"
#include "core/fsrs_training_items.hpp"

namespace kioku {

// fsrs-rs's PARAMS_STDDEV (training.rs): how far each parameter strays from the defaults
// across users; the pull toward the starting point is (w - start)^2 / stddev^2.
inline constexpr std::array<double, 21> kFsrsParameterSpread = {
    6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6,  0.12, 0.39, 0.18, 0.33,
    0.3,  0.09, 0.16,  0.57,  0.25, 1.03, 0.31, 0.32, 0.14, 0.27};

// The model's recall probability at `item`'s target, having seen the answers before it: the
// definition, one item alone. The training pass gets the same numbers from the history tree.
template <typename Number>
Number predicted_recall(const TrainingItem& item, const FsrsParameters<Number>& w) {
  const std::span<const TrainingReview> reviews = item.reviews();
  MemoryState<Number> memory = fsrs_first_memory(reviews.front().rating, w);
  for (std::size_t i = 1; i + 1 < reviews.size(); ++i) {
    memory = fsrs_next_memory(memory, reviews[i].elapsed_days, reviews[i].rating, w);
  }
  return fsrs_recall_probability(static_cast<double>(item.target().elapsed_days), memory.stability,
                                 w);
}

struct Regularisation {
  std::array<double, 21> start;  // the parameters training started from
  double gamma = 1.0;
  std::size_t total_items = 1;  // the batch's pull is gamma * batch size / total items
};

// A batch with its histories merged, built once and used at every epoch.
struct TrainingBatch {
  std::vector<TrainingItem> items;
  std::vector<double> weights;  // recency weights, weights[i] of items[i]
  HistoryTree tree;             // of `items`, in their order
};

TrainingBatch make_training_batch(std::vector<TrainingItem> items, std::vector<double> weights);

// Sum over the batch of weight * BCE, plus the batch's share of the pull. Fills `gradient`
// (d loss / d w) when given one.
double batch_loss(const TrainingBatch& batch, const std::array<double, 21>& parameters,
                  const Regularisation& regularisation, std::array<double, 21>* gradient);

}  // namespace kioku
