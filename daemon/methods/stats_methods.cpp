// stats.*: today's numbers and totals, read from the daily roll-ups; the full report; one
// card's history (card.history), the log as the statistics name it.
#include "core/day_calendar.hpp"
#include "core/error.hpp"
#include "daemon/methods/card_history.hpp"
#include "daemon/methods/local_date.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/review_queue.hpp"
#include "daemon/methods/stats_report.hpp"
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

constexpr std::int64_t kMostDays = 3650;

protocol::StatsDaysResult days(const protocol::StatsDaysParams& params, MethodContext& context) {
  const std::int64_t count = params.days.value_or(30);
  if (count < 1 || count > kMostDays) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'days' must be between 1 and {most}, got {days}",
                          "パラメータ 'days' は 1 から {most} まででなければなりません（{days} "
                          "でした）",
                          {{"most", std::to_string(kMostDays)}, {"days", std::to_string(count)}}));
  }
  const std::int64_t today = context.calendar.day_number(context.clock.now());
  protocol::StatsDaysResult result;
  result.days.reserve(static_cast<std::size_t>(count));
  for (std::int64_t day = today - count + 1; day <= today; ++day) {
    const DayTally tally = context.collection.daily_stats().tally(day);
    result.days.push_back(protocol::DayActivity{.date = local_date(day),
                                                .day_start_ms = context.calendar.day_start(day),
                                                .reviews = tally.reviews,
                                                .correct = tally.correct,
                                                .new_ = tally.new_cards,
                                                .time_ms = tally.duration_ms});
  }
  return result;
}

}  // namespace

std::vector<Method> stats_methods() {
  return {method_row(protocol::kStatsSummary, summary), method_row(protocol::kStatsDays, days),
          method_row(protocol::kStatsReport, stats_report),
          method_row(protocol::kCardHistory, card_history)};
}

}  // namespace kioku::daemon
