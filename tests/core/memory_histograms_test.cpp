// Tests for the ease, difficulty and stability figures (core/memory_histograms.hpp).
#include "core/memory_histograms.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "tests/core/stats_history.hpp"

namespace kioku {
namespace {

using test::card;

CardSnapshot sm2_card(Phase phase, double ease) {
  CardSnapshot snapshot = card(phase, 5, 0);
  snapshot.state.ease = ease;
  return snapshot;
}

CardSnapshot fsrs_card(double difficulty, double stability) {
  CardSnapshot snapshot = card(Phase::kReview, 5, 0);
  snapshot.state.difficulty = difficulty;
  snapshot.state.stability = stability;
  snapshot.fsrs = true;
  return snapshot;
}

TEST_CASE("ease: SM-2 review and relearning cards by whole percent, median",
          "[core][memory_histograms]") {
  const std::vector<CardSnapshot> cards = {
      sm2_card(Phase::kReview, 2.5),
      sm2_card(Phase::kReview, 2.35f),  // a float's 2.3499999 is 235%, not 234%
      sm2_card(Phase::kRelearning, 1.3),
      sm2_card(Phase::kLearning, 2.5),  // no interval yet: left out
      fsrs_card(5.0, 10.0),             // FSRS: left out
  };
  const CountHistogram eases = ease_histogram(cards);
  CHECK(eases.counts == std::map<std::int64_t, std::int64_t>{{130, 1}, {235, 1}, {250, 1}});
  CHECK(median(eases) == Approx(235.0));
}

TEST_CASE("difficulty and stability: FSRS cards with memory, 1% bins, medians",
          "[core][memory_histograms]") {
  CardSnapshot sm2 = sm2_card(Phase::kReview, 2.5);
  sm2.state.difficulty = 5.0;  // an SM-2 card is left out whatever it holds
  sm2.state.stability = 3.0;
  const std::vector<CardSnapshot> cards = {
      fsrs_card(1.0, 0.4),    // D 0%; S rounds to 0
      fsrs_card(5.5, 2.5),    // D (5.5 - 1) / 9 = 50%; S 2.5 rounds to 3
      fsrs_card(10.0, 30.2),  // D 100%, binned at 99; S 30
      fsrs_card(7.3, 0.0),    // no memory state: left out
      sm2,
  };
  const DifficultyHistogram difficulty = difficulty_histogram(cards);
  CHECK(difficulty.percent.counts ==
        std::map<std::int64_t, std::int64_t>{{0, 1}, {50, 1}, {99, 1}});
  REQUIRE(difficulty.median_percent.has_value());
  CHECK(*difficulty.median_percent == Approx(50.0));
  CHECK(stability_histogram(cards).counts ==
        std::map<std::int64_t, std::int64_t>{{0, 1}, {3, 1}, {30, 1}});
}

TEST_CASE("percent bins: floor, with 100 in the last bin", "[core][memory_histograms]") {
  CHECK(percent_bin(0.0) == 0);
  CHECK(percent_bin(4.9) == 4);
  CHECK(percent_bin(99.9) == 99);
  CHECK(percent_bin(100.0) == 99);
}

}  // namespace
}  // namespace kioku
