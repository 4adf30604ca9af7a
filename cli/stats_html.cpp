// The HTML report, section by section: each builds its title, chart and figures from the report
// alone; the charts' SVG comes from cli/html/svg_chart.hpp, every text through html_text.
#include "cli/stats_html.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>

#include "cli/dashboard_messages.hpp"
#include "cli/duration_text.hpp"
#include "cli/html/html_text.hpp"
#include "cli/html/svg_chart.hpp"
#include "cli/messages.hpp"
#include "cli/number_text.hpp"
#include "cli/report_messages.hpp"
#include "cli/saturating_add.hpp"
#include "cli/stats_dashboard.hpp"
#include "cli/stats_html_style.hpp"

namespace kioku::cli {

namespace {

// The most columns a per-day chart draws: a longer period is drawn a few days a column.
constexpr std::size_t kMostColumns = 366;
// The most bins of the day and ease histograms; difficulty and retrievability take 5% bins.
constexpr std::size_t kMostBins = 60;

using Points = std::vector<std::pair<std::int64_t, std::int64_t>>;

std::int64_t at(const protocol::ReviewSplitReport& split, std::size_t series) {
  const std::int64_t values[] = {split.learning, split.relearning, split.young, split.mature,
                                 split.cram};
  return values[series];
}

class Report {
 public:
  Report(const protocol::StatsReportResult& report, const std::string& language)
      : report_(report),
        language_(language),
        words_(report_messages_for(language)),
        dashboard_(dashboard_messages_for(language)) {}

  std::string document() const {
    std::string html = "<!DOCTYPE html>\n<html lang=\"" + std::string(words_.language) +
                       "\"><head><meta charset=\"utf-8\">"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                       "<title>" +
                       text(words_.page_title) + "</title><style>" + kReportStyle +
                       "</style></head><body>\n<h1>" + title() + "</h1>\n";
    for (const std::string& section :
         {today(), streak(), cards(), retention(), forecast(), calendar(), reviews(), time(),
          intervals(), ease(), difficulty(), stability(), retrievability(), hours(), buttons(),
          added()}) {
      html += section + "\n";
    }
    return html + "<footer>" + text(fill_in(words_.made_by, {{"date", report_.today.date}})) +
           "</footer>\n</body></html>\n";
  }

 private:
  static std::string text(std::string_view raw) { return html_text(raw); }
  static std::string count(std::int64_t value) { return std::to_string(value); }

  std::string not_available() const { return dashboard_.not_available; }
  std::string percent(const std::optional<double>& share, int decimals) const {
    return percent_text(share, decimals, not_available());
  }
  std::string counted(std::int64_t value, const char* one, const char* many) const {
    return fill_in_count(value, one, many);
  }
  std::string cards_text(std::int64_t cards) const {
    return counted(cards, dashboard_.cards_one, dashboard_.cards_many);
  }
  std::string number(double value, int decimals) const {
    return std::isfinite(value) ? fixed_text(value, decimals) : not_available();
  }
  std::string optional_number(const std::optional<double>& value, int decimals) const {
    return value ? number(*value, decimals) : not_available();
  }

  std::string period_name() const {
    if (report_.period == "7d") return dashboard_.period_7d;
    if (report_.period == "1y") return dashboard_.period_1y;
    if (report_.period == "all") return dashboard_.period_all;
    if (report_.period == "30d") return dashboard_.period_30d;
    return report_.period;
  }

  std::string title() const {
    if (!report_.deck) {
      return text(fill_in(dashboard_.title_collection,
                          {{"period", period_name()}, {"date", report_.today.date}}));
    }
    return text(fill_in(
        dashboard_.title_deck,
        {{"deck", *report_.deck}, {"period", period_name()}, {"date", report_.today.date}}));
  }

  // A section: its id, title (raw text), chart and paragraphs (already HTML).
  static std::string section(const std::string& id, const std::string& heading,
                             const std::string& body) {
    return "<section id=\"" + id + "\"><h2>" + text(heading) + "</h2>" + body + "</section>";
  }
  static std::string paragraph(const std::string& raw) { return "<p>" + text(raw) + "</p>"; }
  std::string empty_note(bool empty) const {
    return empty ? "<p class=\"empty\">" + text(words_.no_data) + "</p>" : "";
  }

