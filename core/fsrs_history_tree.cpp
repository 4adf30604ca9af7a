// The prefix tree of training histories (core/fsrs_history_tree.hpp).
#include "core/fsrs_history_tree.hpp"

#include <algorithm>
#include <numeric>

namespace kioku {

namespace {

bool earlier(const TrainingReview& a, const TrainingReview& b) {
  if (a.rating != b.rating) return a.rating < b.rating;
  return a.elapsed_days < b.elapsed_days;
}

bool same(const TrainingReview& a, const TrainingReview& b) {
  return a.rating == b.rating && a.elapsed_days == b.elapsed_days;
}

}  // namespace

HistoryTree make_history_tree(std::span<const TrainingItem> items) {
  // Sorted lexicographically, a history comes right after the one it shares the longest
  // prefix with, and a prefix before its extensions: each one adds the nodes past that prefix.
  std::vector<std::size_t> order(items.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&items](std::size_t a, std::size_t b) {
    const std::span<const TrainingReview> first = items[a].reviews();
    const std::span<const TrainingReview> second = items[b].reviews();
    return std::lexicographical_compare(first.begin(), first.end(), second.begin(), second.end(),
                                        earlier);
  });
  HistoryTree tree;
  std::vector<std::size_t> path;  // node indices from the root to the previous history's end
  std::span<const TrainingReview> previous;  // empty before the first
  for (const std::size_t index : order) {
    const std::span<const TrainingReview> reviews = items[index].reviews();
    const std::size_t longest = std::min(previous.size(), reviews.size());
    std::size_t shared = 0;
    while (shared < longest && same(previous[shared], reviews[shared])) ++shared;
    path.resize(shared);
    for (std::size_t depth = shared; depth < reviews.size(); ++depth) {
      path.push_back(tree.nodes.size());
      tree.nodes.push_back({reviews[depth], depth, {}});
    }
    tree.nodes[path.back()].targets.push_back(index);
    tree.deepest = std::max(tree.deepest, reviews.size());
    previous = reviews;
  }
  return tree;
}

}  // namespace kioku
