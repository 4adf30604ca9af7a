// The stats dashboard's layout pieces (cli/terminal/sparkline, heatmap, text_table): known
// inputs, exact output, widths as the terminal shows them.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "cli/terminal/heatmap.hpp"
#include "cli/terminal/scaled_level.hpp"
#include "cli/terminal/sparkline.hpp"
#include "cli/terminal/text_table.hpp"
#include "tests/support/day_dates.hpp"

using namespace kioku::cli;
using Lines = std::vector<std::string>;

TEST_CASE("sparkline: eight levels scaled up to the largest count", "[cli][dashboard]") {
  CHECK(sparkline_level(0, 8) == 0);
  CHECK(sparkline_level(-3, 8) == 0);
  CHECK(sparkline_level(5, 0) == 0);
  CHECK(sparkline_level(1, 8) == 1);
  CHECK(sparkline_level(4, 8) == 4);
  CHECK(sparkline_level(8, 8) == 8);
  // Rounded up: any count above 0 shows, only the largest is full.
  CHECK(sparkline_level(1, 1000) == 1);
  CHECK(sparkline_level(500, 1000) == 4);
  CHECK(sparkline_level(501, 1000) == 5);
  CHECK(sparkline_level(999, 1000) == 8);
  CHECK(sparkline_level(2000, 1000) == 8);

  CHECK(sparkline({0, 1, 2, 3, 4, 5, 6, 7, 8}) == " ▁▂▃▄▅▆▇█");
  CHECK(sparkline({3, 0, 6}) == "▄ █");
  CHECK(sparkline({0, 0}) == "  ");
  CHECK(sparkline({}).empty());
  CHECK(visible_width(sparkline(std::vector<std::int64_t>(31, 7))) == 31);
}

TEST_CASE("scaled level: rounded up exactly, and no overflow on the largest counts",
          "[cli][dashboard]") {
  // Against the plain formula wherever it cannot overflow.
  for (int levels : {4, 8}) {
    for (std::int64_t largest = 1; largest <= 200; ++largest) {
      for (std::int64_t count = 1; count <= largest; ++count) {
        INFO(levels << " " << count << "/" << largest);
        REQUIRE(scaled_level(count, largest, levels) == (levels * count + largest - 1) / largest);
      }
    }
  }
  // The socket is untrusted: counts near INT64_MAX overflowed levels × count + largest.
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  CHECK(sparkline_level(kMax, kMax) == 8);
  CHECK(sparkline_level(kMax - 1, kMax) == 8);
  CHECK(sparkline_level(kMax / 2, kMax) == 4);
  CHECK(sparkline_level(kMax / 2 + 1, kMax) == 5);
  CHECK(sparkline_level(1, kMax) == 1);
  CHECK(sparkline_level(kMax, 1) == 8);
  CHECK(sparkline_level(kMin, kMax) == 0);
  CHECK(sparkline_level(kMax, kMin) == 0);
  CHECK(heatmap_shade(kMax, kMax) == 4);
  CHECK(heatmap_shade(kMax / 4, kMax) == 1);
  CHECK(heatmap_shade(kMax / 4 + 1, kMax) == 2);
  CHECK(heatmap_shade(kMax - 1, kMax) == 4);
  CHECK(sparkline({kMax, 0, kMax / 8, 1}) == "█ ▁▁");
}

TEST_CASE("heatmap: five shades by quarters of the busiest day", "[cli][dashboard]") {
  CHECK(heatmap_shade(0, 10) == 0);
  CHECK(heatmap_shade(1, 10) == 1);
  CHECK(heatmap_shade(2, 10) == 1);  // up to a quarter
  CHECK(heatmap_shade(3, 10) == 2);
  CHECK(heatmap_shade(5, 10) == 2);  // up to half
  CHECK(heatmap_shade(6, 10) == 3);
  CHECK(heatmap_shade(7, 10) == 3);  // up to three quarters
  CHECK(heatmap_shade(8, 10) == 4);
  CHECK(heatmap_shade(10, 10) == 4);
  CHECK(heatmap_shade(4, 0) == 0);
  CHECK(std::string(heatmap_character(0)) + heatmap_character(1) + heatmap_character(2) +
            heatmap_character(3) + heatmap_character(4) ==
        "·░▒▓█");
}

