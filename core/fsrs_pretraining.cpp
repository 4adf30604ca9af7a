// fsrs-rs's pre-training of the initial stabilities (docs/fsrs-optimizer.md).
#include "core/fsrs_pretraining.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>

#include "core/cross_entropy.hpp"
#include "core/deck_options.hpp"  // kFsrsDefaultWeights
#include "core/fsrs_memory_model.hpp"

namespace kioku {

namespace {

constexpr double kLowestInitialStability = 0.1;
constexpr double kHighestInitialStability = 100.0;
// fsrs-rs pulls each S0 toward its default by an L1 term of |S0 - default| / 16.
constexpr double kDefaultPull = 16.0;
// The search stops when the bracket is this narrow (fsrs-rs: f32 epsilon) or after 1000 steps.
constexpr double kSearchTolerance = 1.1920929e-07;
constexpr int kMaximumSearchSteps = 1000;
// The fixed ratios that fill a rating without data: log S0 of Hard lies 3/5 of the way from
// Again to Good, and log S0 of Good 3/5 of the way from Hard to Easy.
constexpr double kHardBetweenAgainAndGood = 3.0 / 5.0;
constexpr double kGoodBetweenHardAndEasy = 3.0 / 5.0;

struct RecallAt {
  double elapsed_days;
  double recall;  // smoothed pass rate
  double count;
};

// Log loss of the group pass rates under R(t, S0), each group weighted by the square root of
// its size, plus the pull toward the default.
double pretraining_loss(const std::vector<RecallAt>& groups, double initial_stability,
                        double default_stability) {
  const FsrsParameters<double>& w = kFsrsDefaultWeights;
  double loss = 0.0;
  for (const RecallAt& group : groups) {
    const double predicted = fsrs_recall_probability(group.elapsed_days, initial_stability, w);
    loss += cross_entropy(predicted, group.recall) * std::sqrt(group.count);
  }
  return loss + std::abs(initial_stability - default_stability) / kDefaultPull;
}

// Ternary search over [0.1, 100], as fsrs-rs does it.
double search_initial_stability(const std::vector<RecallAt>& groups, double default_stability) {
  double low = kLowestInitialStability;
  double high = kHighestInitialStability;
  double best = 1.0;
  for (int step = 0; high - low > kSearchTolerance && step < kMaximumSearchSteps; ++step) {
    const double third = (high - low) / 3.0;
    const double lower = low + third;
    const double upper = high - third;
    if (pretraining_loss(groups, lower, default_stability) <
        pretraining_loss(groups, upper, default_stability)) {
      high = upper;
    } else {
      low = lower;
    }
    best = (high + low) / 2.0;
  }
  return best;
}

// x^a * y^(1-a): the point a of the way from y to x on a log scale.
double log_mix(double x, double a, double y) {
  return std::pow(x, a) * std::pow(y, 1.0 - a);
}

}  // namespace

std::optional<InitialStabilities> pretrain_initial_stabilities(
    const std::vector<TrainingItem>& first_long_term_reviews, double average_recall) {
  // rating index -> days to the first long-term review -> (passes, answers)
  std::array<std::map<int, std::pair<int, int>>, 4> groups;
  for (const TrainingItem& item : first_long_term_reviews) {
    const auto rating =
        static_cast<std::size_t>(static_cast<int>(item.reviews().front().rating) - 1);
    const TrainingReview& review = first_long_term_review(item);
    auto& [passes, answers] = groups[rating][review.elapsed_days];
    passes += review.rating != Rating::kAgain ? 1 : 0;
    answers += 1;
  }
  InitialStabilities result;
  std::array<std::optional<double>, 4> known;
  for (std::size_t rating = 0; rating < 4; ++rating) {
    if (groups[rating].empty()) continue;
    int total = 0;
    for (const auto& [days, counts] : groups[rating]) total += counts.second;
    result.item_count[rating] = total;
    // Laplace smoothing toward the average recall, with the rating's whole count as n (as
    // fsrs-rs has it): (recall * n + average) / (n + 1).
    std::vector<RecallAt> recalls;
    for (const auto& [days, counts] : groups[rating]) {
      const double recall = static_cast<double>(counts.first) / counts.second;
      recalls.push_back({static_cast<double>(days),
                         (recall * total + average_recall) / (total + 1.0),
                         static_cast<double>(counts.second)});
    }
    known[rating] = search_initial_stability(recalls, kFsrsDefaultWeights[rating]);
  }
  const std::optional<std::array<double, 4>> filled = smooth_and_fill(known, result.item_count);
  if (!filled) return std::nullopt;
  result.stability = *filled;
  return result;
}

std::optional<std::array<double, 4>> smooth_and_fill(std::array<std::optional<double>, 4> known,
                                                     const std::array<int, 4>& item_count) {
  // A lower rating should not start above a higher one: the better-supported value wins.
  constexpr std::array<std::array<std::size_t, 2>, 6> kPairs = {
      {{0, 1}, {1, 2}, {2, 3}, {0, 2}, {1, 3}, {0, 3}}};
  for (const auto& [small, big] : kPairs) {
    if (!known[small] || !known[big] || *known[small] <= *known[big]) continue;
    if (item_count[small] > item_count[big]) {
      known[big] = known[small];
    } else {
      known[small] = known[big];
    }
  }
  const int count = static_cast<int>(std::count_if(
      known.begin(), known.end(), [](const auto& value) { return value.has_value(); }));
  if (count == 0) return std::nullopt;
  const double w1 = kHardBetweenAgainAndGood;
  const double w2 = kGoodBetweenHardAndEasy;
  auto& [again, hard, good, easy] = known;
  std::array<double, 4> result{};
  if (count == 1) {
    // Scale the defaults by the one known rating's ratio to its default.
    std::size_t index = 0;
    while (!known[index]) ++index;
    const double factor = *known[index] / kFsrsDefaultWeights[index];
    for (std::size_t i = 0; i < 4; ++i) result[i] = kFsrsDefaultWeights[i] * factor;
    std::sort(result.begin(), result.end());
  } else {
    // Each missing value solves the two log-scale relations
    //   log Hard = w1 log Again + (1-w1) log Good,  log Good = (1-w2) log Hard + w2 log Easy
    // from the known ones, in the order fsrs-rs fills them.
    if (count == 2) {
      if (!again && !hard) {
        hard = log_mix(*good, 1.0 / (1.0 - w2), *easy);
        again = log_mix(*hard, 1.0 / w1, *good);
      } else if (!again && !good) {
        good = log_mix(*hard, 1.0 - w2, *easy);
        again = log_mix(*hard, 1.0 / w1, *good);
      } else if (!again && !easy) {
        easy = log_mix(*hard, 1.0 - 1.0 / w2, *good);
        again = log_mix(*hard, 1.0 / w1, *good);
      } else if (!hard && !good) {
        const double share = w1 / (w1 + w2 - w1 * w2);
        const double share_easy = w2 / (w1 + w2 - w1 * w2);
        hard = log_mix(*again, share, *easy);
        good = log_mix(*again, 1.0 - share_easy, *easy);
      } else if (!hard && !easy) {
        hard = log_mix(*again, w1, *good);
        easy = log_mix(*hard, 1.0 - 1.0 / w2, *good);
      } else if (!good && !easy) {
        good = log_mix(*again, 1.0 - 1.0 / (1.0 - w1), *hard);
        easy = log_mix(*hard, 1.0 - 1.0 / w2, *good);
      }
    } else if (count == 3) {
      if (!again) {
        again = log_mix(*hard, 1.0 / w1, *good);
      } else if (!hard) {
        hard = log_mix(*again, w1, *good);
      } else if (!good) {
        good = log_mix(*hard, 1.0 - w2, *easy);
      } else {
        easy = log_mix(*hard, 1.0 - 1.0 / w2, *good);
      }
    }
    for (std::size_t i = 0; i < 4; ++i) result[i] = *known[i];
  }
  for (double& value : result) {
    value = std::clamp(value, kLowestInitialStability, kHighestInitialStability);
  }
  return result;
}

}  // namespace kioku
