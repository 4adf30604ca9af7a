// The dashboard, section by section: each builds its lines from the report alone; the layout
// (tables, side by side blocks, sparklines, the heatmap) comes from cli/terminal/.
#include "cli/stats_dashboard.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "cli/dashboard_messages.hpp"
#include "cli/duration_text.hpp"
#include "cli/messages.hpp"
#include "cli/number_text.hpp"
#include "cli/saturating_add.hpp"
#include "cli/terminal/heatmap.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/sparkline.hpp"
#include "cli/terminal/text_table.hpp"

namespace kioku::cli {

namespace {

using Lines = std::vector<std::string>;

// Columns between two blocks side by side.
constexpr int kBlockGap = 2;
// The forecast shows today and the 30 days after it, whatever the report's horizon.
constexpr std::size_t kForecastDays = 31;

// part / whole as a whole percentage, or none without a whole.
std::optional<std::string> share_of(std::int64_t part, std::int64_t whole) {
  if (whole <= 0) return std::nullopt;
  // Clamped before rounding: the counts come from the socket, and a part larger than the whole
  // (or below 0) would otherwise give a percentage that int cannot hold.
  const double percent =
      std::clamp(100.0 * static_cast<double>(part) / static_cast<double>(whole), 0.0, 100.0);
  return std::to_string(static_cast<int>(std::lround(percent))) + "%";
}

// Days rounded half up, or none when `days` is not a number of days an int64 holds (NaN, ±inf
// or beyond from the socket, where the cast would be undefined behaviour).
std::optional<std::int64_t> rounded_days(double days) {
  // 2^62: exactly representable, well inside int64, and far beyond any real interval.
  constexpr double kLimit = 4611686018427387904.0;
  if (!std::isfinite(days) || days < 0.0 || days >= kLimit) return std::nullopt;
  return static_cast<std::int64_t>(std::floor(days + 0.5));
}

Lines table_of(const std::vector<Lines>& rows, int extra_gap = 0) {
  return aligned_table(rows, 1, extra_gap);
}

class Dashboard {
 public:
  Dashboard(const protocol::StatsReportResult& report, const std::string& language,
            const Style& style)
      : report_(report),
        language_(language),
        words_(dashboard_messages_for(language)),
        style_(style) {}

  Lines lines() const {
    Lines lines = {title(), today(), streak()};
    append(lines, cards());
    lines.emplace_back();
    append(lines, beside(retention(), buttons()));
    lines.emplace_back();
    append(lines, beside(forecast(), hours()));
    lines.push_back(forecast_figures());
    lines.emplace_back();
    append(lines, intervals());
    lines.emplace_back();
    append(lines, calendar());
    return lines;
  }

 private:
  static void append(Lines& lines, const Lines& more) {
    lines.insert(lines.end(), more.begin(), more.end());
  }

  // `right` beside `left`, as far right as `left`'s widest line and the gap.
  static Lines beside(const Lines& left, const Lines& right) {
    int width = 0;
    for (const std::string& line : left) width = std::max(width, visible_width(line));
    return side_by_side(left, right, width + kBlockGap);
  }

  std::string count(std::int64_t value) const { return std::to_string(value); }
  std::string counted(std::int64_t value, const char* one, const char* many) const {
    return fill_in_count(value, one, many);
  }
  std::string not_available() const { return style_.dim(words_.not_available); }
  std::string percent(const std::optional<double>& share, int decimals) const {
    return percent_text(share, decimals, not_available());
  }
  std::string heading(const std::string& text) const { return style_.bold(text); }

  std::string period_name() const {
    if (report_.period == "7d") return words_.period_7d;
    if (report_.period == "1y") return words_.period_1y;
    if (report_.period == "all") return words_.period_all;
    if (report_.period == "30d") return words_.period_30d;
    return safe_line(report_.period);
  }

