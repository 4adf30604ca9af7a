// fsrs-rs's compute_parameters and train, on kioku's generic model (docs/fsrs-optimizer.md).
#include "core/fsrs_optimizer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/fsrs_history_tree.hpp"
#include "core/fsrs_parameter_ranges.hpp"
#include "core/fsrs_pretraining.hpp"
#include "core/fsrs_training_loss.hpp"

namespace kioku {

namespace {

using Parameters = std::array<double, 21>;

constexpr std::size_t kFewestItems = 8;
constexpr std::size_t kFewestItemsForAll = 64;
// Adam as burn configures it for fsrs-rs (AdamConfig::new().with_epsilon(1e-8)).
constexpr double kFirstMomentDecay = 0.9;
constexpr double kSecondMomentDecay = 0.999;
constexpr double kAdamEpsilon = 1e-8;

double average_recall(const std::vector<TrainingItem>& items) {
  if (items.empty()) return 0.0;
  const auto passes = std::count_if(items.begin(), items.end(),
                                    [](const TrainingItem& item) { return item.recalled(); });
  return static_cast<double>(passes) / static_cast<double>(items.size());
}

// A batch size or epoch count of 0 would divide by zero or train nothing; a negative or
// non-finite rate or pull would wreck every parameter. Each is the caller's mistake.
void check(const FsrsOptimizerSettings& settings) {
  auto reject = [](const std::string& what) {
    throw Error(ErrorCode::kInvalidParams, "FSRS optimizer settings: " + what);
  };
  if (settings.epochs < 1) reject("epochs must be at least 1");
  if (settings.batch_size < 1) reject("batch_size must be at least 1");
  if (!(settings.learning_rate > 0.0 && std::isfinite(settings.learning_rate))) {
    reject("learning_rate must be a positive number");
  }
  if (!(settings.gamma >= 0.0 && std::isfinite(settings.gamma))) {
    reject("gamma must be a number, 0 or more");
  }
  // An item has at least two answers, its first and its target.
  if (settings.longest_history < 2) reject("longest_history must be at least 2");
}

void clip(Parameters& parameters) {
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    parameters[i] =
        std::clamp(parameters[i], kFsrsParameterRanges[i].lowest, kFsrsParameterRanges[i].highest);
  }
}

class Adam {
 public:
  void step(Parameters& parameters, const Parameters& gradient, double learning_rate) {
    ++steps_;
    const double first_correction = 1.0 - std::pow(kFirstMomentDecay, steps_);
    const double second_correction = 1.0 - std::pow(kSecondMomentDecay, steps_);
    for (std::size_t i = 0; i < parameters.size(); ++i) {
      first_[i] = kFirstMomentDecay * first_[i] + (1.0 - kFirstMomentDecay) * gradient[i];
      second_[i] =
          kSecondMomentDecay * second_[i] + (1.0 - kSecondMomentDecay) * gradient[i] * gradient[i];
      const double first = first_[i] / first_correction;
      const double second = second_[i] / second_correction;
      parameters[i] -= learning_rate * first / (std::sqrt(second) + kAdamEpsilon);
    }
  }

