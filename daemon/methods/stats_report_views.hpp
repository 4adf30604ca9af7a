// Core's statistics figures as the protocol's structs (docs/stats.md's JSON fields): the
// translation only, nothing computed beyond what a field is defined as (a share, a total).
#pragma once

#include <cstdint>

#include "core/added_cards.hpp"
#include "core/answer_buttons.hpp"
#include "core/card_counts.hpp"
#include "core/count_histogram.hpp"
#include "core/future_due.hpp"
#include "core/hourly_breakdown.hpp"
#include "core/memory_histograms.hpp"
#include "core/retrievability_stats.hpp"
#include "core/review_calendar.hpp"
#include "core/today_summary.hpp"
#include "core/true_retention.hpp"
#include "protocol/stats_report_types.hpp"

namespace kioku::daemon {

protocol::TrueRetentionReport true_retention_view(const TrueRetentionTable& table);
protocol::FutureDueReport future_due_view(const FutureDue& forecast);
// The calendar of the days of `reviews`: each day's answers, every kind together.
protocol::CalendarReport calendar_view(const ReviewCalendar& reviews);
protocol::ReviewsReport reviews_view(const ReviewCalendar& reviews);
protocol::CardCountsReport card_counts_view(const CardCounts& counts);
protocol::DaysHistogramReport days_histogram_view(const CountHistogram& histogram);
protocol::PercentHistogramReport percent_histogram_view(const CountHistogram& histogram);
protocol::PercentHistogramReport difficulty_view(const DifficultyHistogram& histogram);
protocol::RetrievabilityReport retrievability_view(const RetrievabilityStats& stats);
std::vector<protocol::HourReport> hours_view(const HourlyBreakdown& hours);
protocol::AnswerButtonsReport answer_buttons_view(const AnswerButtons& buttons);
// `first_day`: the day added.per_day[0] counts.
protocol::AddedReport added_view(const AddedCards& added, std::int64_t first_day);
protocol::TodayReport today_view(const TodaySummary& today, std::int64_t day,
                                 TimestampMs day_start);

}  // namespace kioku::daemon
