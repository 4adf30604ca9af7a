// Queue building over the collection's index lookups; nothing here scans a whole table. No
// queue lives between requests: the main queue's next card is the one Anki's iterator over the
// day's queue would give after what was already studied today (core/queue_order.hpp).
#include "daemon/methods/review_queue.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "core/deck_selection.hpp"
#include "core/error.hpp"
#include "core/queue_order.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::daemon {

namespace {

constexpr std::int64_t kNoLimit = std::numeric_limits<std::int64_t>::max();

// The earliest-due card of `group` among the decks with some of it left in `due`, due at or
// before `due_before`.
std::optional<std::int64_t> earliest_due(Collection& collection, const std::vector<DeckDue>& decks,
                                         DueGroup group, const DueBounds& bounds,
                                         TimestampMs due_before) {
  std::optional<DueCard> best;
  for (const DeckDue& entry : decks) {
    const std::int64_t allowed = group == DueGroup::kReview ? entry.due.review
                                 : group == DueGroup::kInterdayLearning
                                     ? entry.due.interday_learning
                                     : kNoLimit;
    if (allowed <= 0) continue;
    const auto candidate = collection.due_index().first_due(entry.deck.deck.id, group, due_before,
                                                            bounds.today, entry.deck.tag);
    if (candidate && (!best || candidate->due < best->due)) best = candidate;
  }
  if (!best) return std::nullopt;
  return best->id;
}

// New cards come deck by deck, each in its deck's order.
std::optional<std::int64_t> first_new_card(Collection& collection,
                                           const std::vector<DeckDue>& decks,
                                           const DueBounds& bounds) {
  for (const DeckDue& entry : decks) {
    if (entry.due.new_cards <= 0) continue;
    if (auto card =
            collection.due_index().first_new(entry.deck.deck.id, bounds.today, entry.deck.tag)) {
      return card;
    }
  }
  return std::nullopt;
}

// The main queue's order for the next card, from the decks' totals.
std::array<MainQueueSource, 3> main_queue_order(const std::vector<DeckDue>& decks) {
  MainQueueTally due;
  MainQueueTally done;
  for (const DeckDue& entry : decks) {
    due.reviews += entry.due.review;
    due.interday_learning += entry.due.interday_learning;
    due.new_cards += entry.due.new_cards;
    done.reviews += entry.deck.reviews_today;
    done.interday_learning += entry.deck.interday_today;
    done.new_cards += entry.deck.new_today;
  }
  return main_queue_order(done, due);
}

}  // namespace

std::optional<TimestampMs> next_due_time(Collection& collection,
                                         const std::vector<QueueDeck>& decks,
                                         const DueBounds& bounds) {
  std::optional<TimestampMs> earliest;
  for (const QueueDeck& deck : decks) {
    const auto due = collection.due_index().next_due(deck.deck.id, bounds.today,
                                                     bounds.tomorrow_start, deck.tag);
    if (due && (!earliest || *due < *earliest)) earliest = due;
  }
  return earliest;
}

std::vector<DeckRow> chosen_decks(Collection& collection, const std::optional<std::string>& deck) {
  std::vector<DeckRow> rows = collection.decks().all();
  if (!deck) return rows;
  std::vector<DeckNaming> namings;
  namings.reserve(rows.size());
  for (const DeckRow& row : rows) namings.push_back(DeckNaming{row.slug, row.name});
  const DeckSelection selection = select_decks(*deck, namings);
  switch (selection.outcome) {
    case DeckSelectionOutcome::kUnknown:
      throw Error(ErrorCode::kNotFound,
                  bilingual("no deck with id or name '{deck}'",
                            "ID または名前が '{deck}' のデッキはありません", {{"deck", *deck}}));
    case DeckSelectionOutcome::kAmbiguous: {
      // The candidates in `data` too, with their names in every language, for a client to
      // word the choice in its user's (cli/review_session.cpp).
      std::string candidates;
      boost::json::array named;
      for (const std::size_t index : selection.decks) {
        const DeckRow& row = rows[index];
        if (!candidates.empty()) candidates += ", ";
        candidates += row.slug;
        boost::json::object names;
        for (const auto& [language, name] : row.name) names[language] = name;
        named.push_back(boost::json::object{{"id", row.slug}, {"names", std::move(names)}});
      }
      throw protocol::ErrorWithData(
          ErrorCode::kNotFound,
          bilingual("deck name '{deck}' is ambiguous: it names {candidates}",
                    "デッキ名 '{deck}' は複数のデッキに当たります: {candidates}",
                    {{"deck", *deck}, {"candidates", candidates}}),
          {{"candidates", std::move(named)}});
    }
    case DeckSelectionOutcome::kFound:
      break;
  }
  std::vector<DeckRow> chosen;
  for (const std::size_t index : selection.decks) chosen.push_back(std::move(rows[index]));
  return chosen;
}

std::vector<QueueDeck> queue_decks(Collection& collection, std::int64_t today,
                                   const std::optional<std::string>& only_deck,
                                   std::optional<std::int64_t> new_per_day) {
  std::vector<DeckRow> rows;
  if (only_deck) {
    rows.push_back(collection.decks().require(*only_deck));
  } else {
    rows = collection.decks().all();
  }
  return queue_decks(collection, today, std::move(rows), new_per_day, std::nullopt);
}

