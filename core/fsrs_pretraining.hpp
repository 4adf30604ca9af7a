// Pre-training of FSRS-6's initial stabilities w[0..3], one per first rating, as fsrs-rs's
// pre_training.rs does it (docs/fsrs-optimizer.md "Pre-training"): a one-dimensional search
// per rating on the first long-term reviews, then the ratings without data filled in from
// those with it by fixed ratios.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "core/fsrs_training_items.hpp"

namespace kioku {

struct InitialStabilities {
  std::array<double, 4> stability{};  // Again, Hard, Good, Easy
  std::array<int, 4> item_count{};    // first long-term reviews behind each
};

// The four initial stabilities fitted to `first_long_term_reviews` (items with exactly one
// long-term review), with `average_recall` (over the filtered training items) smoothing small
// groups. None when there is not one such item.
std::optional<InitialStabilities> pretrain_initial_stabilities(
    const std::vector<TrainingItem>& first_long_term_reviews, double average_recall);

// fsrs-rs's smooth_and_fill: makes the known stabilities increase with the rating (the one
// backed by more items wins a disagreement), fills the missing ones from the known ones and
// clamps all into [0.1, 100]. `known` holds the fitted values; `item_count` the items behind
// each. None when nothing is known.
std::optional<std::array<double, 4>> smooth_and_fill(std::array<std::optional<double>, 4> known,
                                                     const std::array<int, 4>& item_count);

}  // namespace kioku
