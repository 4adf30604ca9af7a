// The training pass that replays each card's history once (core/fsrs_history_tree.hpp) against
// the definition, every item replayed alone (predicted_recall).
#include "core/fsrs_history_tree.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "core/deck_options.hpp"
#include "core/dual_number.hpp"
#include "core/fsrs_training_loss.hpp"

namespace kioku {
namespace {

// Every item of a card: one per answer at least a day after the one before, each holding the
// history up to it, same-day answers included (as append_training_items builds them).
void add_card(const std::vector<TrainingReview>& answers, std::vector<TrainingItem>& items) {
  for (std::size_t end = 2; end <= answers.size(); ++end) {
    if (answers[end - 1].elapsed_days < 1) continue;
    items.push_back({{answers.begin(), answers.begin() + static_cast<std::ptrdiff_t>(end)},
                     static_cast<TimestampMs>(items.size())});
  }
}

std::vector<TrainingItem> sample_cards() {
  std::vector<TrainingItem> items;
  add_card({{Rating::kGood, 0}, {Rating::kGood, 3}, {Rating::kEasy, 9}, {Rating::kGood, 30}},
           items);
  // Same-day answers in the history that are never targets: relearning after a lapse.
  add_card({{Rating::kAgain, 0},
            {Rating::kHard, 0},
            {Rating::kGood, 0},
            {Rating::kGood, 1},
            {Rating::kAgain, 4},
            {Rating::kGood, 0},
            {Rating::kHard, 2},
            {Rating::kGood, 7}},
           items);
  // A card whose history starts like the first one's: the shared prefix is one path.
  add_card({{Rating::kGood, 0},
            {Rating::kGood, 3},
            {Rating::kAgain, 11},
            {Rating::kGood, 0},
            {Rating::kGood, 2}},
           items);
  // The same card twice: identical histories share every node.
  add_card({{Rating::kEasy, 0}, {Rating::kGood, 15}, {Rating::kGood, 40}}, items);
  add_card({{Rating::kEasy, 0}, {Rating::kGood, 15}, {Rating::kGood, 40}}, items);
  return items;
}

TEST_CASE("The history tree predicts every item exactly as replaying it alone",
          "[fsrs][optimizer]") {
  const std::vector<TrainingItem> items = sample_cards();
  const HistoryTree tree = make_history_tree(items);
  std::vector<double> predicted(items.size(), -1.0);
  int visits = 0;
  for_each_prediction(tree, kFsrsDefaultWeights, [&](std::size_t index, double recall) {
    predicted[index] = recall;
    ++visits;
  });
  CHECK(visits == static_cast<int>(items.size()));
  for (std::size_t i = 0; i < items.size(); ++i) {
    INFO("item " << i);
    CHECK(predicted[i] == predicted_recall(items[i], kFsrsDefaultWeights));
  }
  // Fewer model steps than the items' answers together: the point of the tree.
  std::size_t answers = 0;
  for (const TrainingItem& item : items) answers += item.reviews().size();
  CHECK(tree.nodes.size() < answers / 2);
}

TEST_CASE("The batch loss and gradient from the tree match the per-item sums",
          "[fsrs][optimizer]") {
  const std::vector<TrainingItem> items = sample_cards();
  std::vector<double> weights;
  for (std::size_t i = 0; i < items.size(); ++i) weights.push_back(0.25 + 0.1 * i);
  const TrainingBatch batch = make_training_batch(items, weights);
  std::array<double, 21> w = kFsrsDefaultWeights;
  w[20] = 0.3;
  w[17] = 0.7;
  // A start off the defaults everywhere, so that every parameter feels the pull.
  std::array<double, 21> start = kFsrsDefaultWeights;
  for (double& parameter : start) parameter = parameter * 0.9 + 0.01;
  const Regularisation regularisation{start, 1.0, 100};
  std::array<double, 21> gradient{};
  const double loss = batch_loss(batch, w, regularisation, &gradient);

  // The definition: each item replayed alone on Dual<21>, plus the pull as
  // docs/fsrs-optimizer.md "Loss" writes it, γ · |B| / N · Σ_j (w_j − w0_j)² / σ_j², and its
  // derivative γ · |B| / N · 2 (w_j − w0_j) / σ_j².
  const double share = regularisation.gamma * static_cast<double>(items.size()) /
                       static_cast<double>(regularisation.total_items);
  std::array<double, 21> expected_gradient{};
  double expected_loss = 0.0;
  for (std::size_t j = 0; j < 21; ++j) {
    const double variance = kFsrsParameterSpread[j] * kFsrsParameterSpread[j];
    const double offset = w[j] - start[j];
    expected_loss += share * offset * offset / variance;
    expected_gradient[j] = share * 2.0 * offset / variance;
  }
  FsrsParameters<Dual<21>> dual;
  for (std::size_t i = 0; i < 21; ++i) dual[i] = Dual<21>::variable(w[i], i);
  for (std::size_t k = 0; k < items.size(); ++k) {
    const Dual<21> recall = predicted_recall(items[k], dual);
    const Dual<21> item_loss = items[k].recalled() ? -log(recall) : -log(1.0 - recall);
    expected_loss += weights[k] * item_loss.value;
    for (std::size_t i = 0; i < 21; ++i) expected_gradient[i] += weights[k] * item_loss.partials[i];
  }
  CHECK(std::abs(loss - expected_loss) <= 1e-12 * std::abs(expected_loss));
  CHECK(std::abs(batch_loss(batch, w, regularisation, nullptr) - expected_loss) <=
        1e-12 * std::abs(expected_loss));
  for (std::size_t i = 0; i < 21; ++i) {
    INFO("w[" << i << "]");
    CHECK(std::abs(gradient[i] - expected_gradient[i]) <=
          1e-12 * std::max(std::abs(expected_gradient[i]), 1.0));
  }
}

TEST_CASE("A certain prediction that was wrong leaves the loss and gradient finite",
          "[fsrs][optimizer]") {
  // Out of its range, an initial stability of 1e20 days predicts recall of exactly 1 a day
  // later; the lapse would cost -log(0) unclipped. Training never reaches such parameters
  // (they are clipped after every step), so it has no non-finite gradient to skip.
  const std::vector<TrainingItem> items = {
      TrainingItem{{{Rating::kGood, 0}, {Rating::kAgain, 1}}, 0},
      TrainingItem{{{Rating::kAgain, 0}, {Rating::kGood, 2}}, 1}};
  const TrainingBatch batch = make_training_batch(items, {1.0, 1.0});
  std::array<double, 21> w = kFsrsDefaultWeights;
  w[2] = 1e20;
  const Regularisation regularisation{kFsrsDefaultWeights, 1.0, 2};
  std::array<double, 21> gradient{};
  CHECK(std::isfinite(batch_loss(batch, w, regularisation, &gradient)));
  for (const double partial : gradient) CHECK(std::isfinite(partial));
}

}  // namespace
}  // namespace kioku