TEST_CASE("heatmap: weeks as columns, Monday on top, month names above", "[cli][dashboard]") {
  // Thursday 2026-05-28 to Saturday 2026-06-06, 0 to 9 answers.
  std::vector<kioku::protocol::CalendarDay> days;
  const char* dates[] = {"2026-05-28", "2026-05-29", "2026-05-30", "2026-05-31", "2026-06-01",
                         "2026-06-02", "2026-06-03", "2026-06-04", "2026-06-05", "2026-06-06"};
  for (int index = 0; index < 10; ++index) days.push_back({dates[index], index});
  HeatmapLabels labels;
  labels.months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  labels.weekdays = {"Mon", "", "Wed", "", "Fri", "", ""};
  CHECK(heatmap_lines(days, labels, Style{}) == Lines{"     Jun",  // June 1st is in week 2
                                                      "Mon  ▒", "     ▓", "Wed  ▓", "    ·█",
                                                      "Fri ░█", "    ░█", "    ▒"});

  SECTION("Japanese labels take two columns a character") {
    labels.weekdays = {"月", "", "水", "", "金", "", ""};
    labels.months[5] = "6月";
    const Lines lines = heatmap_lines(days, labels, Style{});
    CHECK(lines[0] == "    6月");
    CHECK(lines[1] == "月  ▒");
    CHECK(lines[4] == "   ·█");
  }
  SECTION("a year takes at most 53 columns of weeks, and no more are ever drawn") {
    // 365 days from a Sunday fill the 53rd column's last slot; 366 from a Sunday would take a
    // 54th, so the oldest day goes. Starting on a Saturday: one slot short, or just full.
    for (const std::int64_t first : {20604, 20603}) {  // Sunday, Saturday 2026-05-30
      for (const int count : {365, 366, 371, 372, 5000}) {
        INFO("from day " << first << ", " << count << " days");
        std::vector<kioku::protocol::CalendarDay> year;
        for (int index = 0; index < count; ++index) {
          year.push_back({kioku::test::date_of_day(first + index), index + 1 == count ? 4 : 1});
        }
        const Lines lines = heatmap_lines(year, labels, Style{});
        REQUIRE(lines.size() == 8);
        // The weekday rows; a month name may start above the last week and run past it.
        int widest = 0;
        for (std::size_t row = 1; row < lines.size(); ++row) {
          CHECK(visible_width(lines[row]) <= 4 + 53);
          widest = std::max(widest, visible_width(lines[row]));
        }
        CHECK(widest == 4 + 53);
        CHECK(visible_width(lines[0]) <= 4 + 52 + 3);
        // The newest day is kept (drawn full), the oldest go.
        CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
                return line.size() >= 3 && line.compare(line.size() - 3, 3, "█") == 0;
              }) == 1);
      }
    }
  }
  SECTION("coloured, the days are green and the widths the same") {
    const Lines coloured = heatmap_lines(days, labels, Style{true});
    CHECK(coloured[1] == "Mon \033[32m ▒\033[0m");
    CHECK(visible_width(coloured[1]) == 6);
  }
}

TEST_CASE("text table: cells aligned by display width, wide text and colour codes counted right",
          "[cli][dashboard]") {
  CHECK(visible_width("") == 0);
  CHECK(visible_width("\033[1mab\033[0m") == 2);
  CHECK(visible_width("日本\033[32m語\033[0m") == 6);

  const std::vector<TableColumn> columns = {{10, false}, {8, true}, {6, true}};
  const std::string english = table_row({"Today", "80.0%", "N/A"}, columns);
  const std::string japanese = table_row({"今日", "80.0%", "N/A"}, columns);
  CHECK(english == "Today       80.0%   N/A");
  CHECK(japanese == "今日        80.0%   N/A");
  CHECK(visible_width(english) == visible_width(japanese));
  CHECK(english.find("80.0%") == 12);
  CHECK(japanese.find("80.0%") == 14);  // the same column: 今日 is 6 bytes, 4 columns

  // Colour codes take no room; a cell wider than its column pushes on, still one space apart.
  CHECK(table_row({"\033[1mAll\033[0m", "1"}, {{5, false}, {3, true}}) == "\033[1mAll\033[0m   1");
  CHECK(table_row({"Last 365 days", "123456"}, {{5, false}, {3, true}}) == "Last 365 days 123456");
  CHECK(table_row({"a", "123456", "7"}, {{2, false}, {3, true}, {3, true}}) == "a 123456  7");
}

TEST_CASE("side by side: the right block starts at one column on every line", "[cli][dashboard]") {
  CHECK(side_by_side({"ab", "日本", "\033[1mx\033[0m"}, {"1", "2", "3", "4"}, 6) ==
        Lines{"ab    1", "日本  2", "\033[1mx\033[0m     3", "      4"});
  CHECK(side_by_side({"left only", "two"}, {"", "r"}, 12) == Lines{"left only", "two         r"});
}
