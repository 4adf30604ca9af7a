// The forecast (docs/stats.md "Future due"): how many cards fall due on each of the coming days,
// with Anki's total, average per day, due tomorrow and daily load.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/card_snapshot.hpp"
#include "core/day_calendar.hpp"

namespace kioku {

struct FutureDue {
  // due[d]: cards due on day today + d, for d = 0 .. horizon (today plus `horizon` days).
  std::vector<std::int64_t> due;
  std::int64_t overdue = 0;       // due before today (Anki's backlog), not in `due` or `total`
  std::int64_t total = 0;         // sum of `due`
  double average_per_day = 0.0;   // total / horizon
  std::int64_t due_tomorrow = 0;  // due[1], counted whatever the horizon
  // Anki's daily load: the sum of 1 / max(interval, 1) over every card counted, buried ones
  // included, truncated to a whole number: the reviews a day takes in the long run.
  std::int64_t daily_load = 0;

  bool operator==(const FutureDue&) const = default;
};

// New and suspended cards are left out; buried cards are left out of today and the backlog
// (they come back tomorrow) but count for daily load. A card's day is the scheduler day its due
// instant falls on: learning cards by their due time, review cards by their due day.
// Throws kioku::Error (kInvalidParams) unless 1 <= horizon <= 36500.
FutureDue future_due(std::span<const CardSnapshot> cards, const DayCalendar& calendar,
                     std::int64_t today, int horizon);

}  // namespace kioku