std::vector<QueueDeck> queue_decks(Collection& collection, std::int64_t today,
                                   std::vector<DeckRow> rows,
                                   std::optional<std::int64_t> new_per_day,
                                   const std::optional<std::string>& tag) {
  const auto tallies = collection.daily_stats().deck_tallies(today);
  std::vector<QueueDeck> decks;
  for (DeckRow& row : rows) {
    QueueDeck deck;
    deck.deck = std::move(row);
    deck.options = deck_options_from_json(deck.deck.options_json);
    if (new_per_day) {
      deck.options.new_per_day =
          static_cast<int>(std::min<std::int64_t>(*new_per_day, std::numeric_limits<int>::max()));
    }
    const auto found = tallies.find(deck.deck.id);
    const DayTally tally = found != tallies.end() ? found->second : DayTally{};
    deck.left = allowance_left(deck.options, tally);
    deck.new_today = tally.new_cards;
    deck.reviews_today = tally.review_answers;
    deck.interday_today = tally.interday_answers;
    deck.tag = tag;
    decks.push_back(std::move(deck));
  }
  return decks;
}

DueBounds due_bounds(TimestampMs now, const DayCalendar& calendar) {
  const std::int64_t today = calendar.day_number(now);
  const TimestampMs tomorrow_start = calendar.day_start(today + 1);
  return DueBounds{now, now, tomorrow_start - 1, today, tomorrow_start};
}

DueCounts due_counts(Collection& collection, const QueueDeck& deck, const DueBounds& bounds) {
  const std::int64_t id = deck.deck.id;
  DueIndex& index = collection.due_index();
  DueCounts counts;
  const std::optional<std::string>& tag = deck.tag;
  counts.learning = index.count_due(id, DueGroup::kIntradayLearning, bounds.learning, bounds.today,
                                    kNoLimit, tag);
  const LimitedCounts limited = limit_due(deck.left, [&](LimitedGroup group, std::int64_t most) {
    switch (group) {
      case LimitedGroup::kInterdayLearning:
        return index.count_due(id, DueGroup::kInterdayLearning, bounds.learning, bounds.today, most,
                               tag);
      case LimitedGroup::kReview:
        return index.count_due(id, DueGroup::kReview, bounds.review, bounds.today, most, tag);
      case LimitedGroup::kNew:
        return index.count_new(id, bounds.today, most, tag);
    }
    return std::int64_t{0};
  });
  counts.interday_learning = limited.interday_learning;
  counts.review = limited.review;
  counts.new_cards = limited.new_cards;
  return counts;
}

std::vector<DeckDue> due_counts_by_deck(Collection& collection, const std::vector<QueueDeck>& decks,
                                        const DueBounds& bounds) {
  std::vector<DeckDue> by_deck;
  by_deck.reserve(decks.size());
  for (const QueueDeck& deck : decks) {
    by_deck.push_back({deck, due_counts(collection, deck, bounds)});
  }
  return by_deck;
}

DueCounts sum_counts(const std::vector<DeckDue>& by_deck) {
  DueCounts total;
  for (const DeckDue& entry : by_deck) {
    total.new_cards += entry.due.new_cards;
    total.learning += entry.due.learning;
    total.interday_learning += entry.due.interday_learning;
    total.review += entry.due.review;
  }
  return total;
}

DueCounts due_counts(Collection& collection, const std::vector<QueueDeck>& decks,
                     const DueBounds& bounds) {
  return sum_counts(due_counts_by_deck(collection, decks, bounds));
}

CramNext next_cram_card(Collection& collection, const std::vector<QueueDeck>& decks,
                        std::int64_t today, const std::optional<DueCard>& after) {
  CramNext next;
  std::optional<DueCard> best;
  for (const QueueDeck& deck : decks) {
    DueIndex& index = collection.due_index();
    next.left += index.count_cram(deck.deck.id, today, after, deck.tag);
    const auto candidate = index.first_cram(deck.deck.id, today, after, deck.tag);
    if (candidate &&
        (!best || std::pair(candidate->due, candidate->id) < std::pair(best->due, best->id))) {
      best = candidate;
    }
  }
  if (best) next.card = best->id;
  return next;
}

std::optional<std::int64_t> next_card(Collection& collection, const std::vector<DeckDue>& due,
                                      const DueBounds& bounds) {
  if (auto card =
          earliest_due(collection, due, DueGroup::kIntradayLearning, bounds, bounds.learning)) {
    return card;
  }
  for (const MainQueueSource source : main_queue_order(due)) {
    std::optional<std::int64_t> card;
    switch (source) {
      case MainQueueSource::kReview:
        card = earliest_due(collection, due, DueGroup::kReview, bounds, bounds.review);
        break;
      case MainQueueSource::kInterdayLearning:
        card = earliest_due(collection, due, DueGroup::kInterdayLearning, bounds, bounds.learning);
        break;
      case MainQueueSource::kNew:
        card = first_new_card(collection, due, bounds);
        break;
    }
    if (card) return card;
  }
  std::int64_t learn_ahead_ms = 0;
  for (const DeckDue& entry : due) {
    learn_ahead_ms =
        std::max<std::int64_t>(learn_ahead_ms, entry.deck.options.learn_ahead_seconds * 1000LL);
  }
  return earliest_due(collection, due, DueGroup::kIntradayLearning, bounds,
                      bounds.now + learn_ahead_ms);
}

}  // namespace kioku::daemon
