// Tests for the daily limits (core/daily_limits.hpp), Anki v3's arithmetic: what is left of
// each limit after the day's answers, and how the review limit is shared out among interday
// learning cards, reviews and new cards.
#include "core/daily_limits.hpp"

#include <catch2/catch.hpp>
#include <vector>

namespace kioku {
namespace {

DeckOptions limits(int new_per_day, int reviews_per_day, bool new_ignores_review_limit = false) {
  DeckOptions options;
  options.new_per_day = new_per_day;
  options.reviews_per_day = reviews_per_day;
  options.new_cards_ignore_review_limit = new_ignores_review_limit;
  return options;
}

DayTally answered(std::int64_t new_cards, std::int64_t reviews, std::int64_t interday) {
  DayTally tally;
  tally.new_cards = new_cards;
  tally.review_answers = reviews;
  tally.interday_answers = interday;
  tally.reviews = new_cards + reviews + interday;
  return tally;
}

// A deck with this many cards of each group due, counting as a store does (up to `most`), and
// remembering what it was asked.
struct DueDeck {
  std::int64_t interday = 0;
  std::int64_t reviews = 0;
  std::int64_t new_cards = 0;
  std::vector<std::pair<LimitedGroup, std::int64_t>> asked;

  LimitedCounts counts(const DailyAllowance& allowance) {
    return limit_due(allowance, [this](LimitedGroup group, std::int64_t most) {
      asked.emplace_back(group, most);
      const std::int64_t due = group == LimitedGroup::kInterdayLearning ? interday
                               : group == LimitedGroup::kReview         ? reviews
                                                                        : new_cards;
      return std::min(due, most);
    });
  }
};

TEST_CASE("daily limits: what is left is the limit minus the day's answers, never below 0",
          "[core][daily_limits]") {
  const DailyAllowance fresh = allowance_left(limits(20, 200), DayTally{});
  CHECK(fresh.new_left == 20);
  CHECK(fresh.reviews_left == 200);
  // New cards use up the review limit too, as in Anki v3.
  const DailyAllowance used = allowance_left(limits(20, 200), answered(5, 30, 10));
  CHECK(used.new_left == 15);
  CHECK(used.reviews_left == 155);
  const DailyAllowance over = allowance_left(limits(20, 200), answered(25, 190, 0));
  CHECK(over.new_left == 0);
  CHECK(over.reviews_left == 0);
}

TEST_CASE(
    "daily limits: with new_cards_ignore_review_limit new cards leave the review limit "
    "alone",
    "[core][daily_limits]") {
  const DailyAllowance left = allowance_left(limits(20, 200, true), answered(5, 30, 10));
  CHECK(left.new_left == 15);
  CHECK(left.reviews_left == 160);
  CHECK(left.new_cards_ignore_review_limit);
}

TEST_CASE(
    "daily limits: interday learning takes the review limit first, then reviews, then "
    "new cards get what is left",
    "[core][daily_limits]") {
  DueDeck deck{4, 10, 30, {}};
  const LimitedCounts counts = deck.counts(allowance_left(limits(20, 12), DayTally{}));
  CHECK(counts.interday_learning == 4);
  CHECK(counts.review == 8);
  CHECK(counts.new_cards == 0);
  // The new cards were not counted at all: the review limit had no room left.
  CHECK(deck.asked == std::vector<std::pair<LimitedGroup, std::int64_t>>{
                          {LimitedGroup::kInterdayLearning, 12}, {LimitedGroup::kReview, 8}});

  DueDeck roomy{2, 3, 30, {}};
  const LimitedCounts more = roomy.counts(allowance_left(limits(20, 15), DayTally{}));
  CHECK(more.interday_learning == 2);
  CHECK(more.review == 3);
  CHECK(more.new_cards == 10);  // 15 - 2 - 3, under the 20 new a day
}

TEST_CASE("daily limits: new cards that ignore the review limit are capped by new_per_day only",
          "[core][daily_limits]") {
  DueDeck deck{4, 10, 30, {}};
  const LimitedCounts counts = deck.counts(allowance_left(limits(20, 12, true), DayTally{}));
  CHECK(counts.review == 8);
  CHECK(counts.new_cards == 20);
}

TEST_CASE("daily limits: a count that overshoots its bound is held to it", "[core][daily_limits]") {
  const LimitedCounts counts =
      limit_due(allowance_left(limits(5, 7), DayTally{}),
                [](LimitedGroup, std::int64_t most) { return most + 100; });
  CHECK(counts.interday_learning == 7);
  CHECK(counts.review == 0);
  CHECK(counts.new_cards == 0);
}

}  // namespace
}  // namespace kioku
