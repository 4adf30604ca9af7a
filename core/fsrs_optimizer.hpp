// Fits FSRS-6's 21 parameters to a learner's training items as fsrs-rs's compute_parameters
// does (docs/fsrs-optimizer.md): the outlier filter, pre-training of the initial stabilities,
// then Adam on the recency-weighted log loss with exact gradients. Pure and deterministic for
// a seed.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/deck_options.hpp"  // kFsrsDefaultWeights
#include "core/fsrs_evaluation.hpp"
#include "core/fsrs_training_items.hpp"
#include "core/work_progress.hpp"

namespace kioku {

// fsrs-rs's TrainingConfig defaults.
struct FsrsOptimizerSettings {
  std::uint64_t seed = 2023;
  int epochs = 5;
  std::size_t batch_size = 512;
  double learning_rate = 4e-2;  // at the start of the cosine annealing
  double gamma = 1.0;           // the weight of the pull toward the starting parameters; 0: none
  std::size_t longest_history = 64;  // items with more answers are left out of training
};

// Which small-data rule applied, counting the items left after the outlier filter and the
// history length limit.
enum class FsrsFit {
  kDefaults,            // fewer than 8 items (or no first long-term review): the defaults
  kInitialStabilities,  // fewer than 64 items: w[0..3] fitted, the rest the defaults
  kAllParameters,
};

struct FsrsOptimization {
  std::array<double, 21> parameters = kFsrsDefaultWeights;
  FsrsFit fit = FsrsFit::kDefaults;
  std::size_t items_used = 0;  // after the filter and the history length limit
  FsrsEvaluation before;       // of `current` on the items used
  FsrsEvaluation after;        // of `parameters` on the items used
};

// "defaults", "initial_stabilities" or "all": the name reports and the protocol use.
const char* fsrs_fit_name(FsrsFit fit) noexcept;

// Anki's rule for storing fitted parameters: something was fitted, and it predicts the answers
// it was fitted to better than the parameters in use (a lower log loss on the same items).
bool worth_applying(const FsrsOptimization& optimization) noexcept;

// `items` in any order (they are sorted by time); `current` is what the report compares with
// (the deck's parameters). Throws Error (kInvalidParams) for settings out of range: epochs,
// batch_size or learning_rate not positive, gamma negative, longest_history under 2.
// `progress` hears the fitting stage after each batch; what it throws stops the fit.
FsrsOptimization optimize_fsrs_parameters(
    std::vector<TrainingItem> items, const FsrsOptimizerSettings& settings = {},
    const std::array<double, 21>& current = kFsrsDefaultWeights,
    const ProgressReport& progress = {});

}  // namespace kioku
