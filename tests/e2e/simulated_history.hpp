// A review history, one JSON line per answer as `kioku sched replay` reads it, generated from a
// seeded simulated learner whose memory follows FSRS-6 with known, steeper-than-default
// parameters: what the optimizer, evaluation and simulation tests feed the real binary.
#pragma once

#include <time.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <ctime>
#include <random>
#include <sstream>
#include <string>

#include "core/fsrs_memory_model.hpp"

namespace kioku::test {

inline std::string rfc3339(std::int64_t seconds) {
  const time_t time = static_cast<time_t>(seconds);
  struct tm utc {};
  gmtime_r(&time, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

inline const char* rating_name(kioku::Rating rating) {
  static const char* const kNames[] = {"again", "hard", "good", "easy"};
  return kNames[static_cast<int>(rating) - 1];
}

// `cards` cards learned over 30 days, each reviewed 6 times at about its stability under a
// steeper-than-default FSRS-6 learner; a lapse is relearned 10 minutes later. One JSON line
// per answer, card by card.
inline std::string simulated_history(int cards, std::uint64_t seed) {
  constexpr std::array<double, 21> kLearner = {0.6,  1.8,  4.5,  14.0, 7.0, 0.6, 2.2,
                                               0.02, 1.4,  0.25, 1.2,  1.8, 0.1, 0.35,
                                               2.0,  0.45, 2.4,  0.4,  0.2, 0.1, 0.35};
  constexpr std::int64_t kStart = 1'704'099'600;  // 2024-01-01 09:00 UTC, in seconds
  constexpr std::int64_t kDay = 86'400;
  std::mt19937_64 generator(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::ostringstream out;
  for (int card = 0; card < cards; ++card) {
    std::int64_t now = kStart + (card % 30) * kDay;
    auto answer = [&](kioku::Rating rating) {
      out << R"({"card":"c)" << card << R"(","time":")" << rfc3339(now) << R"(","rating":")"
          << rating_name(rating) << "\"}\n";
    };
    const auto first = static_cast<kioku::Rating>(1 + card % 4);
    answer(first);
    auto memory = kioku::fsrs_first_memory(first, kLearner);
    for (int review = 0; review < 6; ++review) {
      const int days =
          std::max(1, static_cast<int>(memory.stability * (0.5 + 1.5 * unit(generator))));
      now += days * kDay;
      const bool recalled =
          unit(generator) < kioku::fsrs_recall_probability(days, memory.stability, kLearner);
      const kioku::Rating rating = recalled ? kioku::Rating::kGood : kioku::Rating::kAgain;
      answer(rating);
      memory = kioku::fsrs_next_memory(memory, days, rating, kLearner);
      if (!recalled) {
        now += 600;
        answer(kioku::Rating::kGood);
        memory = kioku::fsrs_next_memory(memory, 0, kioku::Rating::kGood, kLearner);
      }
    }
  }
  return out.str();
}

}  // namespace kioku::test
