// The "added" figure (docs/stats.md "Added"): cards added per scheduler day over a period.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/card_snapshot.hpp"
#include "core/day_calendar.hpp"
#include "core/day_range.hpp"

namespace kioku {

struct AddedCards {
  std::vector<std::int64_t> per_day;  // [i]: cards created on day period.first + i
  std::int64_t total = 0;
  bool operator==(const AddedCards&) const = default;
};

// Each card on the scheduler day of its creation time. `period` must be bounded: throws
// kioku::Error (kInvalidParams) when it is not (DayRange::length_checked).
AddedCards added_cards(std::span<const CardSnapshot> cards, const DayCalendar& calendar,
                       DayRange period);

}  // namespace kioku