  // A legend: a coloured square and a name for each class.
  static std::string legend(const std::vector<std::pair<std::string, std::string>>& keys) {
    std::string html = "<p class=\"legend\">";
    for (const auto& [css_class, name] : keys) {
      html +=
          "<svg width=\"10\" height=\"10\" aria-hidden=\"true\"><rect width=\"10\" "
          "height=\"10\" class=\"" +
          css_class + "\"></rect></svg>" + text(name);
    }
    return html + "</p>";
  }

  std::string today() const {
    const protocol::TodayReport& today = report_.today;
    BarRows rows;
    rows.id = "chart-today";
    rows.label = text(words_.today_title);
    const std::pair<const char*, std::int64_t> kinds[] = {{dashboard_.learning, today.learning},
                                                          {words_.review, today.review},
                                                          {words_.relearning, today.relearning},
                                                          {words_.cram, today.cram}};
    const char* classes[] = {"learning", "review", "relearning", "cram"};
    std::size_t index = 0;
    for (const auto& [name, value] : kinds) {
      rows.names.push_back(text(name));
      rows.values.push_back(value);
      rows.classes.push_back(classes[index++]);
      rows.value_texts.push_back(count(value));
    }
    const auto share = [&](std::int64_t part, std::int64_t whole) {
      return whole > 0 ? percent(static_cast<double>(part) / static_cast<double>(whole), 0)
                       : not_available();
    };
    return section(
        "today", words_.today_title,
        bar_rows_svg(rows) + empty_note(today.answers == 0) +
            paragraph(fill_in(dashboard_.today,
                              {{"answers", counted(today.answers, dashboard_.answers_one,
                                                   dashboard_.answers_many)},
                               {"time", duration_text(today.time_ms, language_)},
                               {"share", share(today.correct, today.answers)},
                               {"mature_share", share(today.mature_correct, today.mature)}})));
  }

  std::string streak() const {
    const protocol::StreakReport& streak = report_.streak;
    BarRows rows;
    rows.id = "chart-streak";
    rows.label = text(words_.streak_title);
    for (const auto& [name, days] : {std::pair{words_.current, streak.current_days},
                                     std::pair{words_.longest, streak.longest_days}}) {
      rows.names.push_back(text(name));
      rows.values.push_back(days);
      rows.classes.emplace_back("mature");
      rows.value_texts.push_back(text(counted(days, dashboard_.days_one, dashboard_.days_many)));
    }
    return section(
        "streak", words_.streak_title,
        bar_rows_svg(rows) + empty_note(streak.longest_days == 0) +
            paragraph(fill_in(dashboard_.streak,
                              {{"current", counted(streak.current_days, dashboard_.days_one,
                                                   dashboard_.days_many)},
                               {"longest", counted(streak.longest_days, dashboard_.days_one,
                                                   dashboard_.days_many)}})));
  }

  std::string cards() const {
    const protocol::CardCountsReport& cards = report_.card_counts;
    BarRows rows;
    rows.id = "chart-card-counts";
    rows.label = text(words_.cards_title);
    const std::tuple<const char*, std::int64_t, const char*> counts[] = {
        {words_.new_cards, cards.new_, "new"},
        {dashboard_.learning, cards.learning, "learning"},
        {words_.relearning, cards.relearning, "relearning"},
        {dashboard_.young, cards.young, "young"},
        {dashboard_.mature, cards.mature, "mature"},
        {words_.suspended, cards.suspended, "suspended"},
        {words_.buried, cards.buried, "buried"},
        {words_.leeches, cards.leeches, "leeches"}};
    for (const auto& [name, value, css_class] : counts) {
      rows.names.push_back(text(name));
      rows.values.push_back(value);
      rows.classes.emplace_back(css_class);
      rows.value_texts.push_back(count(value));
    }
    return section("card-counts", words_.cards_title,
                   bar_rows_svg(rows) + empty_note(cards.total == 0) +
                       paragraph(fill_in(words_.cards_total, {{"total", count(cards.total)}})));
  }

