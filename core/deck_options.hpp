// Per-deck scheduling options, with the defaults of Anki's v3 scheduler (scheduling.md §2.1).
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace kioku {

enum class LeechAction { kTagOnly, kTagAndSuspend };

// Which scheduler a deck uses: Anki-style SM-2 (default), the original SuperMemo SM-2 with
// quality 0-5, or FSRS-6.
enum class Algorithm { kSm2, kSm2Classic, kFsrs };

std::string_view to_string(Algorithm algorithm) noexcept;
// "sm2", "sm2-classic", "fsrs"; nullopt otherwise.
std::optional<Algorithm> parse_algorithm(std::string_view text) noexcept;

// FSRS-6's 21 default parameters (scheduling.md §3.7).
inline constexpr std::array<double, 21> kFsrsDefaultWeights = {
    0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001,  1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};

struct DeckOptions {
  Algorithm algorithm = Algorithm::kSm2;
  // Spread review intervals over a small range (Anki's v3 fuzz). On for decks; off in replay
  // unless asked for, and in the reference tests.
  bool fuzz = true;
  double desired_retention = 0.9;  // FSRS
  std::array<double, 21> fsrs_weights = kFsrsDefaultWeights;
  std::vector<int> learn_steps_seconds{60, 600};
  int graduating_interval_good = 1;
  int graduating_interval_easy = 4;
  double initial_ease = 2.5;
  double easy_multiplier = 1.3;
  double hard_multiplier = 1.2;
  double interval_multiplier = 1.0;
  int maximum_interval = 36500;
  std::vector<int> relearn_steps_seconds{600};
  double lapse_multiplier = 0.0;
  int minimum_lapse_interval = 1;
  int leech_threshold = 8;  // 0 disables leech detection
  // kioku suspends leeches by default (Anki's code default only tags them); see docs/scheduling.md.
  LeechAction leech_action = LeechAction::kTagAndSuspend;
  int new_per_day = 20;
  int reviews_per_day = 200;
  // As in Anki v3, the review limit also caps new cards unless this is on: new cards seen today
  // use up the review limit, and no more new cards come than the limit has room for after the
  // day's reviews.
  bool new_cards_ignore_review_limit = false;
  int learn_ahead_seconds = 1200;
  // Answering a card buries its siblings (cards of the same note) of these kinds until the next
  // day. Off by default, as in Anki.
  bool bury_new_siblings = false;
  bool bury_review_siblings = false;
  bool bury_interday_learning_siblings = false;
};

inline constexpr double kMinimumEase = 1.3;
inline constexpr int kMatureIntervalDays = 21;

}  // namespace kioku
