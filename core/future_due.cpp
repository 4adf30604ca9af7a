// The forecast of due cards.
#include "core/future_due.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace kioku {

namespace {

// The longest interval a deck allows (maximum_interval's bound): nothing is due later.
constexpr int kMaximumHorizonDays = 36500;

}  // namespace

FutureDue future_due(std::span<const CardSnapshot> cards, const DayCalendar& calendar,
                     std::int64_t today, int horizon) {
  if (horizon < 1 || horizon > kMaximumHorizonDays) {
    throw Error(ErrorCode::kInvalidParams, "the forecast's horizon must be 1 to " +
                                               std::to_string(kMaximumHorizonDays) + " days");
  }
  FutureDue forecast;
  forecast.due.assign(static_cast<std::size_t>(horizon) + 1, 0);
  double load = 0.0;
  for (const CardSnapshot& card : cards) {
    if (card.state.phase == Phase::kNew || card.state.suspended) continue;
    // Learning cards have interval 0, so each adds a whole review, as in Anki.
    load += 1.0 / std::max(card.state.interval_days, 1);
    const std::int64_t offset = calendar.day_number(card.state.due) - today;
    // As in Anki: a buried card is not shown before its burial ends, so it stays out of today's
    // bar and the backlog; on later days it is due like any other card.
    if (offset <= 0 && is_buried(card, today)) continue;
    if (offset == 1) ++forecast.due_tomorrow;
    if (offset < 0) {
      ++forecast.overdue;
    } else if (offset <= horizon) {
      ++forecast.due[static_cast<std::size_t>(offset)];
      ++forecast.total;
    }
  }
  forecast.average_per_day = static_cast<double>(forecast.total) / horizon;
  forecast.daily_load = static_cast<std::int64_t>(load);
  return forecast;
}

}  // namespace kioku
