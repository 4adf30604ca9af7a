// stats.*: today's numbers and totals, read from the daily roll-ups.
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/review_queue.hpp"

namespace kioku::daemon {

namespace json = boost::json;

json::value handle_stats_summary(const json::object& /*params*/, MethodContext& context) {
  const TimestampMs now = context.clock.now();
  const DueBounds bounds = due_bounds(now, context.calendar);
  const std::int64_t today = context.calendar.day_number(now);
  Collection& collection = context.collection;
  const DayTally tally = collection.daily_stats().tally(today);
  const auto decks = queue_decks(collection, today, std::nullopt);
  const DueCounts due = due_counts(collection, decks, bounds);
  return json::object{{"cards", collection.cards().count()},
                      {"decks", static_cast<std::int64_t>(decks.size())},
                      {"reviews_today", tally.reviews},
                      {"correct_today", tally.correct},
                      {"new_today", tally.new_cards},
                      {"time_today_ms", tally.duration_ms},
                      {"reviews_total", collection.daily_stats().review_count()},
                      {"streak_days", collection.daily_stats().streak_days(today)},
                      {"due", json::object{{"new", due.new_cards},
                                           {"learning", due.all_learning()},
                                           {"review", due.review},
                                           {"total", due.total()}}}};
}

}  // namespace kioku::daemon
