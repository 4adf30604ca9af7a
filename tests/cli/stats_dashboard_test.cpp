// The stats dashboard (cli/stats_dashboard.hpp) from a report with known figures: its lines in
// both languages, exactly where it matters, and never wider than 80 columns.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "cli/stats_dashboard.hpp"
#include "cli/terminal/text_table.hpp"
#include "tests/support/day_dates.hpp"
#include "tests/support/stats_report_sample.hpp"

using namespace kioku;
using namespace kioku::cli;
using Lines = std::vector<std::string>;

namespace {

// A year of days ending on Monday 2026-06-01 (day 20605), `count(index)` answers each.
template <class Count>
std::vector<protocol::CalendarDay> year_of(Count count) {
  std::vector<protocol::CalendarDay> days;
  for (int index = 0; index < 365; ++index) {
    days.push_back({test::date_of_day(20605 - 364 + index), count(index)});
  }
  return days;
}

protocol::StatsReportResult dashboard_sample_report() {
  protocol::StatsReportResult report = test::stats_report_sample(12, 10, 200'000, {5, 12});
  report.today.mature = 4;
  report.today.mature_correct = 3;
  report.card_counts = {20, 3, 1, 40, 100, 2, 0, 1, 166};
  report.true_retention.today.young = {4, 1, 0.8};
  report.true_retention.today.all = {4, 1, 0.8};
  report.true_retention.all_time.mature = {6, 1, 6.0 / 7.0};
  report.future_due.due[1] = 8;
  report.future_due.due[2] = 4;
  report.future_due.due[30] = 1;
  report.future_due.due_tomorrow = 8;
  report.future_due.daily_load = 12;
  report.answer_buttons.learning = {1, 0, 3, 0, 4, 3, 0.75};
  report.answer_buttons.mature = {1, 2, 30, 5, 38, 37, 37.0 / 38.0};
  for (int hour = 0; hour < 24; ++hour) report.hours.push_back({hour, hour == 9 ? 8 : 0, 0, {}});
  report.intervals.counts = {{1, 3}, {4, 10}, {30, 5}, {400, 1}};
  report.intervals.total = 19;
  report.intervals.median_days = 3.5;
  report.calendar.days = year_of([](int index) { return index % 7 == 0 ? 0 : index % 5; });
  return report;
}

Lines lines_between(const Lines& lines, std::size_t first, std::size_t count) {
  return Lines(lines.begin() + static_cast<std::ptrdiff_t>(first),
               lines.begin() + static_cast<std::ptrdiff_t>(first + count));
}

}  // namespace

TEST_CASE("dashboard: today, streak, counts and the two tables side by side, in English",
          "[cli][dashboard]") {
  const Lines lines = dashboard_lines(dashboard_sample_report(), "en", Style{});
  CHECK(lines_between(lines, 0, 5) ==
        Lines{"Statistics: all decks, last 30 days (today 2026-06-01)",
              "Today: 12 answers in 3m 20s, correct 83%, mature correct 75%",
              "Streak: 5 days (longest 12 days)",
              "Cards: 20 new, 3 learning, 1 relearning, 40 young, 100 mature",
              "       2 suspended, 0 buried, 166 in all; leeches: 1"});
  // The right block starts two columns after the retention table's widest line.
  CHECK(lines_between(lines, 6, 7) ==
        Lines{"True retention  Young  Mature    All  Answer buttons",
              "Today           80.0%     N/A  80.0%           Again Hard Good Easy Correct",
              "Yesterday         N/A     N/A    N/A  Learning     1    0    3    0     75%",
              "Last 7 days       N/A     N/A    N/A  Young        0    0    0    0     N/A",
              "Last 30 days      N/A     N/A    N/A  Mature       1    2   30    5     97%",
              "Last 365 days     N/A     N/A    N/A", "All time          N/A   85.7%    N/A"});
  CHECK(lines_between(lines, 14, 4) ==
        Lines{"Due in the next 30 days          Answers by hour",
              " █▄                           ▁           █",
              "today                      +30d  0     6     12    18  23",
              "Due: 13 in 30 days, 0.4 a day, 8 tomorrow, daily load 12"});
  // Buckets 0-1, 2-6, 1-3w, 3w-3m, 3m-1y, 1y+; the median rounded half up.
  CHECK(lines_between(lines, 19, 3) == Lines{"Intervals: 19 cards, median 4 d",
                                             "  0-1d  2-6d  1-3w  3w-3m  3m-1y  1y+",
                                             "   ▃ 3  █ 10     0    ▄ 5      0  ▁ 1"});
  CHECK(lines[23] == "Calendar, last 365 days  less · ░ ▒ ▓ █ more");
  // The last day, Monday 2026-06-01, ends the 53rd week; every Monday had no answers here.
  CHECK(lines[24] == "        Jul Aug  Sep Oct Nov  Dec Jan Feb Mar  Apr May  Jun");
  CHECK(lines[25] == "Mon " + [] {
    std::string dots;
    for (int week = 0; week < 53; ++week) dots += "·";
    return dots;
  }());
  CHECK(lines[26].rfind("    ░▓·▒█", 0) == 0);
  CHECK(lines.size() == 32);
}

TEST_CASE("dashboard: the same in Japanese, aligned by display width", "[cli][dashboard]") {
  const Lines lines = dashboard_lines(dashboard_sample_report(), "ja", Style{});
  CHECK(lines[0] == "統計: すべてのデッキ、過去30日（今日 2026-06-01）");
  CHECK(lines[1] == "今日: 解答 12 回、3分20秒、正解率 83%、成熟カードの正解率 75%");
  // 今日 takes four columns, Today five: the numbers still line up, as do the buttons'
  // headings, two columns a character.
  CHECK(lines_between(lines, 6, 3) ==
        Lines{"真の定着率   若い   成熟   全体  解答ボタン",
              "今日        80.0%    N/A  80.0%         もう一度 難しい 正解 簡単 正答率",
              "昨日          N/A    N/A    N/A  学習中        1      0    3    0    75%"});
  CHECK(lines_between(lines, 20, 2) ==
        Lines{"  0〜1日  2〜6日  1〜3週  3週〜3月  3月〜1年  1年〜",
              "     ▃ 3    █ 10       0       ▄ 5         0    ▁ 1"});
  CHECK(lines[31].rfind("   ", 0) == 0);  // Sunday's row has no label: three columns, like 月's
}

TEST_CASE("dashboard: no line wider than 80 columns, with colour or without, in both languages",
          "[cli][dashboard]") {
  protocol::StatsReportResult report = dashboard_sample_report();
  // Counts as large as a big collection gives.
  report.card_counts = {99999, 9999, 999, 99999, 99999, 9999, 999, 999, 999999};
  report.answer_buttons.mature = {9999, 9999, 99999, 9999, 129996, 119997, 0.923};
  report.answer_buttons.young = report.answer_buttons.mature;
  report.answer_buttons.learning = report.answer_buttons.mature;
  report.today.answers = 9999;
  report.today.time_ms = 99'999'000;
  report.future_due.due.assign(366, 999);
  report.future_due.daily_load = 99999;
  report.deck = "日本語の語彙-JLPT-N1\x1b[31m";
  for (const char* language : {"en", "ja"}) {
    for (const bool colour : {false, true}) {
      INFO(language << (colour ? " coloured" : ""));
      const Lines lines = dashboard_lines(report, language, Style{colour});
      for (const std::string& line : lines) {
        INFO(line);
        CHECK(visible_width(line) <= 80);
        if (!colour) CHECK(line.find('\033') == std::string::npos);
      }
      // The deck's escape is shown as text, never sent to the terminal.
      CHECK(lines[0].find("\\u001b[31m") != std::string::npos);
    }
  }
}

TEST_CASE("dashboard: a hostile daemon's counts and figures draw, saturate or show N/A",
          "[cli][dashboard]") {
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  protocol::StatsReportResult report = dashboard_sample_report();
  // Drawn, not printed: the largest counts must scale without overflow and keep the widths.
  for (protocol::CalendarDay& day : report.calendar.days) day.reviews = kMax - day.reviews;
  for (protocol::HourReport& hour : report.hours) hour.total = kMax;
  report.today.correct = kMax;  // more correct than answers
  report.today.mature_correct = -kMax;
  report.true_retention.today.young.retention = kNaN;
  report.true_retention.today.mature.retention = kInfinity;
  report.true_retention.today.all.retention = 1e300;
  report.answer_buttons.learning.correct_share = -kInfinity;
  for (const double median : {kNaN, kInfinity, -kInfinity, 1e300, -1.0}) {
    report.intervals.median_days = median;
    for (const char* language : {"en", "ja"}) {
      INFO(language << " median " << median);
      const Lines lines = dashboard_lines(report, language, Style{});
      for (const std::string& line : lines) {
        INFO(line);
        CHECK(visible_width(line) <= 80);
      }
      CHECK(lines.size() == 32);
    }
  }
  const Lines lines = dashboard_lines(report, "en", Style{});
  CHECK(lines[1] == "Today: 12 answers in 3m 20s, correct 100%, mature correct 0%");
  CHECK(lines[7].rfind("Today             N/A     N/A  N/A  ", 0) == 0);
  CHECK(lines[19] == "Intervals: 19 cards, median N/A");

  // Printed sums saturate rather than overflow (the line is then wider than 80: nineteen digits).
  report.future_due.due.assign(31, kMax);
  report.intervals.counts = {{1, kMax}, {1, kMax}, {400, kMax}, {400, -kMax}};
  const Lines summed = dashboard_lines(report, "en", Style{});
  CHECK(summed[17].rfind("Due: 9223372036854775807 in 30 days, ", 0) == 0);
  CHECK(summed[21].find("█ 9223372036854775807") != std::string::npos);
  CHECK(summed[21].substr(summed[21].size() - 3) == "  0");  // the 1y+ bucket: kMax + -kMax
}

TEST_CASE("dashboard: shares as percentages", "[cli][dashboard]") {
  CHECK(percent_text(0.5, 0, "N/A") == "50%");
  for (const double broken : {std::numeric_limits<double>::quiet_NaN(),
                              std::numeric_limits<double>::infinity(), 1.5, -0.1}) {
    CHECK(percent_text(broken, 1, "N/A") == "N/A");
  }
  CHECK(percent_text(std::nullopt, 1, "N/A") == "N/A");
  CHECK(percent_text(0.8, 1, "N/A") == "80.0%");
  CHECK(percent_text(6.0 / 7.0, 1, "N/A") == "85.7%");
  CHECK(percent_text(1.0, 0, "N/A") == "100%");
  CHECK(percent_text(0.0, 0, "N/A") == "0%");
}
