// Queue building over the collection's index lookups; nothing here scans a whole table.
#include "daemon/methods/review_queue.hpp"

#include <algorithm>
#include <limits>

#include "daemon/methods/deck_options_json.hpp"

namespace kioku::daemon {

namespace {

constexpr std::int64_t kNoLimit = std::numeric_limits<std::int64_t>::max();

// The earliest-due card of `group` among the decks, due at or before `due_before`.
std::optional<std::int64_t> earliest_due(Collection& collection,
                                         const std::vector<QueueDeck>& decks, DueGroup group,
                                         TimestampMs due_before) {
  std::optional<DueCard> best;
  for (const QueueDeck& deck : decks) {
    if (group == DueGroup::kReview && deck.reviews_left <= 0) continue;
    const auto candidate = collection.first_due(deck.deck.id, group, due_before);
    if (candidate && (!best || candidate->due < best->due)) best = candidate;
  }
  if (!best) return std::nullopt;
  return best->id;
}

}  // namespace

std::optional<TimestampMs> next_due_time(Collection& collection,
                                         const std::vector<QueueDeck>& decks) {
  std::optional<TimestampMs> earliest;
  for (const QueueDeck& deck : decks) {
    const auto due = collection.next_due(deck.deck.id);
    if (due && (!earliest || *due < *earliest)) earliest = due;
  }
  return earliest;
}

std::vector<QueueDeck> queue_decks(Collection& collection, std::int64_t today,
                                   const std::optional<std::string>& only_deck) {
  std::vector<DeckRow> rows;
  if (only_deck) {
    auto deck = collection.deck_by_slug(*only_deck);
    if (!deck) throw Error(ErrorCode::kNotFound, "no deck with id '" + *only_deck + "'");
    rows.push_back(std::move(*deck));
  } else {
    rows = collection.decks();
  }
  std::vector<QueueDeck> decks;
  for (DeckRow& row : rows) {
    QueueDeck deck{std::move(row), {}, 0, 0};
    deck.options = deck_options_from_json(deck.deck.options_json);
    const DayTally tally = collection.deck_tally(deck.deck.id, today);
    deck.new_left = std::max<std::int64_t>(0, deck.options.new_per_day - tally.new_cards);
    deck.new_today = tally.new_cards;
    deck.reviews_today = tally.review_answers;
    deck.reviews_left =
        std::max<std::int64_t>(0, deck.options.reviews_per_day - tally.review_answers);
    decks.push_back(std::move(deck));
  }
  return decks;
}

DueBounds due_bounds(TimestampMs now, const DayCalendar& calendar) {
  return DueBounds{now, now, calendar.next_day_start(now) - 1};
}

DueCounts due_counts(Collection& collection, const QueueDeck& deck, const DueBounds& bounds) {
  DueCounts counts;
  counts.learning =
      collection.count_due(deck.deck.id, DueGroup::kLearning, bounds.learning, kNoLimit);
  counts.review =
      collection.count_due(deck.deck.id, DueGroup::kReview, bounds.review, deck.reviews_left);
  counts.new_cards = collection.count_new(deck.deck.id, deck.new_left);
  return counts;
}

DueCounts due_counts(Collection& collection, const std::vector<QueueDeck>& decks,
                     const DueBounds& bounds) {
  DueCounts total;
  for (const QueueDeck& deck : decks) {
    const DueCounts counts = due_counts(collection, deck, bounds);
    total.new_cards += counts.new_cards;
    total.learning += counts.learning;
    total.review += counts.review;
  }
  return total;
}

bool new_card_before_review(const std::vector<QueueDeck>& decks, const DueCounts& due) {
  if (due.new_cards == 0) return false;
  if (due.review == 0) return true;
  std::int64_t new_today = 0;
  std::int64_t reviews_today = 0;
  for (const QueueDeck& deck : decks) {
    new_today += deck.new_today;
    reviews_today += deck.reviews_today;
  }
  // Compare the shares of today's new cards and reviews already done, without division:
  // new_today / (new_today + due.new) < reviews_today / (reviews_today + due.review).
  const std::int64_t new_total = new_today + due.new_cards;
  const std::int64_t review_total = reviews_today + due.review;
  return (new_today + 1) * review_total < (reviews_today + 1) * new_total;
}

std::optional<std::int64_t> next_card(Collection& collection, const std::vector<QueueDeck>& decks,
                                      const DueBounds& bounds, const DueCounts& due) {
  if (auto card = earliest_due(collection, decks, DueGroup::kLearning, bounds.learning)) {
    return card;
  }
  const auto first_new_card = [&]() -> std::optional<std::int64_t> {
    for (const QueueDeck& deck : decks) {
      if (deck.new_left <= 0) continue;
      if (auto card = collection.first_new(deck.deck.id)) return card;
    }
    return std::nullopt;
  };
  if (new_card_before_review(decks, due)) {
    if (auto card = first_new_card()) return card;
  }
  if (auto card = earliest_due(collection, decks, DueGroup::kReview, bounds.review)) return card;
  if (auto card = first_new_card()) return card;
  std::int64_t learn_ahead_ms = 0;
  for (const QueueDeck& deck : decks) {
    learn_ahead_ms =
        std::max<std::int64_t>(learn_ahead_ms, deck.options.learn_ahead_seconds * 1000LL);
  }
  return earliest_due(collection, decks, DueGroup::kLearning, bounds.now + learn_ahead_ms);
}

}  // namespace kioku::daemon
