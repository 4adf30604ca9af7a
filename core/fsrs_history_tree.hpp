// Training items' histories merged into one prefix tree, so that the optimizer replays each
// shared history once (docs/fsrs-optimizer.md "One pass per card"). A card's items are
// prefixes of one another: item k's history is item k+1's minus its last answers. Replaying
// every item from the card's first answer costs O(n^2) model steps per card, each carrying 21
// partial derivatives; walking the tree costs one step per distinct answer. Identical
// histories from different cards share their nodes as well.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "core/fsrs_memory_model.hpp"
#include "core/fsrs_training_items.hpp"

namespace kioku {

struct HistoryNode {
  TrainingReview review;
  std::size_t depth = 0;             // 0: a card's first answer
  std::vector<std::size_t> targets;  // the items (indices into the input) whose target it is
};

// The nodes in depth-first order: a node's parent is the closest node before it one level up.
struct HistoryTree {
  std::vector<HistoryNode> nodes;
  std::size_t deepest = 0;  // the longest history's length

  // In depth-first order a node's first child, if it has one, comes right after it.
  bool has_children(std::size_t node) const {
    return node + 1 < nodes.size() && nodes[node + 1].depth > nodes[node].depth;
  }
};

// `items[i]` is item i; each must have at least two answers.
HistoryTree make_history_tree(std::span<const TrainingItem> items);

// Calls visit(item index, predicted recall) for every item of the tree, with the very
// operations predicted_recall (core/fsrs_training_loss.hpp) applies to each item alone, so the
// predictions are the same to the last bit; only the order of the calls differs (depth-first).
template <typename Number, typename Visit>
void for_each_prediction(const HistoryTree& tree, const FsrsParameters<Number>& w, Visit&& visit) {
  // after[d]: the memory after the answer at depth d on the path to the current node.
  std::vector<MemoryState<Number>> after(tree.deepest);
  for (std::size_t index = 0; index < tree.nodes.size(); ++index) {
    const HistoryNode& node = tree.nodes[index];
    if (node.depth == 0) {
      if (tree.has_children(index)) after[0] = fsrs_first_memory(node.review.rating, w);
      continue;
    }
    const MemoryState<Number>& before = after[node.depth - 1];
    if (!node.targets.empty()) {
      const Number recall = fsrs_recall_probability(static_cast<double>(node.review.elapsed_days),
                                                    before.stability, w);
      for (const std::size_t target : node.targets) visit(target, recall);
    }
    if (tree.has_children(index)) {
      after[node.depth] = fsrs_next_memory(before, node.review.elapsed_days, node.review.rating, w);
    }
  }
}

}  // namespace kioku
