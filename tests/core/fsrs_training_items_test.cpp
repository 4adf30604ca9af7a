// Training items from hand-made logs (docs/fsrs-optimizer.md "Training items") and fsrs-rs's
// outlier filter.
#include "core/fsrs_training_items.hpp"

#include <catch2/catch.hpp>

#include <optional>
#include <set>
#include <vector>

#include "tests/core/time_zone_guard.hpp"
#include "tests/core/utc_instant.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;
using test::kHourMs;

using test::TimeZoneGuard;

using test::kHistoryStart;

ReviewEntry entry(TimestampMs when, ReviewKind kind, Rating rating) {
  ReviewEntry result;
  result.reviewed = when;
  result.kind = kind;
  result.rating = rating;
  return result;
}

std::vector<TrainingItem> items_of(const std::vector<ReviewEntry>& entries,
                                   TimestampMs reset_before = 0) {
  const DayCalendar calendar;
  std::vector<TrainingItem> items;
  append_training_items(CardLog{entries, reset_before}, calendar, items);
  return items;
}

TEST_CASE("Training items: one per answer a day or more after the previous one",
          "[fsrs][optimizer]") {
  const TimeZoneGuard zone("UTC");
  const std::vector<ReviewEntry> log = {
      entry(kHistoryStart, ReviewKind::kLearning, Rating::kAgain),
      entry(kHistoryStart + kHourMs, ReviewKind::kLearning,
            Rating::kGood),  // same day: history only
      entry(kHistoryStart + 2 * kDayMs, ReviewKind::kReview, Rating::kGood),  // target, 2 days
      entry(kHistoryStart + 2 * kDayMs + kHourMs, ReviewKind::kCram,
            Rating::kAgain),                                                   // cram: left out
      entry(kHistoryStart + 6 * kDayMs, ReviewKind::kReview, Rating::kAgain),  // target, 4 days
      entry(kHistoryStart + 6 * kDayMs + kHourMs, ReviewKind::kRelearning,
            Rating::kGood),  // same day
      // 23:00 then 05:00 the next morning: a new scheduler day, so a target of 1 day.
      entry(kHistoryStart + 6 * kDayMs + 11 * kHourMs, ReviewKind::kReview, Rating::kHard),
      entry(kHistoryStart + 6 * kDayMs + 17 * kHourMs, ReviewKind::kReview, Rating::kGood),
  };
  const std::vector<TrainingItem> items = items_of(log);
  REQUIRE(items.size() == 3);
  // The first answer is never a target; the same-day answers are in the history.
  REQUIRE(items[0].reviews().size() == 3);
  CHECK(items[0].reviews()[0].rating == Rating::kAgain);
  CHECK(items[0].reviews()[0].elapsed_days == 0);
  CHECK(items[0].reviews()[1].elapsed_days == 0);
  CHECK(items[0].target().elapsed_days == 2);
  CHECK(items[0].recalled());
  CHECK(items[0].reviewed == kHistoryStart + 2 * kDayMs);
  // No cram answer in the history, and the lapse is a target that was not recalled.
  REQUIRE(items[1].reviews().size() == 4);
  CHECK(items[1].target().elapsed_days == 4);
  CHECK_FALSE(items[1].recalled());
  // 17:00 then 23:00 the same day is no target; 23:00 to 05:00 crosses the day start.
  REQUIRE(items[2].reviews().size() == 7);
  CHECK(items[2].reviews()[5].elapsed_days == 0);
  CHECK(items[2].target().elapsed_days == 1);
  CHECK(items[2].target().rating == Rating::kGood);
  CHECK(long_term_review_count(items[2]) == 3);
  CHECK(first_long_term_review(items[2]).elapsed_days == 2);
}

TEST_CASE("Training items: a reset starts the card again, and no learning start makes no items",
          "[fsrs][optimizer]") {
  const TimeZoneGuard zone("UTC");
  const std::vector<ReviewEntry> log = {
      entry(kHistoryStart, ReviewKind::kLearning, Rating::kGood),
      entry(kHistoryStart + 3 * kDayMs, ReviewKind::kReview, Rating::kGood),
      entry(kHistoryStart + 10 * kDayMs, ReviewKind::kLearning, Rating::kEasy),  // after the reset
      entry(kHistoryStart + 15 * kDayMs, ReviewKind::kReview, Rating::kGood),
  };
  CHECK(items_of(log).size() == 3);
  const std::vector<TrainingItem> after_reset = items_of(log, kHistoryStart + 10 * kDayMs);
  REQUIRE(after_reset.size() == 1);
  REQUIRE(after_reset[0].reviews().size() == 2);
  CHECK(after_reset[0].reviews()[0].rating == Rating::kEasy);
  CHECK(after_reset[0].target().elapsed_days == 5);
  // Starting with a review answer (the log lost its learning), the first rating is unknown.
  CHECK(items_of(log, kHistoryStart + 1).empty());
  CHECK(items_of({entry(kHistoryStart, ReviewKind::kCram, Rating::kGood),
                  entry(kHistoryStart + kDayMs, ReviewKind::kCram, Rating::kGood)})
            .empty());
}

