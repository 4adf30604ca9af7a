// stats.report: every figure of docs/stats.md as one document, field for field as documented
// there (`kioku stats --json` prints it). Field names are stable: add, never rename.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/method_type.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

// Raised when a field is renamed or removed (docs/stats.md "The JSON document").
inline constexpr std::int64_t kStatsSchema = 1;

struct StatsReportParams {
  std::optional<std::string> deck;
  std::optional<std::string> period;
  static constexpr std::array kHelp{
      FieldHelp{"deck", "only this deck's cards and their answers (its id)"},
      FieldHelp{"period", "7d, 30d, 1y or all (default 30d): the days the period figures cover"}};
};
BOOST_DESCRIBE_STRUCT(StatsReportParams, (), (deck, period))

struct RetentionCell {
  std::int64_t passed = 0;
  std::int64_t failed = 0;
  std::optional<double> retention;  // passed / (passed + failed); null when both are 0
};
BOOST_DESCRIBE_STRUCT(RetentionCell, (), (passed, failed, retention))

struct RetentionRow {
  RetentionCell young;
  RetentionCell mature;
  RetentionCell all;
};
BOOST_DESCRIBE_STRUCT(RetentionRow, (), (young, mature, all))

struct TrueRetentionReport {
  RetentionRow today;
  RetentionRow yesterday;
  RetentionRow last_7_days;
  RetentionRow last_30_days;
  RetentionRow last_365_days;
  RetentionRow all_time;
};
BOOST_DESCRIBE_STRUCT(TrueRetentionReport, (),
                      (today, yesterday, last_7_days, last_30_days, last_365_days, all_time))

struct FutureDueReport {
  std::int64_t horizon_days = 0;
  std::vector<std::int64_t> due;  // horizon_days + 1 days, [0] today
  std::int64_t overdue = 0;
  std::int64_t total = 0;
  double average_per_day = 0.0;
  std::int64_t due_tomorrow = 0;
  std::int64_t daily_load = 0;
};
BOOST_DESCRIBE_STRUCT(FutureDueReport, (),
                      (horizon_days, due, overdue, total, average_per_day, due_tomorrow,
                       daily_load))

struct CalendarDay {
  std::string date;  // YYYY-MM-DD, the local date the scheduler day starts on
  std::int64_t reviews = 0;
};
BOOST_DESCRIBE_STRUCT(CalendarDay, (), (date, reviews))

struct CalendarReport {
  std::vector<CalendarDay> days;  // the last 365 days, oldest first
};
BOOST_DESCRIBE_STRUCT(CalendarReport, (), (days))

struct ReviewSplitReport {
  std::int64_t learning = 0;
  std::int64_t relearning = 0;
  std::int64_t young = 0;
  std::int64_t mature = 0;
  std::int64_t cram = 0;
};
BOOST_DESCRIBE_STRUCT(ReviewSplitReport, (), (learning, relearning, young, mature, cram))

struct ReviewDayReport {
  std::string date;
  ReviewSplitReport count;
  ReviewSplitReport time_ms;
};
BOOST_DESCRIBE_STRUCT(ReviewDayReport, (), (date, count, time_ms))

struct ReviewsReport {
  std::vector<ReviewDayReport> days;  // every day of the period, oldest first
  ReviewSplitReport total_count;
  ReviewSplitReport total_time_ms;
  std::int64_t period_days = 0;
  std::int64_t days_studied = 0;
  double average_per_day = 0.0;
  std::optional<double> average_per_day_studied;
  std::optional<double> average_answer_ms;
};
BOOST_DESCRIBE_STRUCT(ReviewsReport, (),
                      (days, total_count, total_time_ms, period_days, days_studied, average_per_day,
                       average_per_day_studied, average_answer_ms))

struct CardCountsReport {
  std::int64_t new_ = 0;
  std::int64_t learning = 0;
  std::int64_t relearning = 0;
  std::int64_t young = 0;
  std::int64_t mature = 0;
  std::int64_t suspended = 0;
  std::int64_t buried = 0;
  std::int64_t leeches = 0;
  std::int64_t total = 0;  // the seven exclusive counts; leeches are not added
};
BOOST_DESCRIBE_STRUCT(CardCountsReport, (),
                      (new_, learning, relearning, young, mature, suspended, buried, leeches,
                       total))

struct DaysCount {
  std::int64_t days = 0;
  std::int64_t cards = 0;
};
BOOST_DESCRIBE_STRUCT(DaysCount, (), (days, cards))

