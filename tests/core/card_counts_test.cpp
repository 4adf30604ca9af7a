// Tests for the card counts (core/card_counts.hpp).
#include "core/card_counts.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "tests/core/stats_history.hpp"

namespace kioku {
namespace {

using test::card;

TEST_CASE("card counts: each card once, inactive ones apart, leeches beside",
          "[core][card_counts]") {
  const std::int64_t today = 500;
  CardSnapshot suspended_leech = card(Phase::kReview, 30, 0);
  suspended_leech.state.suspended = true;
  suspended_leech.state.leech = true;
  CardSnapshot learning_leech = card(Phase::kRelearning, 3, 0);
  learning_leech.state.leech = true;
  CardSnapshot buried = card(Phase::kNew, 0, 0);
  buried.buried_until_day = today + 1;
  CardSnapshot burial_over = card(Phase::kNew, 0, 0);
  burial_over.buried_until_day = today;  // back since today's start
  CardSnapshot suspended_and_buried = card(Phase::kReview, 2, 0);
  suspended_and_buried.state.suspended = true;
  suspended_and_buried.buried_until_day = today + 1;
  const std::vector<CardSnapshot> cards = {
      card(Phase::kNew, 0, 0),
      card(Phase::kLearning, 0, 0),
      card(Phase::kReview, 20, 0),
      card(Phase::kReview, 21, 0),
      card(Phase::kReview, 400, 0),
      suspended_leech,
      learning_leech,
      buried,
      burial_over,
      suspended_and_buried,
  };
  const CardCounts counts = card_counts(cards, today);
  CHECK(counts.new_cards == 2);  // the plain new card and the one whose burial is over
  CHECK(counts.learning == 1);
  CHECK(counts.relearning == 1);  // the relearning leech
  CHECK(counts.young == 1);       // interval 20
  CHECK(counts.mature == 2);      // 21 and 400
  CHECK(counts.suspended == 2);   // suspended wins over buried
  CHECK(counts.buried == 1);
  CHECK(counts.leeches == 2);
  CHECK(counts.total() == 10);
}

TEST_CASE("card counts: an empty deck counts nothing", "[core][card_counts]") {
  CHECK(card_counts(std::vector<CardSnapshot>{}, 1) == CardCounts{});
}

}  // namespace
}  // namespace kioku