  std::string retention() const {
    const protocol::TrueRetentionReport& table = report_.true_retention;
    const std::pair<const char*, const protocol::RetentionRow*> named[] = {
        {dashboard_.row_today, &table.today},
        {dashboard_.row_yesterday, &table.yesterday},
        {dashboard_.row_7_days, &table.last_7_days},
        {dashboard_.row_30_days, &table.last_30_days},
        {dashboard_.row_365_days, &table.last_365_days},
        {dashboard_.row_all_time, &table.all_time}};
    // The chart: the "all" column as bars of 0-100%; the table has every cell.
    BarRows rows;
    rows.id = "chart-true-retention";
    rows.label = text(dashboard_.retention_title);
    rows.largest = 1000;
    std::string html = "<table><thead><tr><th></th><th>" + text(dashboard_.young) + "</th><th>" +
                       text(dashboard_.mature) + "</th><th>" + text(dashboard_.all) +
                       "</th></tr></thead><tbody>";
    bool any = false;
    for (const auto& [name, row] : named) {
      html += "<tr><td>" + text(name) + "</td>";
      for (const protocol::RetentionCell* cell : {&row->young, &row->mature, &row->all}) {
        html += "<td title=\"" +
                text(fill_in(words_.passed_failed,
                             {{"passed", count(cell->passed)}, {"failed", count(cell->failed)}})) +
                "\">" + text(percent(cell->retention, 1)) + "</td>";
      }
      html += "</tr>";
      const std::optional<double>& all = row->all.retention;
      const bool valid = all && std::isfinite(*all);
      any = any || valid;
      rows.names.push_back(text(name));
      rows.values.push_back(valid ? std::llround(std::clamp(*all, 0.0, 1.0) * 1000.0) : 0);
      rows.classes.emplace_back("good");
      rows.value_texts.push_back(text(percent(all, 1)));
    }
    return section("true-retention", dashboard_.retention_title,
                   bar_rows_svg(rows) + empty_note(!any) + html + "</tbody></table>");
  }

  std::string forecast() const {
    const protocol::FutureDueReport& due = report_.future_due;
    ColumnChart chart;
    chart.id = "chart-future-due";
    const std::string days = count(due.horizon_days);
    const std::string heading = fill_in(words_.forecast_title, {{"days", days}});
    chart.label = text(heading);
    chart.series_classes = {"review"};
    bool any = false;
    for (std::size_t day = 0; day < due.due.size(); ++day) {
      chart.columns.push_back({due.due[day]});
      any = any || due.due[day] > 0;
      const std::string when =
          day == 0 ? dashboard_.due_axis_start
                   : fill_in(words_.in_days, {{"count", count(static_cast<std::int64_t>(day))}});
      chart.column_titles.push_back(text(when + ": " + count(due.due[day])));
    }
    if (!due.due.empty()) {
      const std::size_t last = due.due.size() - 1;
      chart.axis_labels = {{0, text(dashboard_.due_axis_start)}};
      for (const std::size_t day : {last / 2, last}) {
        if (day == 0) continue;
        chart.axis_labels.emplace_back(
            day, text(fill_in(words_.in_days, {{"count", count(static_cast<std::int64_t>(day))}})));
      }
    }
    return section(
        "future-due", heading,
        column_chart_svg(chart) + empty_note(!any) +
            paragraph(fill_in(words_.forecast_figures, {{"total", count(due.total)},
                                                        {"days", days},
                                                        {"average", number(due.average_per_day, 1)},
                                                        {"tomorrow", count(due.due_tomorrow)},
                                                        {"overdue", count(due.overdue)},
                                                        {"load", count(due.daily_load)}})));
  }

