// From review logs to the optimizer's training items, as fsrs-rs and Anki build them
// (docs/fsrs-optimizer.md "Training items"): one item per answer that came at least a day after
// the answer before it, seeing the card's whole history up to and including that answer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/day_calendar.hpp"
#include "core/rating.hpp"
#include "core/replay.hpp"
#include "core/review_entry.hpp"
#include "core/time.hpp"

namespace kioku {

// One answer of an item's history: the rating and the whole scheduler days since the card's
// previous answer (0 for the first answer and for same-day answers).
struct TrainingReview {
  Rating rating = Rating::kGood;
  int elapsed_days = 0;
};

// The model reads reviews()[0 .. size-2] as history and predicts recall at the last one, the
// target (at least a day after the one before it). A card's items share the card's one history,
// each seeing a prefix of it: a card with n answers has up to n items, and a copy of the
// history in each would take memory quadratic in n (a log is untrusted input).
struct TrainingItem {
  // An item with a history of its own, all of `reviews`.
  TrainingItem(std::vector<TrainingReview> reviews, TimestampMs reviewed);
  // An item seeing the first `length` answers of `card_history` (2 <= length <= its size).
  TrainingItem(std::shared_ptr<const std::vector<TrainingReview>> card_history, std::size_t length,
               TimestampMs reviewed);

  std::shared_ptr<const std::vector<TrainingReview>> card_history;  // shared by a card's items
  std::size_t length = 0;    // this item's answers: the first `length` of the card's
  TimestampMs reviewed = 0;  // when the target answer was given: the recency order

  std::span<const TrainingReview> reviews() const { return {card_history->data(), length}; }
  const TrainingReview& target() const { return reviews().back(); }
  bool recalled() const { return target().rating != Rating::kAgain; }
  double observed() const { return recalled() ? 1.0 : 0.0; }  // the label the loss compares
};

// One card's log. Answers before `reset_before` were wiped by a reset (Anki's Forget) and do
// not count; 0: never reset.
struct CardLog {
  std::span<const ReviewEntry> entries;  // in log order
  TimestampMs reset_before = 0;
};

// Appends the card's items. Cram answers (which do not change the schedule) and answers before
// a reset are left out; what remains must start with a learning answer (the card's first
// rating), else the card gives no items, since the model cannot know its starting state.
void append_training_items(const CardLog& card, const DayCalendar& calendar,
                           std::vector<TrainingItem>& items);

// The same from a history as `kioku sched replay` reads it (core/replay.hpp): one card's
// answers from new, in the order given. Such a history has no cram answers and no resets.
void append_training_items(std::span<const PastAnswer> history, const DayCalendar& calendar,
                           std::vector<TrainingItem>& items);

// Answers after the first that came at least a day after the one before (fsrs-rs's
// long_term_review_cnt); an item with exactly one is a first long-term review, the data that
// pre-training fits the initial stabilities to.
int long_term_review_count(const TrainingItem& item);

// The first answer after the first that came a day or more after the one before.
const TrainingReview& first_long_term_review(const TrainingItem& item);

struct FilteredItems {
  std::vector<TrainingItem> pretraining;  // first long-term reviews that passed the filter
  std::vector<TrainingItem> training;     // every item that passed it
};

// fsrs-rs's outlier filter (dataset.rs filter_outlier; the rule is spelled out in
// docs/fsrs-optimizer.md). Takes all items; keeps their order.
FilteredItems filter_outliers(std::vector<TrainingItem> items);

// fsrs-rs's recency weights for items sorted by time: 0.25 + 0.75 (i / (n-1))^3, so the
// newest answers weigh four times the oldest.
std::vector<double> recency_weights(std::size_t count);

}  // namespace kioku
