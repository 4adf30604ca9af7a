// Tests for the retrievability figure (core/retrievability_stats.hpp).
#include "core/retrievability_stats.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "core/deck_options.hpp"
#include "tests/core/stats_history.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;

CardSnapshot reviewed_fsrs_card(std::int64_t note, double stability, TimestampMs last_review) {
  CardSnapshot snapshot;
  snapshot.state.phase = Phase::kReview;
  snapshot.state.stability = stability;
  snapshot.state.difficulty = 5.0;
  snapshot.state.last_review = last_review;
  snapshot.note_id = note;
  snapshot.fsrs = true;
  return snapshot;
}

TEST_CASE("retrievability: R per card, average and estimated total knowledge by hand",
          "[core][retrievability_stats]") {
  const TimestampMs now = 20000 * kDayMs;
  // FSRS-6's default decay w20 = 0.1542: R(t, S) = (1 + f t / S)^-0.1542 with
  // f = 0.9^(-1 / 0.1542) - 1, so R = 0.9 when t = S (by the curve's definition) and
  // R(20, 10) = (1 + 2 f)^-0.1542 = 0.84588465 (computed by hand, to 8 places).
  CardSnapshot sm2_sibling;  // an SM-2 card of note 2: no memory state, counts 0 for its note
  sm2_sibling.state.phase = Phase::kReview;
  sm2_sibling.state.interval_days = 5;
  sm2_sibling.note_id = 2;
  CardSnapshot unanswered = reviewed_fsrs_card(3, 0.0, 0);  // FSRS deck, no answer yet: no memory
  const std::vector<CardSnapshot> cards = {
      reviewed_fsrs_card(1, 10.0, now - 10 * kDayMs),  // R = 0.9
      reviewed_fsrs_card(2, 5.0, now),                 // R = 1
      reviewed_fsrs_card(4, 10.0, now - 20 * kDayMs),  // R = 0.84588465
      sm2_sibling,
      unanswered,
  };
  CHECK(current_retrievability(cards[0], now) == Approx(0.9).margin(1e-8));
  CHECK(current_retrievability(cards[2], now) == Approx(0.84588465).margin(1e-8));
  const RetrievabilityStats stats = retrievability_stats(cards, now);
  CHECK(stats.cards == 3);
  // 0.9 + 1 + 0.84588465 = 2.74588465 over 3 cards.
  CHECK(stats.knowledge_cards == Approx(2.74588465).margin(1e-7));
  REQUIRE(stats.average.has_value());
  CHECK(*stats.average == Approx(2.74588465 / 3.0).margin(1e-7));
  // Notes: 1 -> 0.9; 2 -> (1 + 0) / 2 = 0.5; 3 -> 0; 4 -> 0.84588465. Sum 2.24588465.
  CHECK(stats.knowledge_notes == Approx(2.24588465).margin(1e-7));
  // Bins: R = 1 goes to 99, 0.9 to 90, 0.8459 to 84.
  CHECK(stats.percent.counts == std::map<std::int64_t, std::int64_t>{{84, 1}, {90, 1}, {99, 1}});

  // The same cards with each note's cards side by side, in note order (as cards are usually
  // made): the notes are summed as they go by, to the same figures.
  const std::vector<CardSnapshot> in_note_order = {cards[0], cards[1], cards[3], cards[4],
                                                   cards[2]};
  const RetrievabilityStats streamed = retrievability_stats(in_note_order, now);
  CHECK(streamed.cards == 3);
  CHECK(streamed.knowledge_notes == Approx(2.24588465).margin(1e-7));
  CHECK(streamed.knowledge_cards == Approx(2.74588465).margin(1e-7));
}

TEST_CASE("retrievability: a deck's own decay is used", "[core][retrievability_stats]") {
  const TimestampMs now = 20000 * kDayMs;
  std::array<double, 21> weights = kFsrsDefaultWeights;
  weights[20] = 0.5;
  CardSnapshot card = reviewed_fsrs_card(1, 10.0, now - 20 * kDayMs);
  const double with_default = current_retrievability(card, now);
  card.fsrs_weights = &weights;
  // R(S, S) is 0.9 for every decay, so compare at t = 2S, where a steeper decay lowers R:
  // f = 0.9^-2 - 1 = 0.2345679, R = (1 + 2 f)^-0.5 = 0.8250286.
  CHECK(current_retrievability(card, now) == Approx(0.8250286).margin(1e-6));
  CHECK(with_default == Approx(0.84588465).margin(1e-8));
}

TEST_CASE("retrievability: no FSRS cards gives no average", "[core][retrievability_stats]") {
  const RetrievabilityStats stats = retrievability_stats(std::vector<CardSnapshot>{}, 0);
  CHECK(stats.cards == 0);
  CHECK_FALSE(stats.average.has_value());
  CHECK(stats.knowledge_cards == 0.0);
  CHECK(stats.knowledge_notes == 0.0);
}

}  // namespace
}  // namespace kioku
