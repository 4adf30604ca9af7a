// Counting cards by the day they were added.
#include "core/added_cards.hpp"

namespace kioku {

AddedCards added_cards(std::span<const CardSnapshot> cards, const DayCalendar& calendar,
                       DayRange period) {
  AddedCards added;
  added.per_day.assign(static_cast<std::size_t>(period.length_checked()), 0);
  for (const CardSnapshot& card : cards) {
    const std::int64_t day = calendar.day_number(card.created);
    if (!period.contains(day)) continue;
    ++added.per_day[static_cast<std::size_t>(day - period.first)];
    ++added.total;
  }
  return added;
}

}  // namespace kioku