  std::string title() const {
    const std::string date = safe_line(report_.today.date);
    if (!report_.deck) {
      return heading(fill_in(words_.title_collection, {{"period", period_name()}, {"date", date}}));
    }
    return heading(
        fill_in(words_.title_deck,
                {{"deck", safe_line(*report_.deck)}, {"period", period_name()}, {"date", date}}));
  }

  std::string today() const {
    const protocol::TodayReport& today = report_.today;
    return fill_in(
        words_.today,
        {{"answers", counted(today.answers, words_.answers_one, words_.answers_many)},
         {"time", duration_text(today.time_ms, language_)},
         {"share", share_of(today.correct, today.answers).value_or(not_available())},
         {"mature_share", share_of(today.mature_correct, today.mature).value_or(not_available())}});
  }

  std::string streak() const {
    return fill_in(
        words_.streak,
        {{"current", counted(report_.streak.current_days, words_.days_one, words_.days_many)},
         {"longest", counted(report_.streak.longest_days, words_.days_one, words_.days_many)}});
  }

  Lines cards() const {
    const protocol::CardCountsReport& cards = report_.card_counts;
    return {fill_in(words_.cards, {{"new", count(cards.new_)},
                                   {"learning", count(cards.learning)},
                                   {"relearning", count(cards.relearning)},
                                   {"young", count(cards.young)},
                                   {"mature", count(cards.mature)}}),
            fill_in(words_.cards_more, {{"suspended", count(cards.suspended)},
                                        {"buried", count(cards.buried)},
                                        {"leeches", count(cards.leeches)},
                                        {"total", count(cards.total)}})};
  }

  Lines retention() const {
    const protocol::TrueRetentionReport& table = report_.true_retention;
    std::vector<Lines> rows = {
        {heading(words_.retention_title), words_.young, words_.mature, words_.all}};
    const std::pair<const char*, const protocol::RetentionRow*> named[] = {
        {words_.row_today, &table.today},
        {words_.row_yesterday, &table.yesterday},
        {words_.row_7_days, &table.last_7_days},
        {words_.row_30_days, &table.last_30_days},
        {words_.row_365_days, &table.last_365_days},
        {words_.row_all_time, &table.all_time}};
    for (const auto& [name, row] : named) {
      rows.push_back({name, percent(row->young.retention, 1), percent(row->mature.retention, 1),
                      percent(row->all.retention, 1)});
    }
    // Three columns of numbers read better two columns apart; the buttons' six would not fit.
    return table_of(rows, 1);
  }

  Lines buttons() const {
    const protocol::AnswerButtonsReport& buttons = report_.answer_buttons;
    std::vector<Lines> rows = {
        {"", words_.again, words_.hard, words_.good, words_.easy, words_.correct}};
    const std::pair<const char*, const protocol::ButtonsReport*> named[] = {
        {words_.learning, &buttons.learning},
        {words_.young, &buttons.young},
        {words_.mature, &buttons.mature}};
    for (const auto& [name, group] : named) {
      rows.push_back({name, count(group->again), count(group->hard), count(group->good),
                      count(group->easy), percent(group->correct_share, 0)});
    }
    Lines lines = {heading(words_.buttons_title)};
    append(lines, table_of(rows));
    return lines;
  }

  std::vector<std::int64_t> forecast_days() const {
    const std::vector<std::int64_t>& due = report_.future_due.due;
    return {due.begin(),
            due.begin() + static_cast<std::ptrdiff_t>(std::min(due.size(), kForecastDays))};
  }

  Lines forecast() const {
    const std::string start = words_.due_axis_start;
    const std::string end = words_.due_axis_end;
    const int axis = static_cast<int>(kForecastDays);
    return {heading(words_.due_title), style_.cyan(sparkline(forecast_days())),
            start +
                std::string(static_cast<std::size_t>(
                                std::max(1, axis - visible_width(start) - visible_width(end))),
                            ' ') +
                end};
  }