  std::string calendar() const {
    HeatmapChart chart;
    chart.id = "chart-calendar";
    chart.label = text(dashboard_.calendar_title);
    chart.days = &report_.calendar.days;
    std::istringstream months(dashboard_.months);
    for (std::string& month : chart.months) {
      months >> month;
      month = text(month);
    }
    std::istringstream weekdays(dashboard_.weekdays);
    for (const std::size_t row : {0, 2, 4}) {
      weekdays >> chart.weekdays[row];
      chart.weekdays[row] = text(chart.weekdays[row]);
    }
    chart.day_title = [this](const protocol::CalendarDay& day) {
      return text(fill_in(
          words_.day_answers,
          {{"date", day.date},
           {"answers", counted(day.reviews, dashboard_.answers_one, dashboard_.answers_many)}}));
    };
    bool any = false;
    for (const protocol::CalendarDay& day : report_.calendar.days) any = any || day.reviews > 0;
    std::string shades = "<p class=\"legend\">" + text(words_.less);
    for (int shade = 0; shade <= 4; ++shade) {
      shades +=
          "<svg width=\"10\" height=\"10\" aria-hidden=\"true\"><rect width=\"10\" "
          "height=\"10\" class=\"shade-" +
          std::to_string(shade) + "\"></rect></svg>";
    }
    shades += " " + text(words_.more) + "</p>";
    return section("calendar", dashboard_.calendar_title,
                   heatmap_svg(chart) + empty_note(!any) + shades);
  }

  std::vector<std::pair<std::string, std::string>> split_keys() const {
    return {{"learning", dashboard_.learning},
            {"relearning", words_.relearning},
            {"young", dashboard_.young},
            {"mature", dashboard_.mature},
            {"cram", words_.cram}};
  }

  // The period's days as columns of the five kinds, from `split` of each day.
  ColumnChart split_chart(
      const std::string& id, const std::string& heading,
      const std::function<const protocol::ReviewSplitReport&(const protocol::ReviewDayReport&)>&
          split,
      const std::function<std::string(std::int64_t)>& value_text) const {
    const std::vector<protocol::ReviewDayReport>& days = report_.reviews.days;
    ColumnChart chart;
    chart.id = id;
    chart.label = text(heading);
    for (const auto& [css_class, name] : split_keys()) chart.series_classes.push_back(css_class);
    const auto columns = grouped_columns(days.size(), kMostColumns);
    for (const auto& [first, last] : columns) {
      std::vector<std::int64_t> column(5, 0);
      std::int64_t total = 0;
      for (std::size_t day = first; day <= last; ++day) {
        for (std::size_t series = 0; series < 5; ++series) {
          column[series] = saturating_add(column[series], at(split(days[day]), series));
          total = saturating_add(total, at(split(days[day]), series));
        }
      }
      chart.columns.push_back(column);
      const std::string when =
          first == last ? days[first].date : days[first].date + " – " + days[last].date;
      chart.column_titles.push_back(text(when + ": " + value_text(total)));
    }
    if (!columns.empty()) {
      chart.axis_labels = {{0, text(days.front().date)},
                           {columns.size() - 1, text(days.back().date)}};
    }
    return chart;
  }

  std::string reviews() const {
    const protocol::ReviewsReport& reviews = report_.reviews;
    const ColumnChart chart = split_chart(
        "chart-reviews", words_.reviews_title,
        [](const protocol::ReviewDayReport& day) -> const protocol::ReviewSplitReport& {
          return day.count;
        },
        [](std::int64_t value) { return std::to_string(value); });
    std::int64_t total = 0;
    for (std::size_t series = 0; series < 5; ++series) {
      total = saturating_add(total, at(reviews.total_count, series));
    }
    return section("reviews", words_.reviews_title,
                   column_chart_svg(chart) + empty_note(total == 0) + legend(split_keys()) +
                       paragraph(fill_in(words_.reviews_figures,
                                         {{"studied", count(reviews.days_studied)},
                                          {"days", count(reviews.period_days)},
                                          {"total", count(total)},
                                          {"average", number(reviews.average_per_day, 1)},
                                          {"average_studied",
                                           optional_number(reviews.average_per_day_studied, 1)}})));
  }

