// What is due now and which card comes next, under each deck's daily limits, in the order of
// scheduling.md §2.7: intraday learning cards already due; then the main queue, where reviews
// are interspersed with interday learning cards and that stream with new cards; then intraday
// learning cards due within the learn-ahead window. Suspended and buried cards are left out.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/daily_limits.hpp"
#include "core/day_calendar.hpp"
#include "core/deck_options.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

struct DueCounts {
  std::int64_t new_cards = 0;
  std::int64_t learning = 0;  // intraday learning and relearning cards due now
  std::int64_t interday_learning = 0;
  std::int64_t review = 0;
  // What the protocol calls "learning": both kinds of learning cards.
  std::int64_t all_learning() const { return learning + interday_learning; }
  std::int64_t total() const { return new_cards + learning + interday_learning + review; }
};

// A deck with the options and today's allowances its queue is built from.
struct QueueDeck {
  DeckRow deck;
  DeckOptions options;
  DailyAllowance left;              // what the deck's limits still allow today
  std::int64_t new_today = 0;       // new cards already seen today
  std::int64_t reviews_today = 0;   // reviews already answered today
  std::int64_t interday_today = 0;  // interday learning cards already answered today
  // Only cards with this tag (review.next's `tag`, core/tag_match.hpp); all without one.
  std::optional<std::string> tag;
};

// The decks `deck` chooses by id or by name in any language, with their subdecks
// (core/deck_selection.hpp); every deck without one. Throws kioku::Error (kNotFound) naming
// `deck` when no deck matches, and the candidates when several decks have that name.
std::vector<DeckRow> chosen_decks(Collection& collection, const std::optional<std::string>& deck);

// The decks to draw from: all of them, or the one whose slug is `only_deck` (throws kNotFound
// when there is none). `new_per_day`, when given, is each deck's new-card limit for today in
// place of its own (review.next's new_limit).
std::vector<QueueDeck> queue_decks(Collection& collection, std::int64_t today,
                                   const std::optional<std::string>& only_deck,
                                   std::optional<std::int64_t> new_per_day = std::nullopt);
// The same for the deck rows given, each carrying `tag`.
std::vector<QueueDeck> queue_decks(Collection& collection, std::int64_t today,
                                   std::vector<DeckRow> rows,
                                   std::optional<std::int64_t> new_per_day,
                                   const std::optional<std::string>& tag);

// What "due now" is measured against: learning cards are due at their instant (an interday
// step's due is the start of its day), review cards from the start of their due day.
struct DueBounds {
  TimestampMs now;
  TimestampMs learning;  // = now
  TimestampMs review;    // the last instant of today
  std::int64_t today;    // cards buried until a later day are left out
  TimestampMs tomorrow_start;
};
DueBounds due_bounds(TimestampMs now, const DayCalendar& calendar);

// One deck's counts, within its limits (core/daily_limits.hpp): interday learning cards take the
// review limit first, as Anki gathers them before reviews; new cards come last and, unless
// new_cards_ignore_review_limit, get only what the review limit has left.
DueCounts due_counts(Collection& collection, const QueueDeck& deck, const DueBounds& bounds);
// A deck and what is due in it now.
struct DeckDue {
  const QueueDeck& deck;
  DueCounts due;
};

// Each deck with its counts, in the order of `decks`; the entries refer into `decks`.
std::vector<DeckDue> due_counts_by_deck(Collection& collection, const std::vector<QueueDeck>& decks,
                                        const DueBounds& bounds);
std::vector<DeckDue> due_counts_by_deck(Collection& collection, std::vector<QueueDeck>&& decks,
                                        const DueBounds& bounds) = delete;
DueCounts sum_counts(const std::vector<DeckDue>& by_deck);
DueCounts due_counts(Collection& collection, const std::vector<QueueDeck>& decks,
                     const DueBounds& bounds);

// The id of the card to show next from the decks of `by_deck` (due_counts_by_deck's result),
// or nullopt when nothing is due.
std::optional<std::int64_t> next_card(Collection& collection, const std::vector<DeckDue>& by_deck,
                                      const DueBounds& bounds);

// A cram session's next card (review.next's `cram`): the first of the decks' cards that are not
// new, in the order (due, id), after the card `after` (none: from the start); and how many
// there are from it on, it included. Schedules and daily limits play no part.
struct CramNext {
  std::optional<std::int64_t> card;
  std::int64_t left = 0;
};
CramNext next_cram_card(Collection& collection, const std::vector<QueueDeck>& decks,
                        std::int64_t today, const std::optional<DueCard>& after);

// The earliest due time of any learning, relearning or review card of the decks (of the cards
// with each deck's tag, when it has one); a buried card counts from when it comes back.
std::optional<TimestampMs> next_due_time(Collection& collection,
                                         const std::vector<QueueDeck>& decks,
                                         const DueBounds& bounds);

}  // namespace kioku::daemon