 private:
  Parameters first_{};
  Parameters second_{};
  double steps_ = 0.0;
};

// Cosine annealing from `initial` to 0 over `total_steps` (fsrs-rs's CosineAnnealingLR, whose
// recurrence gives this closed form); `step` counts from 1.
double annealed_learning_rate(double initial, std::size_t step, std::size_t total_steps) {
  return initial *
         (1.0 + std::cos(std::numbers::pi * static_cast<double>(step) /
                         static_cast<double>(total_steps))) /
         2.0;
}

// Fisher-Yates with the generator drawn directly, so that an order depends on the seed only,
// not on the standard library's std::shuffle.
void shuffle(std::vector<std::size_t>& order, std::mt19937_64& generator) {
  for (std::size_t i = order.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(generator() % i);
    std::swap(order[i - 1], order[j]);
  }
}

// Batches of whole cards, so that a batch replays each card's history once
// (docs/fsrs-optimizer.md "Batches"). A card is a chain in the tree of every item's history:
// the items on the way from the root to a leaf, a prefix shared by several chains going to the
// first. Chains are stably sorted by length, as fsrs-rs sorts items (so a batch's histories
// are alike), and packed in that order into batches of at least `batch_size` items (the last
// may be smaller), whose order is shuffled each epoch.
std::vector<TrainingBatch> make_batches(const std::vector<TrainingItem>& items,
                                        const std::vector<double>& weights,
                                        std::size_t batch_size) {
  const HistoryTree tree = make_history_tree(items);
  struct Chain {
    std::vector<std::size_t> items;
    std::size_t length = 0;
  };
  std::vector<Chain> chains;
  Chain chain;
  for (std::size_t index = 0; index < tree.nodes.size(); ++index) {
    const HistoryNode& node = tree.nodes[index];
    chain.items.insert(chain.items.end(), node.targets.begin(), node.targets.end());
    if (tree.has_children(index)) continue;
    chain.length = node.depth + 1;
    if (!chain.items.empty()) chains.push_back(std::move(chain));
    chain = {};
  }
  std::stable_sort(chains.begin(), chains.end(),
                   [](const Chain& a, const Chain& b) { return a.length < b.length; });
  std::vector<TrainingBatch> batches;
  std::vector<TrainingItem> batch;
  std::vector<double> batch_weights;
  for (const Chain& each : chains) {
    for (const std::size_t index : each.items) {
      batch.push_back(items[index]);
      batch_weights.push_back(weights[index]);
    }
    if (batch.size() < batch_size) continue;
    batches.push_back(make_training_batch(std::move(batch), std::move(batch_weights)));
    batch.clear();
    batch_weights.clear();
  }
  if (!batch.empty()) {
    batches.push_back(make_training_batch(std::move(batch), std::move(batch_weights)));
  }
  return batches;
}

// fsrs-rs's train: Adam with a cosine-annealed rate, parameters clipped after every step, and
// the parameters of the epoch with the lowest loss over the whole set kept.
Parameters train(const std::vector<TrainingItem>& items, const std::vector<double>& weights,
                 const Parameters& start, const FsrsOptimizerSettings& settings,
                 const ProgressReport& progress) {
  const Regularisation regularisation{start, settings.gamma, items.size()};
  const std::vector<TrainingBatch> batches = make_batches(items, weights, settings.batch_size);
  const std::size_t total_steps =
      (items.size() / settings.batch_size + 1) * static_cast<std::size_t>(settings.epochs);
  std::mt19937_64 generator(settings.seed);
  std::vector<std::size_t> order(batches.size());
  std::iota(order.begin(), order.end(), std::size_t{0});

  Parameters parameters = start;
  Parameters best = start;
  double best_loss = std::numeric_limits<double>::infinity();
  Adam adam;
  std::size_t step = 0;
  Parameters gradient{};
  // Each epoch walks the batches twice: a step on each, then the loss over all of them.
  const std::size_t batch_walks = batches.size() * 2 * static_cast<std::size_t>(settings.epochs);
  std::size_t batches_walked = 0;
  for (int epoch = 0; epoch < settings.epochs; ++epoch) {
    shuffle(order, generator);
    for (const std::size_t index : order) {
      progress(WorkStage::kFitting, batches_walked++, batch_walks);
      // The gradient is finite: the parameters stay in their ranges, where the model's
      // predictions and derivatives are finite, and the loss clips its predictions.
      batch_loss(batches[index], parameters, regularisation, &gradient);
      ++step;
      adam.step(parameters, gradient,
                annealed_learning_rate(settings.learning_rate, step, total_steps));
      clip(parameters);
    }
    double loss = 0.0;
    for (const TrainingBatch& batch : batches) {
      progress(WorkStage::kFitting, batches_walked++, batch_walks);
      loss += batch_loss(batch, parameters, regularisation, nullptr);
    }
    if (loss < best_loss) {
      best_loss = loss;
      best = parameters;
    }
  }
  return best;
}

FsrsOptimization report(FsrsOptimization result, const std::vector<TrainingItem>& used,
                        const Parameters& current, const ProgressReport& progress) {
  progress(WorkStage::kFitting, 1, 1);
  result.items_used = used.size();
  result.before = evaluate_fsrs_parameters(used, current);
  result.after = evaluate_fsrs_parameters(used, result.parameters);
  return result;
}

}  // namespace

