// The review log is the truth: a card's state is recomputed by replaying its answers through
// the deck's scheduler (core/replay.hpp). Used by `doctor.rebuild` and when a deck changes
// algorithm.
#pragma once

#include <cstdint>
#include <vector>

#include "core/day_calendar.hpp"
#include "core/deck_options.hpp"
#include "core/work_progress.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

// The changed cards a report names (doctor.rebuild's per deck, doctor.check's in all); the
// counts say how many there were.
inline constexpr std::size_t kReportedCards = 20;

struct RebuildReport {
  std::int64_t cards = 0;                   // cards replayed
  std::int64_t changed = 0;                 // whose stored state differed from the replay
  std::vector<std::int64_t> changed_cards;  // the first few of them, for the report
};

// What rebuild_deck stores for card `card_id`: the replay of its standing answers (voided ones
// left out) through `options`, suspended whatever they say when `withdrawn` (retired, of a
// deleted note, or suspended by the user: CardStore::withdrawn). An undo stores the same, so a
// rebuild after it changes nothing.
CardState replayed_state(Collection& collection, std::int64_t card_id, bool withdrawn,
                         const DeckOptions& options, const DayCalendar& calendar);

// Replays every card of the deck and stores the results. Call it inside Collection::write: the
// caller's write makes the deck's new states land with whatever else it changes, or not at all.
// Tells `progress` as compare_deck does; a WorkCancelled from it leaves the write to roll back.
RebuildReport rebuild_deck(Collection& collection, std::int64_t deck_id, const DeckOptions& options,
                           const DayCalendar& calendar,
                           const ProgressReport& progress = ProgressReport{});

// rebuild_deck's comparison alone, storing nothing: the cards whose stored state differs from
// the replay of their log (doctor.check). Tells `progress` how many of the deck's cards it has
// compared, which may stop it (WorkCancelled).
RebuildReport compare_deck(Collection& collection, std::int64_t deck_id, const DeckOptions& options,
                           const DayCalendar& calendar, const ProgressReport& progress);

}  // namespace kioku::daemon
