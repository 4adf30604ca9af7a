// stats.*: today's numbers and totals, read from the daily roll-ups.
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/review_queue.hpp"
#include "daemon/methods/wire_views.hpp"
#include "protocol/stats_types.hpp"

namespace kioku::daemon {

namespace {

protocol::StatsSummaryResult summary(const protocol::NoParams& /*params*/, MethodContext& context) {
  const TimestampMs now = context.clock.now();
  const DueBounds bounds = due_bounds(now, context.calendar);
  const std::int64_t today = context.calendar.day_number(now);
  Collection& collection = context.collection;
  const DayTally tally = collection.daily_stats().tally(today);
  const auto decks = queue_decks(collection, today, std::nullopt);
  return protocol::StatsSummaryResult{.cards = collection.cards().count(),
                                      .decks = static_cast<std::int64_t>(decks.size()),
                                      .reviews_today = tally.reviews,
                                      .correct_today = tally.correct,
                                      .new_today = tally.new_cards,
                                      .time_today_ms = tally.duration_ms,
                                      .reviews_total = collection.daily_stats().review_count(),
                                      .streak_days = collection.daily_stats().streak_days(today),
                                      .due = counts_view(due_counts(collection, decks, bounds))};
}

}  // namespace

std::vector<Method> stats_methods() {
  return {method_row(protocol::kStatsSummary, summary)};
}

}  // namespace kioku::daemon
