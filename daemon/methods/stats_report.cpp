// The report: read the answers' sums and the cards once, hand them to each figure, translate the
// results.
#include "daemon/methods/stats_report.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/added_cards.hpp"
#include "core/answer_buttons.hpp"
#include "core/answer_rollup.hpp"
#include "core/card_counts.hpp"
#include "core/deck_options.hpp"
#include "core/error.hpp"
#include "core/future_due.hpp"
#include "core/hourly_breakdown.hpp"
#include "core/interval_histogram.hpp"
#include "core/longest_streak.hpp"
#include "core/memory_histograms.hpp"
#include "core/retrievability_stats.hpp"
#include "core/review_calendar.hpp"
#include "core/streak.hpp"
#include "core/today_summary.hpp"
#include "core/true_retention.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/stats_report_views.hpp"
#include "daemon/methods/worker_read.hpp"

namespace kioku::daemon {

namespace {

constexpr std::int64_t kCalendarDays = 365;

// The period's length in days; nullopt for "all". The default is docs/stats.md's.
std::optional<std::int64_t> period_days(const std::string& period) {
  if (period == "7d") return 7;
  if (period == "30d") return 30;
  if (period == "1y") return 365;
  if (period == "all") return std::nullopt;
  throw Error(
      ErrorCode::kInvalidParams,
      bilingual(
          "parameter 'period' must be one of 7d, 30d, 1y, all, got '{period}'",
          "パラメータ 'period' は 7d、30d、1y、all のいずれかでなければなりません（'{period}' "
          "でした）",
          {{"period", period}}));
}

// docs/stats.md "Future due": 30 days for periods up to 30 days, 365 for a year and all time.
int forecast_horizon(std::optional<std::int64_t> days) {
  return days && *days <= 30 ? 30 : 365;
}

std::int64_t current_streak(const std::vector<std::int64_t>& days, std::int64_t today) {
  StreakCounter streak(today);
  for (auto day = days.rbegin(); day != days.rend(); ++day) {
    if (!streak.add(*day)) break;
  }
  return streak.days();
}

// All time starts on the first day with an answer or an added card (today when there are
// none), so that its per-day lists are bounded and start where there is something to show.
std::int64_t first_day(const std::vector<std::int64_t>& reviewed,
                       std::span<const CardSnapshot> cards, const DayCalendar& calendar,
                       std::int64_t today) {
  std::int64_t first = today;
  if (!reviewed.empty()) first = std::min(first, reviewed.front());
  for (const CardSnapshot& card : cards) first = std::min(first, calendar.day_number(card.created));
  return first;
}

// The options of the decks whose cards the report reads (the one deck named, or every deck),
// kept alive while the figures read the cards' FSRS weights.
using DeckOptionsById = std::map<std::int64_t, DeckOptions>;

DeckOptionsById deck_options_of(Collection& collection, const std::optional<DeckRow>& named) {
  DeckOptionsById options;
  if (named) {
    options.emplace(named->id, deck_options_from_json(named->options_json));
    return options;
  }
  for (const DeckRow& deck : collection.decks().all()) {
    options.emplace(deck.id, deck_options_from_json(deck.options_json));
  }
  return options;
}

// What a report is of, read on the server's thread when it is asked for: the report itself may
// be made beside it, on a snapshot.
struct ReportAsked {
  protocol::StatsReportParams params;
  std::string period;
  std::optional<std::int64_t> days;  // the period's; nullopt for all time
  TimestampMs now = 0;
  DayCalendar calendar;
};

protocol::StatsReportResult report_of(Collection& collection, const ReportAsked& asked) {
  const protocol::StatsReportParams& params = asked.params;
  const std::optional<std::int64_t> days = asked.days;
  std::optional<DeckRow> deck;
  if (params.deck) deck = collection.decks().require(*params.deck);
  const std::optional<std::int64_t> deck_id =
      deck ? std::optional<std::int64_t>(deck->id) : std::nullopt;

  const TimestampMs now = asked.now;
  const DayCalendar& calendar = asked.calendar;
  const std::int64_t today = calendar.day_number(now);
  // The answers' sums, kept by every answer and undo on this calendar: a few thousand rows,
  // not the log.
  StatsRollups& sums = collection.stats_rollups();
  const std::vector<std::int64_t> reviewed = sums.answered_days(deck_id, today);
  const DeckOptionsById options = deck_options_of(collection, deck);
  const std::span<const CardSnapshot> cards =
      collection.kept_card_snapshots().cards(deck_id, [&](std::int64_t card_deck) {
        const auto deck_options = options.find(card_deck);
        return deck_options != options.end() && deck_options->second.algorithm == Algorithm::kFsrs
                   ? &deck_options->second.fsrs_weights
                   : nullptr;
      });
  const DayRange range = days ? DayRange::last_days(today, *days)
                              : DayRange{first_day(reviewed, cards, calendar, today), today};
  range.length_checked();  // refuses a period too long to list day by day
  const DayRange year = DayRange::last_days(today, kCalendarDays);
  // Days before the period and the calendar's year come summed into one: the all-time rows of
  // true retention need no more.
  const AnswerRollups rollups = sums.read_days(deck_id, std::min(range.first, year.first));

  protocol::StatsReportResult report;
  report.deck = params.deck;
  report.period = asked.period;
  report.today = today_view(today_summary(rollups, today), today, calendar.day_start(today));
  report.true_retention = true_retention_view(true_retention(rollups, today));
  report.future_due = future_due_view(future_due(cards, calendar, today, forecast_horizon(days)));
  const ReviewCalendar reviews_in_year = review_calendar(rollups, year);
  report.calendar = calendar_view(reviews_in_year);
  // The period's own pass over the log only when it is not the calendar's year (1y is).
  report.reviews = reviews_view(range == year ? reviews_in_year : review_calendar(rollups, range));
  report.card_counts = card_counts_view(card_counts(cards, today));
  report.intervals = days_histogram_view(interval_histogram(cards));
  report.ease = percent_histogram_view(ease_histogram(cards));
  report.difficulty = difficulty_view(difficulty_histogram(cards));
  report.stability = days_histogram_view(stability_histogram(cards));
  report.retrievability = retrievability_view(retrievability_stats(cards, now));
  report.hours = hours_view(sums.hourly_breakdown(deck_id, range));
  report.answer_buttons = answer_buttons_view(answer_buttons(rollups, range));
  report.added = added_view(added_cards(cards, calendar, range), range.first);
  report.streak = {.current_days = current_streak(reviewed, today),
                   .longest_days = longest_streak(reviewed)};
  return report;
}

}  // namespace

// A report of a million cards takes 30-90 ms with its cards kept, 0.6-2.5 s when it reads them all
// (the first, and the first after a commit): made beside kiokud's thread, on the readers'
// thread through a snapshot, so that the other clients are answered meanwhile; in a batch, at
// once.
protocol::StatsReportResult stats_report(const protocol::StatsReportParams& params,
                                         MethodContext& context) {
  const std::string period = params.period.value_or("30d");
  auto asked = std::make_shared<const ReportAsked>(
      ReportAsked{params, period, period_days(period), context.clock.now(), context.calendar});
  return read_beside<protocol::StatsReportResult>(
      context, [asked](CollectionReads& reads, const ProgressReport& progress) {
        return reads.stoppable(progress, [&] { return report_of(reads.collection(), *asked); });
      });
}

}  // namespace kioku::daemon