  std::string time() const {
    const protocol::ReviewsReport& reviews = report_.reviews;
    ColumnChart chart = split_chart(
        "chart-time", words_.time_title,
        [](const protocol::ReviewDayReport& day) -> const protocol::ReviewSplitReport& {
          return day.time_ms;
        },
        [this](std::int64_t value) { return duration_text(value, language_); });
    std::int64_t total = 0;
    double largest = 0.0;
    for (std::size_t series = 0; series < 5; ++series) {
      total = saturating_add(total, at(reviews.total_time_ms, series));
    }
    for (const auto& column : chart.columns) {
      double sum = 0.0;
      for (const std::int64_t value : column)
        sum += static_cast<double>(std::max<std::int64_t>(value, 0));
      largest = std::max(largest, sum);
    }
    // Minutes on the axis once a day reaches two of them, else seconds.
    const bool minutes = largest >= 120'000.0;
    chart.tick_unit = minutes ? 60'000.0 : 1'000.0;
    chart.tick_text = [this, minutes](double value) {
      return text(
          fill_in(minutes ? words_.axis_minutes : words_.axis_seconds,
                  {{"count", count(std::llround(value / (minutes ? 60'000.0 : 1'000.0)))}}));
    };
    const double days = static_cast<double>(std::max<std::int64_t>(reviews.period_days, 1));
    const std::string answer_time =
        reviews.average_answer_ms && std::isfinite(*reviews.average_answer_ms)
            ? duration_text(std::llround(std::clamp(*reviews.average_answer_ms, 0.0, 1e15)),
                            language_)
            : not_available();
    return section(
        "time", words_.time_title,
        column_chart_svg(chart) + empty_note(total == 0) + legend(split_keys()) +
            paragraph(fill_in(
                words_.time_figures,
                {{"time", duration_text(total, language_)},
                 {"average",
                  duration_text(std::llround(static_cast<double>(total) / days), language_)},
                 {"answer_time", answer_time}})));
  }

  // A histogram section: the points in bins of first..last, the median marked.
  std::string histogram(const std::string& id, const std::string& heading, const Points& points,
                        std::optional<std::int64_t> first, std::optional<std::int64_t> last,
                        std::size_t most, bool percents, std::int64_t total,
                        const std::optional<double>& median, const std::string& median_text,
                        const std::string& note) const {
    std::int64_t lowest = 0, highest = 0;
    if (!points.empty()) {
      lowest = points.front().first;
      highest = points.front().first;
      for (const auto& [value, cards] : points) {
        lowest = std::min(lowest, value);
        highest = std::max(highest, value);
      }
    }
    const std::vector<HistogramBin> bins =
        histogram_bins(points, first.value_or(lowest), last.value_or(highest), most);
    ColumnChart chart;
    chart.id = id;
    chart.label = text(heading);
    chart.series_classes = {"review"};
    const auto range = [&](const HistogramBin& bin) {
      if (bin.from == bin.to) {
        return percents ? fill_in(words_.percent_median, {{"count", count(bin.from)}})
                        : fill_in(dashboard_.median_days, {{"count", count(bin.from)}});
      }
      return fill_in(percents ? words_.range_percent : words_.range_days,
                     {{"from", count(bin.from)}, {"to", count(bin.to)}});
    };
    for (const HistogramBin& bin : bins) {
      chart.columns.push_back({bin.count});
      chart.column_titles.push_back(text(range(bin) + ": " + cards_text(bin.count)));
    }
    if (!bins.empty()) {
      chart.axis_labels = {{0, text(count(bins.front().from))}};
      if (bins.size() > 1)
        chart.axis_labels.emplace_back(bins.size() - 1, text(count(bins.back().from)));
      if (median && std::isfinite(*median) && total > 0) {
        const double width = static_cast<double>(bins.front().to - bins.front().from + 1);
        chart.marker = (*median - static_cast<double>(bins.front().from) + 0.5) / width;
        chart.marker_text = text(median_text);
      }
    }
    return section(id.substr(6), heading,
                   column_chart_svg(chart) + empty_note(total == 0) +
                       paragraph(fill_in(words_.histogram_figures,
                                         {{"cards", cards_text(total)}, {"median", median_text}})) +
                       (note.empty() ? "" : paragraph(note)));
  }

