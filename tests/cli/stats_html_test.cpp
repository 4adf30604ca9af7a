// The whole HTML report (cli/stats_html.hpp) for a hand-made stats result: every section in
// order in both languages, the charts' marks for known figures, a hostile deck name kept as text,
// and nothing that would reach outside the file.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <regex>
#include <string>
#include <vector>

#include "cli/stats_html.hpp"
#include "tests/support/day_dates.hpp"
#include "tests/support/stats_report_sample.hpp"

using namespace kioku;
using namespace kioku::cli;

namespace {

protocol::StatsReportResult html_sample_report() {
  protocol::StatsReportResult report = test::stats_report_sample(4, 3, 20'000, {2, 5});
  report.today.learning = 3;
  report.today.review = 1;
  report.card_counts = {.new_ = 5, .learning = 2, .young = 1, .leeches = 1, .total = 8};
  report.true_retention.today.all = {3, 1, 0.75};
  report.true_retention.all_time.all = {0, 2, 0.0};  // drawn as nothing: 0%
  report.future_due.horizon_days = 30;
  report.future_due.due[1] = 2;
  report.future_due.due[7] = 1;
  for (int index = 0; index < 365; ++index) {
    report.calendar.days.push_back(
        {test::date_of_day(20605 - 364 + index), index % 100 == 0 ? 3 : 0});
  }
  for (int index = 0; index < 30; ++index) {
    protocol::ReviewDayReport day;
    day.date = test::date_of_day(20605 - 29 + index);
    if (index == 29) {
      day.count = {.learning = 3, .young = 1};
      day.time_ms = {.learning = 15'000, .young = 5'000};
    }
    report.reviews.days.push_back(day);
    report.added.days.push_back({day.date, index == 29 ? 8 : 0});
  }
  report.reviews.period_days = 30;
  report.reviews.days_studied = 1;
  report.added.total = 8;
  report.intervals = {{{1, 1}, {4, 2}}, 3, 4.0};
  report.ease = {{{250, 3}}, 3, 250.0};
  report.difficulty = {{{10, 1}, {12, 1}, {80, 1}}, 3, 12.0};
  report.stability = {{{3, 3}}, 3, 3.0};
  report.retrievability = {{{90, 2}, {99, 1}}, 3, 0.93, 2.8, 2.8};
  for (int hour = 0; hour < 24; ++hour) {
    report.hours.push_back({hour, hour == 10 ? 4 : 0, hour == 10 ? 3 : 0,
                            hour == 10 ? std::optional<double>(0.75) : std::nullopt});
  }
  report.answer_buttons.learning = {1, 0, 2, 0, 3, 2, 2.0 / 3};
  report.answer_buttons.young = {0, 0, 0, 1, 1, 1, 1.0};
  return report;
}

// The marks of the chart `id`: rects and paths of class "mark".
int marks_of(const std::string& html, const std::string& id) {
  const auto start = html.find("<svg id=\"" + id + "\"");
  if (start == std::string::npos) return -1;
  const std::string svg = html.substr(start, html.find("</svg>", start) - start);
  const std::regex mark("<(rect|path) [^>]*class=\"mark[ \"]");
  return static_cast<int>(
      std::distance(std::sregex_iterator(svg.begin(), svg.end(), mark), std::sregex_iterator()));
}

std::vector<std::string> headings(const std::string& html) {
  std::vector<std::string> texts;
  const std::regex heading("<h2>([^<]*)</h2>");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), heading);
       it != std::sregex_iterator(); ++it) {
    texts.push_back((*it)[1].str());
  }
  return texts;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("cli stats html: every section, in order, in both languages", "[cli][html]") {
  const protocol::StatsReportResult report = html_sample_report();
  const std::string english = stats_html(report, "en");
  CHECK(english.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0) == 0);
  CHECK(headings(english) ==
        std::vector<std::string>{
            "Today", "Streak", "Card counts", "True retention", "Future due, next 30 days",
            "Calendar, last 365 days", "Reviews per day", "Time per day", "Review intervals",
            "Ease (SM-2 decks)", "Difficulty (FSRS decks)", "Stability (FSRS decks)",
            "Retrievability (FSRS decks)", "Answers by hour", "Answer buttons", "Added per day"});
  CHECK(has(english, "<h1>Statistics: all decks, last 30 days (today 2026-06-01)</h1>"));
  CHECK(has(english, "Today: 4 answers in 20s, correct 75%"));
  CHECK(has(english, "Streak: 2 days (longest 5 days)"));
  CHECK(has(english, "3 cards, median 4 d"));
  CHECK(has(english, "average retrievability 93.0%"));

  const std::string japanese = stats_html(report, "ja");
  CHECK(japanese.rfind("<!DOCTYPE html>\n<html lang=\"ja\">", 0) == 0);
  CHECK(headings(japanese) ==
        std::vector<std::string>{
            "今日", "連続学習", "カードの数", "真の定着率", "今後30日の復習予定",
            "カレンダー（過去365日）", "日ごとの解答数", "日ごとの学習時間", "復習間隔",
            "易しさ（SM-2 のデッキ）", "難易度（FSRS のデッキ）", "安定性（FSRS のデッキ）",
            "想起確率（FSRS のデッキ）", "時間帯別の解答", "解答ボタン", "日ごとの追加数"});
  CHECK(has(japanese, "統計: すべてのデッキ、過去30日（今日 2026-06-01）"));

  // Printable: a print style sheet that keeps each section (its chart) on one page.
  const auto print = english.find("@media print{");
  REQUIRE(print != std::string::npos);
  CHECK(english.find("section{border-color:#bbb;break-inside:avoid;page-break-inside:avoid}",
                     print) != std::string::npos);
  CHECK_FALSE(has(english, "background:#0"));
  CHECK_FALSE(has(english, "background:#1"));

  // Self-contained: nothing that reaches outside the file, no script.
  for (const std::string& html : {english, japanese}) {
    for (const char* outside : {"http", "src=", "href", "url(", "@import", "<script", "<link"}) {
      INFO(outside);
      CHECK_FALSE(has(html, outside));
    }
  }
}