TEST_CASE("Training items from a replay history", "[fsrs][optimizer]") {
  const TimeZoneGuard zone("UTC");
  const DayCalendar calendar;
  auto answer = [](TimestampMs when, Rating rating) {
    return PastAnswer{when, Answer{rating, std::nullopt}};
  };
  const std::vector<PastAnswer> history = {answer(kHistoryStart, Rating::kHard),
                                           answer(kHistoryStart + kHourMs, Rating::kGood),
                                           answer(kHistoryStart + kDayMs, Rating::kAgain),
                                           answer(kHistoryStart + kDayMs + kHourMs, Rating::kGood),
                                           answer(kHistoryStart + 4 * kDayMs, Rating::kEasy)};
  std::vector<TrainingItem> items;
  append_training_items(history, calendar, items);
  REQUIRE(items.size() == 2);
  CHECK(items[0].reviews().size() == 3);
  CHECK_FALSE(items[0].recalled());
  CHECK(items[1].reviews().size() == 5);
  CHECK(items[1].reviews().front().rating == Rating::kHard);
  CHECK(items[1].target().elapsed_days == 3);
}

TEST_CASE("Training items: a card's items share one history, so memory grows linearly",
          "[fsrs][optimizer]") {
  // 20,000 daily answers make 19,999 items; copied into each, their histories would hold
  // about 2e8 answers (several GB), all from one card of an untrusted log.
  const TimeZoneGuard zone("UTC");
  constexpr int kAnswers = 20'000;
  std::vector<ReviewEntry> log;
  log.push_back(entry(kHistoryStart, ReviewKind::kLearning, Rating::kGood));
  for (int day = 1; day < kAnswers; ++day) {
    log.push_back(entry(kHistoryStart + day * kDayMs, ReviewKind::kReview, Rating::kGood));
  }
  const std::vector<TrainingItem> items = items_of(log);
  REQUIRE(items.size() == kAnswers - 1);
  std::set<const std::vector<TrainingReview>*> stored;
  std::size_t stored_answers = 0;
  for (const TrainingItem& item : items) {
    if (stored.insert(item.card_history.get()).second) stored_answers += item.card_history->size();
  }
  CHECK(stored.size() == 1);
  CHECK(stored_answers == kAnswers);
  // Each item still sees its own prefix.
  CHECK(items.front().reviews().size() == 2);
  CHECK(items.back().reviews().size() == kAnswers);
  CHECK(items[99].target().elapsed_days == 1);
}

TrainingItem first_long_term(Rating first, int days) {
  return TrainingItem{{{first, 0}, {Rating::kGood, days}}, 0};
}

TEST_CASE("The outlier filter drops the rarest delta-t groups of each first rating",
          "[fsrs][optimizer]") {
  std::vector<TrainingItem> items;
  // Good: 400 items at 2 days, 30 at 4, 12 at 7, 5 at 9 and 10 at 150 (too long).
  for (int i = 0; i < 400; ++i) items.push_back(first_long_term(Rating::kGood, 2));
  for (int i = 0; i < 30; ++i) items.push_back(first_long_term(Rating::kGood, 4));
  for (int i = 0; i < 12; ++i) items.push_back(first_long_term(Rating::kGood, 7));
  for (int i = 0; i < 5; ++i) items.push_back(first_long_term(Rating::kGood, 9));
  for (int i = 0; i < 10; ++i) items.push_back(first_long_term(Rating::kGood, 150));
  // Easy: 25 at 200 days (kept: Easy may reach 365) and 3 at 1 (removed, too few).
  for (int i = 0; i < 25; ++i) items.push_back(first_long_term(Rating::kEasy, 200));
  for (int i = 0; i < 3; ++i) items.push_back(first_long_term(Rating::kEasy, 1));
  // A later review of a card whose first long-term review fell in a removed group goes too;
  // one in a kept group stays.
  items.push_back(TrainingItem{{{Rating::kGood, 0}, {Rating::kGood, 9}, {Rating::kGood, 20}}, 0});
  items.push_back(TrainingItem{{{Rating::kGood, 0}, {Rating::kGood, 2}, {Rating::kGood, 5}}, 0});

  const FilteredItems filtered = filter_outliers(items);
  // Good: 457 items, so at least max(20, 457/20 = 22) go, smallest first: 5 (9 days), then
  // 10 (150 days) makes 15, then 12 (7 days) would make 27 >= 22, so 7 days is the first
  // group kept. Easy: 28 items, 20 to remove: the 3 at 1 day go, then 25 would reach
  // 28 >= 20, so 200 days is kept (under Easy's 365).
  CHECK(filtered.pretraining.size() == 12 + 30 + 400 + 25);
  CHECK(filtered.training.size() == 12 + 30 + 400 + 25 + 1);
  for (const TrainingItem& item : filtered.training) {
    CHECK(first_long_term_review(item).elapsed_days != 9);
    CHECK(first_long_term_review(item).elapsed_days != 150);
    CHECK(first_long_term_review(item).elapsed_days != 1);
  }
}

TEST_CASE("Recency weights rise from 0.25 to 1 with the cube of the position",
          "[fsrs][optimizer]") {
  const std::vector<double> weights = recency_weights(5);
  CHECK(weights[0] == 0.25);
  CHECK(weights[2] == Approx(0.25 + 0.75 * 0.125));
  CHECK(weights[4] == 1.0);
  CHECK(recency_weights(1) == std::vector<double>{0.25});
}

}  // namespace
}  // namespace kioku