struct PercentCount {
  std::int64_t percent = 0;
  std::int64_t cards = 0;
};
BOOST_DESCRIBE_STRUCT(PercentCount, (), (percent, cards))

// Intervals and stability: cards by whole days, ascending.
struct DaysHistogramReport {
  std::vector<DaysCount> counts;
  std::int64_t total = 0;
  std::optional<double> median_days;
};
BOOST_DESCRIBE_STRUCT(DaysHistogramReport, (), (counts, total, median_days))

// Ease and difficulty: cards by whole percent, ascending.
struct PercentHistogramReport {
  std::vector<PercentCount> counts;
  std::int64_t total = 0;
  std::optional<double> median_percent;
};
BOOST_DESCRIBE_STRUCT(PercentHistogramReport, (), (counts, total, median_percent))

struct RetrievabilityReport {
  std::vector<PercentCount> counts;
  std::int64_t cards = 0;
  std::optional<double> average;
  double knowledge_cards = 0.0;
  double knowledge_notes = 0.0;
};
BOOST_DESCRIBE_STRUCT(RetrievabilityReport, (),
                      (counts, cards, average, knowledge_cards, knowledge_notes))

struct HourReport {
  std::int64_t hour = 0;
  std::int64_t total = 0;
  std::int64_t correct = 0;
  std::optional<double> correct_share;
};
BOOST_DESCRIBE_STRUCT(HourReport, (), (hour, total, correct, correct_share))

struct ButtonsReport {
  std::int64_t again = 0;
  std::int64_t hard = 0;
  std::int64_t good = 0;
  std::int64_t easy = 0;
  std::int64_t total = 0;
  std::int64_t correct = 0;
  std::optional<double> correct_share;
};
BOOST_DESCRIBE_STRUCT(ButtonsReport, (), (again, hard, good, easy, total, correct, correct_share))

struct AnswerButtonsReport {
  ButtonsReport learning;
  ButtonsReport young;
  ButtonsReport mature;
};
BOOST_DESCRIBE_STRUCT(AnswerButtonsReport, (), (learning, young, mature))

struct AddedDay {
  std::string date;
  std::int64_t cards = 0;
};
BOOST_DESCRIBE_STRUCT(AddedDay, (), (date, cards))

struct AddedReport {
  std::vector<AddedDay> days;  // every day of the period, oldest first
  std::int64_t total = 0;
};
BOOST_DESCRIBE_STRUCT(AddedReport, (), (days, total))

struct TodayReport {
  std::string date;
  std::int64_t day_start_ms = 0;
  std::int64_t answers = 0;
  std::int64_t time_ms = 0;
  std::int64_t correct = 0;
  std::int64_t again = 0;
  std::int64_t learning = 0;
  std::int64_t review = 0;
  std::int64_t relearning = 0;
  std::int64_t cram = 0;
  std::int64_t mature = 0;
  std::int64_t mature_correct = 0;
};
BOOST_DESCRIBE_STRUCT(TodayReport, (),
                      (date, day_start_ms, answers, time_ms, correct, again, learning, review,
                       relearning, cram, mature, mature_correct))

struct StreakReport {
  std::int64_t current_days = 0;
  std::int64_t longest_days = 0;
};
BOOST_DESCRIBE_STRUCT(StreakReport, (), (current_days, longest_days))

struct StatsReportResult {
  std::int64_t schema = kStatsSchema;
  std::optional<std::string> deck;  // null: the whole collection
  std::string period;
  TodayReport today;
  TrueRetentionReport true_retention;
  FutureDueReport future_due;
  CalendarReport calendar;
  ReviewsReport reviews;
  CardCountsReport card_counts;
  DaysHistogramReport intervals;
  PercentHistogramReport ease;
  PercentHistogramReport difficulty;
  DaysHistogramReport stability;
  RetrievabilityReport retrievability;
  std::vector<HourReport> hours;  // 24, hour 0 first
  AnswerButtonsReport answer_buttons;
  AddedReport added;
  StreakReport streak;
};
BOOST_DESCRIBE_STRUCT(StatsReportResult, (),
                      (schema, deck, period, today, true_retention, future_due, calendar, reviews,
                       card_counts, intervals, ease, difficulty, stability, retrievability, hours,
                       answer_buttons, added, streak))

inline constexpr MethodType<StatsReportParams, StatsReportResult> kStatsReport{
    "stats.report",
    "Every figure of docs/stats.md (retention, forecast, calendar, counts, histograms, ...) for "
    "the collection or a deck over a period."};

}  // namespace kioku::protocol