TEST_CASE("cli stats html: each chart draws a mark per day or bucket with data", "[cli][html]") {
  const std::string html = stats_html(html_sample_report(), "en");
  CHECK(marks_of(html, "chart-today") == 2);
  CHECK(marks_of(html, "chart-streak") == 2);
  CHECK(marks_of(html, "chart-card-counts") == 4);
  CHECK(marks_of(html, "chart-true-retention") == 1);
  CHECK(marks_of(html, "chart-future-due") == 2);
  CHECK(marks_of(html, "chart-calendar") == 4);  // days 0, 100, 200 and 300 of the 365
  CHECK(marks_of(html, "chart-reviews") == 2);
  CHECK(marks_of(html, "chart-time") == 2);
  CHECK(marks_of(html, "chart-intervals") == 2);
  CHECK(marks_of(html, "chart-ease") == 1);
  CHECK(marks_of(html, "chart-difficulty") == 2);  // 10 and 12 share the 10-14% bin
  CHECK(marks_of(html, "chart-stability") == 1);
  CHECK(marks_of(html, "chart-retrievability") == 2);  // 90-94% and 95-99%
  CHECK(marks_of(html, "chart-hours") == 2);           // the bar, and the line of shares
  CHECK(marks_of(html, "chart-answer-buttons") == 3);
  CHECK(marks_of(html, "chart-added") == 1);
  // The median is marked on its histogram.
  CHECK(has(html, "class=\"marker\""));

  // A period longer than a year is drawn a few days a column: 800 days, three a column.
  protocol::StatsReportResult long_period = html_sample_report();
  long_period.reviews.days.clear();
  for (int index = 0; index < 800; ++index) {
    protocol::ReviewDayReport day;
    day.date = test::date_of_day(20605 - 799 + index);
    day.count.mature = 1;
    long_period.reviews.days.push_back(day);
  }
  const std::string long_html = stats_html(long_period, "en");
  CHECK(marks_of(long_html, "chart-reviews") == 267);
  CHECK(has(long_html, "2024-03-24 – 2024-03-26: 3"));

  // An empty report draws an axis and no marks, and says there is nothing to show.
  const std::string empty = stats_html(protocol::StatsReportResult{}, "en");
  for (const char* id : {"chart-today", "chart-calendar", "chart-reviews", "chart-intervals",
                         "chart-hours", "chart-added", "chart-retrievability"}) {
    INFO(id);
    CHECK(marks_of(empty, id) == 0);
  }
  CHECK(has(empty, "Nothing to show."));
}

TEST_CASE("cli stats html: a hostile deck name and broken numbers stay harmless text",
          "[cli][html]") {
  protocol::StatsReportResult report = html_sample_report();
  report.deck = "<script>alert('x')</script>\" onload=\"&amp;\xff";
  report.today.date = "<img src=x>";
  report.period = "<b>";
  report.intervals.median_days = std::nan("");
  report.retrievability.average = std::numeric_limits<double>::infinity();
  report.future_due.average_per_day = std::nan("");
  report.hours[3] = {3, 5, 9, 7.5};         // more correct than answers, a share above 1
  report.hours.push_back({99, 1, 1, 1.0});  // an hour that is none
  for (const std::string& html : {stats_html(report, "en"), stats_html(report, "ja")}) {
    CHECK_FALSE(has(html, "<script"));
    CHECK_FALSE(has(html, "<img"));
    CHECK_FALSE(has(html, "<b>"));
    CHECK_FALSE(has(html, "onload=\""));
    CHECK(
        has(html,
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; onload=&quot;&amp;amp;\uFFFD"));
    CHECK_FALSE(has(html, "nan"));
    CHECK_FALSE(has(html, "inf"));
  }
}