  static Points days_points(const std::vector<protocol::DaysCount>& counts) {
    Points points;
    for (const protocol::DaysCount& count : counts) points.emplace_back(count.days, count.cards);
    return points;
  }
  static Points percent_points(const std::vector<protocol::PercentCount>& counts) {
    Points points;
    for (const protocol::PercentCount& count : counts)
      points.emplace_back(count.percent, count.cards);
    return points;
  }
  std::string median_days_text(const std::optional<double>& median) const {
    if (!median || !std::isfinite(*median) || *median < 0.0 || *median > 1e15)
      return not_available();
    return fill_in(dashboard_.median_days, {{"count", count(std::llround(*median))}});
  }
  std::string median_percent_text(const std::optional<double>& median) const {
    if (!median || !std::isfinite(*median) || *median < -1e15 || *median > 1e15)
      return not_available();
    return fill_in(words_.percent_median, {{"count", count(std::llround(*median))}});
  }

  std::string intervals() const {
    const protocol::DaysHistogramReport& intervals = report_.intervals;
    return histogram("chart-intervals", words_.intervals_title, days_points(intervals.counts), {},
                     {}, kMostBins, false, intervals.total, intervals.median_days,
                     median_days_text(intervals.median_days), "");
  }

  std::string ease() const {
    const protocol::PercentHistogramReport& ease = report_.ease;
    return histogram("chart-ease", words_.ease_title, percent_points(ease.counts), {}, {},
                     kMostBins, true, ease.total, ease.median_percent,
                     median_percent_text(ease.median_percent), words_.sm2_only);
  }

  std::string difficulty() const {
    const protocol::PercentHistogramReport& difficulty = report_.difficulty;
    return histogram("chart-difficulty", words_.difficulty_title, percent_points(difficulty.counts),
                     0, 99, 20, true, difficulty.total, difficulty.median_percent,
                     median_percent_text(difficulty.median_percent), words_.fsrs_only);
  }

  std::string stability() const {
    const protocol::DaysHistogramReport& stability = report_.stability;
    return histogram("chart-stability", words_.stability_title, days_points(stability.counts), {},
                     {}, kMostBins, false, stability.total, stability.median_days,
                     median_days_text(stability.median_days), words_.fsrs_only);
  }

  std::string retrievability() const {
    const protocol::RetrievabilityReport& retrievability = report_.retrievability;
    const Points points = percent_points(retrievability.counts);
    const std::vector<HistogramBin> bins = histogram_bins(points, 0, 99, 20);
    ColumnChart chart;
    chart.id = "chart-retrievability";
    chart.label = text(words_.retrievability_title);
    chart.series_classes = {"review"};
    for (const HistogramBin& bin : bins) {
      chart.columns.push_back({bin.count});
      chart.column_titles.push_back(
          text(fill_in(words_.range_percent, {{"from", count(bin.from)}, {"to", count(bin.to)}}) +
               ": " + cards_text(bin.count)));
    }
    chart.axis_labels = {{0, "0%"}, {bins.size() - 1, text(count(bins.back().from) + "%")}};
    return section(
        "retrievability", words_.retrievability_title,
        column_chart_svg(chart) + empty_note(retrievability.cards == 0) +
            paragraph(fill_in(words_.retrievability_figures,
                              {{"cards", cards_text(retrievability.cards)},
                               {"average", percent(retrievability.average, 1)},
                               {"knowledge_cards", number(retrievability.knowledge_cards, 1)},
                               {"knowledge_notes", number(retrievability.knowledge_notes, 1)}})) +
            paragraph(words_.fsrs_only));
  }

  std::string hours() const {
    ColumnChart chart;
    chart.id = "chart-hours";
    chart.label = text(dashboard_.hours_title);
    chart.series_classes = {"review"};
    chart.columns.assign(24, {0});
    chart.shares.assign(24, std::nullopt);
    std::vector<std::string> titles(24);
    bool any = false;
    for (const protocol::HourReport& hour : report_.hours) {
      if (hour.hour < 0 || hour.hour > 23) continue;
      const auto index = static_cast<std::size_t>(hour.hour);
      chart.columns[index] = {hour.total};
      if (hour.total > 0) chart.shares[index] = hour.correct_share;
      any = any || hour.total > 0;
      titles[index] = fill_in(words_.hour, {{"hour", count(hour.hour)}}) + ": " +
                      counted(hour.total, dashboard_.answers_one, dashboard_.answers_many) + ", " +
                      dashboard_.correct + " " + percent(hour.correct_share, 0);
    }
    for (std::size_t hour = 0; hour < 24; ++hour) {
      if (titles[hour].empty()) {
        titles[hour] = fill_in(words_.hour, {{"hour", count(static_cast<std::int64_t>(hour))}});
      }
      chart.column_titles.push_back(text(titles[hour]));
    }
    for (const std::size_t hour : {0, 6, 12, 18, 23}) {
      chart.axis_labels.emplace_back(hour, count(static_cast<std::int64_t>(hour)));
    }
    return section("hours", dashboard_.hours_title,
                   column_chart_svg(chart) + empty_note(!any) + paragraph(words_.hours_figures));
  }

