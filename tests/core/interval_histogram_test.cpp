// Tests for the interval histogram and the medians (core/interval_histogram.hpp,
// core/count_histogram.hpp).
#include "core/interval_histogram.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "tests/core/stats_history.hpp"

namespace kioku {
namespace {

using test::card;

TEST_CASE("interval histogram: review and relearning cards, suspended included - median",
          "[core][interval_histogram]") {
  CardSnapshot suspended = card(Phase::kReview, 20, 0);
  suspended.state.suspended = true;
  std::vector<CardSnapshot> cards = {
      card(Phase::kReview, 1, 0),
      card(Phase::kReview, 3, 0),
      card(Phase::kReview, 3, 0),
      card(Phase::kReview, 10, 0),
      card(Phase::kRelearning, 7, 0),  // by the interval it returns to
      card(Phase::kLearning, 0, 0),    // no interval: left out
      card(Phase::kNew, 0, 0),         // left out
      suspended,
  };
  const CountHistogram histogram = interval_histogram(cards);
  CHECK(histogram.total == 6);
  CHECK(histogram.counts ==
        std::map<std::int64_t, std::int64_t>{{1, 1}, {3, 2}, {7, 1}, {10, 1}, {20, 1}});
  // Sorted 1 3 3 7 10 20: an even count, the middle two averaged: (3 + 7) / 2 = 5.
  CHECK(median(histogram) == Approx(5.0));
  // Without the suspended card: 1 3 3 7 10, the middle one is 3.
  cards.pop_back();
  CHECK(median(interval_histogram(cards)) == Approx(3.0));
}

TEST_CASE("interval histogram: no cards with an interval has no median",
          "[core][interval_histogram]") {
  const std::vector<CardSnapshot> cards = {card(Phase::kNew, 0, 0)};
  const CountHistogram histogram = interval_histogram(cards);
  CHECK(histogram.total == 0);
  CHECK_FALSE(median(histogram).has_value());
}

TEST_CASE("median of values: d3's quantile(0.5)", "[core][interval_histogram]") {
  CHECK_FALSE(median_of_values({}).has_value());
  CHECK(median_of_values({4.0}) == Approx(4.0));
  CHECK(median_of_values({0.9, 0.1, 0.5}) == Approx(0.5));
  // Sorted 0.1 0.3 0.5 0.9: (0.3 + 0.5) / 2.
  CHECK(median_of_values({0.5, 0.1, 0.9, 0.3}) == Approx(0.4));
}

}  // namespace
}  // namespace kioku
