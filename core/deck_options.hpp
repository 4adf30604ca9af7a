// Per-deck scheduling options, with the defaults of Anki's v3 scheduler (scheduling.md §2.1).
#pragma once

#include <vector>

namespace kioku {

enum class LeechAction { kTagOnly, kTagAndSuspend };

struct DeckOptions {
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
  int learn_ahead_seconds = 1200;
};

inline constexpr double kMinimumEase = 1.3;
inline constexpr int kMatureIntervalDays = 21;

}  // namespace kioku