  std::string buttons() const {
    const protocol::AnswerButtonsReport& buttons = report_.answer_buttons;
    StackedRows rows;
    rows.id = "chart-answer-buttons";
    rows.label = text(dashboard_.buttons_title);
    rows.series_classes = {"again", "hard", "good", "easy"};
    for (const char* name : {dashboard_.again, dashboard_.hard, dashboard_.good, dashboard_.easy}) {
      rows.series_names.push_back(text(name));
    }
    std::string table = "<table><thead><tr><th></th>";
    for (const char* name : {dashboard_.again, dashboard_.hard, dashboard_.good, dashboard_.easy,
                             dashboard_.correct}) {
      table += "<th>" + text(name) + "</th>";
    }
    table += "</tr></thead><tbody>";
    bool any = false;
    const std::pair<const char*, const protocol::ButtonsReport*> groups[] = {
        {dashboard_.learning, &buttons.learning},
        {dashboard_.young, &buttons.young},
        {dashboard_.mature, &buttons.mature}};
    for (const auto& [name, group] : groups) {
      rows.names.push_back(text(name));
      rows.rows.push_back({group->again, group->hard, group->good, group->easy});
      any = any || group->again > 0 || group->hard > 0 || group->good > 0 || group->easy > 0;
      table += "<tr><td>" + text(name) + "</td><td>" + count(group->again) + "</td><td>" +
               count(group->hard) + "</td><td>" + count(group->good) + "</td><td>" +
               count(group->easy) + "</td><td>" + text(percent(group->correct_share, 0)) +
               "</td></tr>";
    }
    return section("answer-buttons", dashboard_.buttons_title,
                   stacked_rows_svg(rows) + empty_note(!any) +
                       legend({{"again", dashboard_.again},
                               {"hard", dashboard_.hard},
                               {"good", dashboard_.good},
                               {"easy", dashboard_.easy}}) +
                       table + "</tbody></table>");
  }

  std::string added() const {
    const std::vector<protocol::AddedDay>& days = report_.added.days;
    ColumnChart chart;
    chart.id = "chart-added";
    chart.label = text(words_.added_title);
    chart.series_classes = {"new"};
    const auto columns = grouped_columns(days.size(), kMostColumns);
    for (const auto& [first, last] : columns) {
      std::int64_t cards = 0;
      for (std::size_t day = first; day <= last; ++day)
        cards = saturating_add(cards, days[day].cards);
      chart.columns.push_back({cards});
      const std::string when =
          first == last ? days[first].date : days[first].date + " – " + days[last].date;
      chart.column_titles.push_back(
          text(fill_in(words_.day_cards, {{"date", when}, {"cards", cards_text(cards)}})));
    }
    if (!columns.empty()) {
      chart.axis_labels = {{0, text(days.front().date)},
                           {columns.size() - 1, text(days.back().date)}};
    }
    return section(
        "added", words_.added_title,
        column_chart_svg(chart) + empty_note(report_.added.total == 0) +
            paragraph(fill_in(words_.added_figures, {{"cards", cards_text(report_.added.total)}})));
  }

  const protocol::StatsReportResult& report_;
  const std::string& language_;
  const ReportMessages& words_;
  const DashboardMessages& dashboard_;
};

}  // namespace

std::string stats_html(const protocol::StatsReportResult& report, const std::string& language) {
  return Report(report, language).document();
}

}  // namespace kioku::cli
