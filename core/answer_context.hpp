// Everything about the moment of an answer that a scheduler needs besides the card's state.
#pragma once

#include <cstdint>

#include "core/day_calendar.hpp"
#include "core/time.hpp"

namespace kioku {

struct AnswerContext {
  TimestampMs now;
  const DayCalendar& calendar;
  // Fuzz is seeded from the card's id plus its review count, so replaying a log gives the same
  // schedule and all four buttons of one answer use the same draw. 0 for a card with no id.
  std::int64_t card_id = 0;
};

}  // namespace kioku