FsrsOptimization optimize_fsrs_parameters(std::vector<TrainingItem> items,
                                          const FsrsOptimizerSettings& settings,
                                          const Parameters& current,
                                          const ProgressReport& progress) {
  check(settings);
  progress(WorkStage::kFitting, 0, 1);
  std::stable_sort(items.begin(), items.end(), [](const TrainingItem& a, const TrainingItem& b) {
    return a.reviewed < b.reviewed;
  });
  FilteredItems filtered = filter_outliers(std::move(items));
  // Over the items the filter kept, as fsrs-rs's compute_parameters has since FSRS-6
  // (before it, the average was over every item).
  const double recall = average_recall(filtered.training);
  // Weights by position in time over the filtered set, as fsrs-rs, then the long histories
  // left out. The small-data rules count the items left after both: fsrs-rs counts before
  // the length limit, so it can train on none at all.
  const std::vector<double> weights = recency_weights(filtered.training.size());
  std::vector<TrainingItem> used;
  std::vector<double> used_weights;
  for (std::size_t i = 0; i < filtered.training.size(); ++i) {
    if (filtered.training[i].length > settings.longest_history) continue;
    used.push_back(filtered.training[i]);
    used_weights.push_back(weights[i]);
  }
  FsrsOptimization result;
  if (used.size() < kFewestItems) return report(result, used, current, progress);
  const std::optional<InitialStabilities> initial =
      pretrain_initial_stabilities(filtered.pretraining, recall);
  // fsrs-rs fails here ("not enough data"); the defaults are the same answer for a caller.
  if (!initial) return report(result, used, current, progress);

  Parameters start = kFsrsDefaultWeights;
  std::copy(initial->stability.begin(), initial->stability.end(), start.begin());
  result.parameters = start;
  result.fit = FsrsFit::kInitialStabilities;
  const bool only_first_long_term_reviews =
      std::all_of(used.begin(), used.end(),
                  [](const TrainingItem& item) { return long_term_review_count(item) == 1; });
  if (only_first_long_term_reviews || used.size() < kFewestItemsForAll) {
    return report(result, used, current, progress);
  }

  Parameters fitted = train(used, used_weights, start, settings, progress);

  // As fsrs-rs: the trained initial stabilities go through the same smoothing as pre-training's.
  std::array<std::optional<double>, 4> stabilities;
  for (std::size_t i = 0; i < 4; ++i) stabilities[i] = fitted[i];
  if (const auto smoothed = smooth_and_fill(stabilities, initial->item_count)) {
    std::copy(smoothed->begin(), smoothed->end(), fitted.begin());
  }
  result.parameters = fitted;
  result.fit = FsrsFit::kAllParameters;
  return report(result, used, current, progress);
}

const char* fsrs_fit_name(FsrsFit fit) noexcept {
  switch (fit) {
    case FsrsFit::kDefaults:
      return "defaults";
    case FsrsFit::kInitialStabilities:
      return "initial_stabilities";
    case FsrsFit::kAllParameters:
      return "all";
  }
  return "all";
}

bool worth_applying(const FsrsOptimization& optimization) noexcept {
  return optimization.fit != FsrsFit::kDefaults &&
         optimization.after.log_loss < optimization.before.log_loss;
}

}  // namespace kioku
