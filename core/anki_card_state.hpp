// An Anki card's scheduling as its collection stores it, and the kioku state it becomes when a
// package is imported with its history (issue 12, part 2): the "imported state" a card's
// replay starts from, since Anki's stored state is not always what its log replays to (a set
// due date, a reset, changed options). docs/anki-import.md, "History".
#pragma once

#include <cstdint>
#include <optional>

#include "core/card_state.hpp"
#include "core/day_calendar.hpp"
#include "core/time.hpp"

namespace kioku {

// cards' scheduling columns (../shared/docs/anki-formats.md, 2.4).
struct AnkiScheduling {
  int type = 0;   // 0 new, 1 learning, 2 review, 3 relearning
  int queue = 0;  // -3/-2 buried, -1 suspended, 0 new, 1 learning, 2 review, 3 interday, 4 preview
  // Learning (queue 1) and preview: seconds since the epoch; review and interday learning: a
  // day number counted from the collection's creation; new: a position.
  std::int64_t due = 0;
  std::int64_t interval_days = 0;  // ivl
  std::int64_t factor = 0;         // ease in permille; with FSRS, difficulty scaled
  std::int64_t reps = 0;
  std::int64_t lapses = 0;
  std::int64_t left = 0;  // learning steps remaining, legacy-encoded a * 1000 + b
  // Set while the card sits in a filtered deck: the due it returns to (odue).
  std::optional<std::int64_t> original_due = std::nullopt;
  std::optional<double> stability = std::nullopt;   // cards.data "s"
  std::optional<double> difficulty = std::nullopt;  // cards.data "d"
};

// Where Anki's day-numbered dues are re-based: Anki's day number at the moment of the import,
// (now - col.crt) / 86400 in whole days, and kioku's at the same moment.
struct AnkiDays {
  std::int64_t anki_today = 0;
  std::int64_t today = 0;
};

// The collection's day numbers at `now` for a collection created at `created_seconds` (col.crt).
// Throws kioku::Error (kInvalidInput) for a creation time before 1970 or after 9999.
AnkiDays anki_days(std::int64_t created_seconds, TimestampMs now, const DayCalendar& calendar);

// The kioku state of the card: its phase from `type`; a review or interday-learning due moved
// to the same distance from kioku's today as from Anki's (an overdue card stays overdue by as
// many days); a learning due at its instant; the interval, the ease (permille / 1000), reps and
// lapses, the steps left (left % 1000), suspension from the queue. A card in a filtered deck
// is taken as it will be back home. Burial is Anki's day's and is not kept. `last_review` is
// the card's latest answer in its log (0 when none). Throws kioku::Error (kInvalidInput) for a
// type or queue Anki never writes, a negative interval, reps or lapses, and for values past
// any real card's (an interval over 100 years, an ease over 100, a due that is neither a day
// nor a time, counts over a million, FSRS memory that is not a number).
CardState anki_card_state(const AnkiScheduling& card, const AnkiDays& days,
                          const DayCalendar& calendar, TimestampMs last_review);

}  // namespace kioku
