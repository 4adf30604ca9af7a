// Training items and fsrs-rs's outlier filter (docs/fsrs-optimizer.md).
#include "core/fsrs_training_items.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <set>
#include <utility>

namespace kioku {

namespace {

// fsrs-rs keeps a delta-t group only up to 100 days after the first answer, 365 for Easy.
constexpr int kLongestFirstIntervalDays = 100;
constexpr int kLongestFirstIntervalEasyDays = 365;
// It removes the smallest groups until at least 5 % of the rating's items (20 at least) are
// gone, and any group of fewer than 6 items.
constexpr std::size_t kMinimumRemoved = 20;
constexpr std::size_t kRemovedFraction = 20;  // 1/20 = 5 %
constexpr std::size_t kSmallestGroup = 6;

using GroupKey = std::pair<Rating, int>;  // first rating, days to the first long-term review

GroupKey group_of(const TrainingItem& item) {
  return {item.reviews().front().rating, first_long_term_review(item).elapsed_days};
}

}  // namespace

TrainingItem::TrainingItem(std::vector<TrainingReview> reviews, TimestampMs reviewed)
    : length(reviews.size()), reviewed(reviewed) {
  card_history = std::make_shared<const std::vector<TrainingReview>>(std::move(reviews));
}

TrainingItem::TrainingItem(std::shared_ptr<const std::vector<TrainingReview>> card_history,
                           std::size_t length, TimestampMs reviewed)
    : card_history(std::move(card_history)), length(length), reviewed(reviewed) {}

void append_training_items(const CardLog& card, const DayCalendar& calendar,
                           std::vector<TrainingItem>& items) {
  std::vector<const ReviewEntry*> kept;
  for (const ReviewEntry& entry : card.entries) {
    if (entry.kind == ReviewKind::kCram || entry.reviewed < card.reset_before) continue;
    kept.push_back(&entry);
  }
  if (kept.empty() || kept.front()->kind != ReviewKind::kLearning) return;
  auto history = std::make_shared<std::vector<TrainingReview>>();
  history->reserve(kept.size());
  std::vector<std::size_t> target_ends;  // the length of each item's history
  std::int64_t previous_day = 0;
  for (const ReviewEntry* entry : kept) {
    const std::int64_t day = calendar.day_number(entry->reviewed);
    // A clock put back counts as the same day, as the scheduler counts it (fsrs.cpp).
    const int elapsed =
        history->empty() ? 0 : static_cast<int>(std::max<std::int64_t>(day - previous_day, 0));
    history->push_back({entry->rating, elapsed});
    previous_day = day;
    if (history->size() > 1 && elapsed >= 1) target_ends.push_back(history->size());
  }
  // Every item sees a prefix of the one history, which is complete only now.
  const std::shared_ptr<const std::vector<TrainingReview>> shared = std::move(history);
  for (const std::size_t end : target_ends) {
    items.emplace_back(shared, end, kept[end - 1]->reviewed);
  }
}

void append_training_items(std::span<const PastAnswer> history, const DayCalendar& calendar,
                           std::vector<TrainingItem>& items) {
  std::vector<ReviewEntry> entries;
  entries.reserve(history.size());
  for (const PastAnswer& answer : history) {
    ReviewEntry entry;
    entry.reviewed = answer.time;
    // Only the first answer's kind matters here: a new card's first answer is learning.
    entry.kind = entries.empty() ? ReviewKind::kLearning : ReviewKind::kReview;
    entry.rating = answer.answer.rating;
    entries.push_back(entry);
  }
  append_training_items(CardLog{entries, 0}, calendar, items);
}

int long_term_review_count(const TrainingItem& item) {
  const std::span<const TrainingReview> reviews = item.reviews();
  return static_cast<int>(
      std::count_if(reviews.begin() + 1, reviews.end(),
                    [](const TrainingReview& r) { return r.elapsed_days > 0; }));
}

const TrainingReview& first_long_term_review(const TrainingItem& item) {
  const std::span<const TrainingReview> reviews = item.reviews();
  return *std::find_if(reviews.begin() + 1, reviews.end(),
                       [](const TrainingReview& r) { return r.elapsed_days > 0; });
}

FilteredItems filter_outliers(std::vector<TrainingItem> items) {
  // Group the first long-term reviews by first rating, then by days to that review.
  std::map<Rating, std::map<int, std::size_t>> group_sizes;
  for (const TrainingItem& item : items) {
    if (long_term_review_count(item) != 1) continue;
    const GroupKey key = group_of(item);
    ++group_sizes[key.first][key.second];
  }
  std::set<GroupKey> removed;
  for (const auto& [rating, sizes] : group_sizes) {
    std::size_t total = 0;
    std::vector<std::pair<std::size_t, int>> by_size;  // (size, days)
    for (const auto& [days, size] : sizes) {
      total += size;
      by_size.emplace_back(size, days);
    }
    // Smallest groups first; among equal sizes the shorter interval first (fsrs-rs walks its
    // size-descending, days-descending order backwards).
    std::sort(by_size.begin(), by_size.end());
    const std::size_t to_remove = std::max(kMinimumRemoved, total / kRemovedFraction);
    const int longest =
        rating == Rating::kEasy ? kLongestFirstIntervalEasyDays : kLongestFirstIntervalDays;
    std::size_t removed_so_far = 0;
    for (const auto& [size, days] : by_size) {
      if (removed_so_far + size < to_remove) {
        removed_so_far += size;
        removed.insert({rating, days});
      } else if (size < kSmallestGroup || days > longest) {
        removed.insert({rating, days});
      }
    }
  }
  FilteredItems result;
  for (TrainingItem& item : items) {
    const int long_term = long_term_review_count(item);
    // An item without a long-term review belongs to no group (fsrs-rs keeps it).
    if (long_term > 0 && removed.count(group_of(item)) != 0) continue;
    if (long_term == 1) result.pretraining.push_back(item);
    result.training.push_back(std::move(item));
  }
  return result;
}

std::vector<double> recency_weights(std::size_t count) {
  std::vector<double> weights(count);
  const double last = std::max(static_cast<double>(count) - 1.0, 1.0);
  for (std::size_t i = 0; i < count; ++i) {
    weights[i] = 0.25 + 0.75 * std::pow(static_cast<double>(i) / last, 3.0);
  }
  return weights;
}

}  // namespace kioku
