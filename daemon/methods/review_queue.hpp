// What is due now and which card comes next, under each deck's daily limits. The order is:
// learning cards already due, then due reviews, then new cards, then learning cards due within
// the learn-ahead window (scheduling.md §2.7).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/day_calendar.hpp"
#include "core/deck_options.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

struct DueCounts {
  std::int64_t new_cards = 0;
  std::int64_t learning = 0;
  std::int64_t review = 0;
  std::int64_t total() const { return new_cards + learning + review; }
};

// A deck with the options and today's allowances its queue is built from.
struct QueueDeck {
  DeckRow deck;
  DeckOptions options;
  std::int64_t new_left = 0;       // new cards still allowed today
  std::int64_t reviews_left = 0;   // review answers still allowed today
  std::int64_t new_today = 0;      // new cards already seen today
  std::int64_t reviews_today = 0;  // reviews already answered today
};

// The decks to draw from: all of them, or the one whose slug is `only_deck` (throws kNotFound
// when there is none).
std::vector<QueueDeck> queue_decks(Collection& collection, std::int64_t today,
                                   const std::optional<std::string>& only_deck);

// What "due now" is measured against: learning cards are due at their instant, review cards
// from the start of their due day.
struct DueBounds {
  TimestampMs now;
  TimestampMs learning;  // = now
  TimestampMs review;    // the last instant of today
};
DueBounds due_bounds(TimestampMs now, const DayCalendar& calendar);

DueCounts due_counts(Collection& collection, const std::vector<QueueDeck>& decks,
                     const DueBounds& bounds);
DueCounts due_counts(Collection& collection, const QueueDeck& deck, const DueBounds& bounds);

// Whether a new card comes before the next review: new cards are spread evenly through the
// day's reviews (as Anki's intersperser does), by showing whichever of the two is further
// behind its share of today's work. `due` is what is still due now.
bool new_card_before_review(const std::vector<QueueDeck>& decks, const DueCounts& due);

// The id of the card to show next, or nullopt when nothing is due: learning cards already due,
// then reviews with new cards interspersed, then learning cards within the learn-ahead window.
std::optional<std::int64_t> next_card(Collection& collection, const std::vector<QueueDeck>& decks,
                                      const DueBounds& bounds, const DueCounts& due);

// The earliest due time of any learning, relearning or review card of the decks.
std::optional<TimestampMs> next_due_time(Collection& collection,
                                         const std::vector<QueueDeck>& decks);

}  // namespace kioku::daemon