  std::string forecast_figures() const {
    std::int64_t total = 0;
    for (const std::int64_t due : forecast_days()) total = saturating_add(total, due);
    const double average = static_cast<double>(total) / static_cast<double>(kForecastDays - 1);
    return fill_in(words_.due_figures, {{"total", count(total)},
                                        {"average", fixed_text(average, 1)},
                                        {"tomorrow", count(report_.future_due.due_tomorrow)},
                                        {"load", count(report_.future_due.daily_load)}});
  }

  Lines hours() const {
    std::vector<std::int64_t> counts(24, 0);
    for (const protocol::HourReport& hour : report_.hours) {
      if (hour.hour >= 0 && hour.hour < 24)
        counts[static_cast<std::size_t>(hour.hour)] = hour.total;
    }
    return {heading(words_.hours_title), style_.cyan(sparkline(counts)),
            "0     6     12    18  23"};
  }

  Lines intervals() const {
    // Upper bounds in days of the buckets, the last open.
    static constexpr std::int64_t kBounds[] = {1, 6, 20, 89, 364};
    std::vector<std::int64_t> buckets(6, 0);
    for (const protocol::DaysCount& interval : report_.intervals.counts) {
      std::size_t bucket = 0;
      while (bucket < 5 && interval.days > kBounds[bucket]) ++bucket;
      buckets[bucket] = saturating_add(buckets[bucket], interval.cards);
    }
    const std::int64_t largest = *std::max_element(buckets.begin(), buckets.end());
    Lines names = {"",
                   words_.bucket_day,
                   words_.bucket_days,
                   words_.bucket_weeks,
                   words_.bucket_months,
                   words_.bucket_year,
                   words_.bucket_years};
    Lines bars = {""};
    for (const std::int64_t cards : buckets) {
      bars.push_back(style_.cyan(sparkline_character(sparkline_level(cards, largest))) + " " +
                     count(cards));
    }
    std::string median = not_available();
    const std::optional<std::int64_t> median_days =
        report_.intervals.median_days ? rounded_days(*report_.intervals.median_days) : std::nullopt;
    if (median_days) median = fill_in(words_.median_days, {{"count", count(*median_days)}});
    Lines lines = {heading(
        fill_in(words_.intervals_title,
                {{"cards", counted(report_.intervals.total, words_.cards_one, words_.cards_many)},
                 {"median", median}}))};
    append(lines, table_of({names, bars}, 1));
    return lines;
  }

  Lines calendar() const {
    HeatmapLabels labels;
    std::istringstream months(words_.months);
    for (std::string& month : labels.months) months >> month;
    std::istringstream weekdays(words_.weekdays);
    for (const std::size_t row : {0, 2, 4}) weekdays >> labels.weekdays[row];
    std::string shades;
    for (int shade = 0; shade <= 4; ++shade) {
      shades += std::string(shade > 0 ? " " : "") + heatmap_character(shade);
    }
    Lines lines = {heading(words_.calendar_title) + "  " +
                   fill_in(words_.calendar_legend, {{"shades", style_.green(shades)}})};
    append(lines, heatmap_lines(report_.calendar.days, labels, style_));
    return lines;
  }

  const protocol::StatsReportResult& report_;
  const std::string& language_;
  const DashboardMessages& words_;
  const Style& style_;
};

}  // namespace

std::string percent_text(const std::optional<double>& share, int decimals,
                         const std::string& not_available) {
  // A share is 0..1; anything else came from a broken or hostile daemon and would print as
  // "nan%" or hundreds of digits.
  if (!share || !std::isfinite(*share) || *share < 0.0 || *share > 1.0) return not_available;
  return fixed_text(*share * 100.0, decimals) + "%";
}

std::vector<std::string> dashboard_lines(const protocol::StatsReportResult& report,
                                         const std::string& language, const Style& style) {
  return Dashboard(report, language, style).lines();
}

}  // namespace kioku::cli
