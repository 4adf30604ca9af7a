// Figure -> wire struct, field by field as docs/stats.md names them.
#include "daemon/methods/stats_report_views.hpp"

#include "daemon/methods/local_date.hpp"

namespace kioku::daemon {

namespace {

protocol::RetentionRow retention_row(const RetentionCounts& counts) {
  return {.young = {.passed = counts.young_passed,
                    .failed = counts.young_failed,
                    .retention = counts.young()},
          .mature = {.passed = counts.mature_passed,
                     .failed = counts.mature_failed,
                     .retention = counts.mature()},
          .all = {.passed = counts.young_passed + counts.mature_passed,
                  .failed = counts.young_failed + counts.mature_failed,
                  .retention = counts.all()}};
}

protocol::ReviewSplitReport split_view(const ReviewSplit& split) {
  return {.learning = split.learning,
          .relearning = split.relearning,
          .young = split.young,
          .mature = split.mature,
          .cram = split.cram};
}

protocol::ButtonsReport buttons_view(const ButtonCounts& counts) {
  return {.again = counts.by_rating[0],
          .hard = counts.by_rating[1],
          .good = counts.by_rating[2],
          .easy = counts.by_rating[3],
          .total = counts.total(),
          .correct = counts.correct(),
          .correct_share = counts.correct_share()};
}

}  // namespace

protocol::TrueRetentionReport true_retention_view(const TrueRetentionTable& table) {
  return {.today = retention_row(table.today),
          .yesterday = retention_row(table.yesterday),
          .last_7_days = retention_row(table.last_7_days),
          .last_30_days = retention_row(table.last_30_days),
          .last_365_days = retention_row(table.last_365_days),
          .all_time = retention_row(table.all_time)};
}

protocol::FutureDueReport future_due_view(const FutureDue& forecast) {
  return {.horizon_days = static_cast<std::int64_t>(forecast.due.size()) - 1,
          .due = forecast.due,
          .overdue = forecast.overdue,
          .total = forecast.total,
          .average_per_day = forecast.average_per_day,
          .due_tomorrow = forecast.due_tomorrow,
          .daily_load = forecast.daily_load};
}

protocol::CalendarReport calendar_view(const ReviewCalendar& reviews) {
  protocol::CalendarReport calendar;
  calendar.days.reserve(reviews.days.size());
  for (const DayReviews& day : reviews.days) {
    calendar.days.push_back({.date = local_date(day.day), .reviews = day.count.total()});
  }
  return calendar;
}

protocol::ReviewsReport reviews_view(const ReviewCalendar& reviews) {
  protocol::ReviewsReport view;
  view.days.reserve(reviews.days.size());
  for (const DayReviews& day : reviews.days) {
    view.days.push_back({.date = local_date(day.day),
                         .count = split_view(day.count),
                         .time_ms = split_view(day.time_ms)});
  }
  view.total_count = split_view(reviews.total_count);
  view.total_time_ms = split_view(reviews.total_time_ms);
  view.period_days = static_cast<std::int64_t>(reviews.days.size());
  view.days_studied = reviews.days_studied;
  view.average_per_day = reviews.average_per_day();
  view.average_per_day_studied = reviews.average_per_day_studied();
  view.average_answer_ms = reviews.average_answer_ms();
  return view;
}

protocol::CardCountsReport card_counts_view(const CardCounts& counts) {
  return {.new_ = counts.new_cards,
          .learning = counts.learning,
          .relearning = counts.relearning,
          .young = counts.young,
          .mature = counts.mature,
          .suspended = counts.suspended,
          .buried = counts.buried,
          .leeches = counts.leeches,
          .total = counts.total()};
}

protocol::DaysHistogramReport days_histogram_view(const CountHistogram& histogram) {
  protocol::DaysHistogramReport view{
      .counts = {}, .total = histogram.total, .median_days = median(histogram)};
  for (const auto& [days, cards] : histogram.counts) {
    view.counts.push_back({.days = days, .cards = cards});
  }
  return view;
}

protocol::PercentHistogramReport percent_histogram_view(const CountHistogram& histogram) {
  protocol::PercentHistogramReport view{
      .counts = {}, .total = histogram.total, .median_percent = median(histogram)};
  for (const auto& [percent, cards] : histogram.counts) {
    view.counts.push_back({.percent = percent, .cards = cards});
  }
  return view;
}

protocol::PercentHistogramReport difficulty_view(const DifficultyHistogram& histogram) {
  protocol::PercentHistogramReport view = percent_histogram_view(histogram.percent);
  // The median of the unbinned percentages, not of the bins.
  view.median_percent = histogram.median_percent;
  return view;
}

protocol::RetrievabilityReport retrievability_view(const RetrievabilityStats& stats) {
  protocol::RetrievabilityReport view{.counts = {},
                                      .cards = stats.cards,
                                      .average = stats.average,
                                      .knowledge_cards = stats.knowledge_cards,
                                      .knowledge_notes = stats.knowledge_notes};
  for (const auto& [percent, cards] : stats.percent.counts) {
    view.counts.push_back({.percent = percent, .cards = cards});
  }
  return view;
}

std::vector<protocol::HourReport> hours_view(const HourlyBreakdown& hours) {
  std::vector<protocol::HourReport> view;
  view.reserve(hours.size());
  for (std::size_t hour = 0; hour < hours.size(); ++hour) {
    view.push_back({.hour = static_cast<std::int64_t>(hour),
                    .total = hours[hour].total,
                    .correct = hours[hour].correct,
                    .correct_share = hours[hour].correct_share()});
  }
  return view;
}

protocol::AnswerButtonsReport answer_buttons_view(const AnswerButtons& buttons) {
  return {.learning = buttons_view(buttons.learning),
          .young = buttons_view(buttons.young),
          .mature = buttons_view(buttons.mature)};
}

protocol::AddedReport added_view(const AddedCards& added, std::int64_t first_day) {
  protocol::AddedReport view{.days = {}, .total = added.total};
  view.days.reserve(added.per_day.size());
  for (std::size_t i = 0; i < added.per_day.size(); ++i) {
    view.days.push_back(
        {.date = local_date(first_day + static_cast<std::int64_t>(i)), .cards = added.per_day[i]});
  }
  return view;
}

protocol::TodayReport today_view(const TodaySummary& today, std::int64_t day,
                                 TimestampMs day_start) {
  return {.date = local_date(day),
          .day_start_ms = day_start,
          .answers = today.answers,
          .time_ms = today.time_ms,
          .correct = today.correct,
          .again = today.answers - today.correct,
          .learning = today.learning,
          .review = today.review,
          .relearning = today.relearning,
          .cram = today.cram,
          .mature = today.mature,
          .mature_correct = today.mature_correct};
}

}  // namespace kioku::daemon
