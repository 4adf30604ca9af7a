// The HTML report's chart geometry (cli/html/chart_geometry.hpp) and its SVG numbers
// (cli/html/svg_chart.hpp): ticks, bins, rectangles and heatmap cells with known numbers.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "cli/html/chart_geometry.hpp"
#include "cli/html/svg_chart.hpp"
#include "tests/support/day_dates.hpp"

using namespace kioku;
using namespace kioku::cli;

TEST_CASE("cli chart geometry: nice axis ticks", "[cli][html]") {
  using Ticks = std::vector<double>;
  CHECK(nice_ticks(3, 4, true) == Ticks{0, 1, 2, 3});
  CHECK(nice_ticks(7, 4, true) == Ticks{0, 2, 4, 6, 8});
  CHECK(nice_ticks(10, 4, true) == Ticks{0, 5, 10});
  CHECK(nice_ticks(11, 4, true) == Ticks{0, 5, 10, 15});
  CHECK(nice_ticks(1234, 4, true) == Ticks{0, 500, 1000, 1500});
  CHECK(nice_ticks(0.7, 4, false) == Ticks{0, 0.2, 0.4, 0.6000000000000001, 0.8});
  // Counts never get a step below 1, and anything without a positive largest an axis of 0-1.
  CHECK(nice_ticks(1, 4, true) == Ticks{0, 1});
  CHECK(nice_ticks(0, 4, true) == Ticks{0, 1});
  CHECK(nice_ticks(-5, 4, true) == Ticks{0, 1});
  CHECK(nice_ticks(std::nan(""), 4, true) == Ticks{0, 1});
  CHECK(nice_ticks(std::numeric_limits<double>::infinity(), 4, true) == Ticks{0, 1});
  // However large, at most `most` + 1 ticks, the last reaching the largest.
  const Ticks large = nice_ticks(9.2e18, 4, true);
  CHECK(large.size() <= 5);
  CHECK(large.back() >= 9.2e18);
}

TEST_CASE("cli chart geometry: histogram bins", "[cli][html]") {
  const std::vector<std::pair<std::int64_t, std::int64_t>> points = {{1, 3}, {2, 1}, {5, 2}};
  // A range that fits is one value a bin.
  const auto ones = histogram_bins(points, 1, 5, 60);
  REQUIRE(ones.size() == 5);
  CHECK(ones[0].from == 1);
  CHECK(ones[0].to == 1);
  CHECK(ones[0].count == 3);
  CHECK(ones[1].count == 1);
  CHECK(ones[2].count == 0);
  CHECK(ones[4].count == 2);
  // 0..99 in at most 20 bins: 5 each; the values land in their bins.
  const auto fives = histogram_bins({{0, 1}, {4, 1}, {5, 2}, {99, 7}}, 0, 99, 20);
  REQUIRE(fives.size() == 20);
  CHECK(fives[0].count == 2);
  CHECK(fives[1].count == 2);
  CHECK(fives[1].from == 5);
  CHECK(fives[1].to == 9);
  CHECK(fives[19].count == 7);
  // 1..365 days in at most 60: width 10 (7 would do, the next nice one is 10), from 0.
  const auto tens = histogram_bins({{1, 1}, {365, 1}}, 1, 365, 60);
  CHECK(tens.front().from == 0);
  CHECK(tens.front().to == 9);
  CHECK(tens.back().from == 360);
  CHECK(tens.size() == 37);
  // Points outside the range count in the end bins; counts below 0 not at all; a range the
  // wrong way round is one bin.
  const auto clamped = histogram_bins({{-4, 1}, {500, 2}, {50, -9}}, 0, 99, 20);
  CHECK(clamped.front().count == 1);
  CHECK(clamped.back().count == 2);
  CHECK(clamped[10].count == 0);
  CHECK(histogram_bins({}, 10, 3, 20).size() == 1);
  // Hostile ranges stay small and do not overflow.
  const auto hostile = histogram_bins({{std::numeric_limits<std::int64_t>::max(), 1}},
                                      std::numeric_limits<std::int64_t>::min(),
                                      std::numeric_limits<std::int64_t>::max(), 60);
  CHECK(hostile.size() <= 61);
  CHECK(hostile.back().count == 1);
}

TEST_CASE("cli chart geometry: days grouped into columns", "[cli][html]") {
  using Columns = std::vector<std::pair<std::size_t, std::size_t>>;
  CHECK(grouped_columns(3, 366) == Columns{{0, 0}, {1, 1}, {2, 2}});
  CHECK(grouped_columns(366, 366).size() == 366);
  // 367 days: two a column, the last alone.
  const Columns two = grouped_columns(367, 366);
  CHECK(two.size() == 184);
  CHECK(two.front() == std::pair<std::size_t, std::size_t>{0, 1});
  CHECK(two.back() == std::pair<std::size_t, std::size_t>{366, 366});
  CHECK(grouped_columns(0, 366).empty());
  CHECK(grouped_columns(5, 0).size() == 1);
}

TEST_CASE("cli chart geometry: stacked columns and horizontal bars", "[cli][html]") {
  const PlotBox box{10, 0, 100, 50};
  // Two columns of 50 each; the first stacks 1 and 3 (of a top of 4), the second has only its
  // second series, 2; the zero draws nothing.
  const std::vector<Mark> marks = stacked_columns({{1, 3}, {0, 2}}, 4, box, 0.2);
  REQUIRE(marks.size() == 3);
  CHECK(marks[0].x == Approx(15));
  CHECK(marks[0].width == Approx(40));
  CHECK(marks[0].height == Approx(12.5));
  CHECK(marks[0].y == Approx(37.5));
  CHECK(marks[1].series == 1);
  CHECK(marks[1].y == Approx(0));
  CHECK(marks[1].height == Approx(37.5));
  CHECK(marks[2].column == 1);
  CHECK(marks[2].series == 1);
  CHECK(marks[2].x == Approx(65));
  CHECK(marks[2].height == Approx(25));
  // A value above the top is cut at it; a stack already at the top adds nothing.
  const std::vector<Mark> cut = stacked_columns({{9, 9}}, 4, box, 0);
  REQUIRE(cut.size() == 1);
  CHECK(cut[0].height == Approx(50));
  // One among a million still shows, one unit high, on its stack.
  const std::vector<Mark> tiny = stacked_columns({{1'000'000, 1}}, 1'000'001, box, 0);
  REQUIRE(tiny.size() == 2);
  CHECK(tiny[1].height == Approx(kSmallestMark));
  CHECK(tiny[1].y + tiny[1].height == Approx(tiny[0].y).margin(0.001));
  CHECK(horizontal_bars({1, 1'000'000}, 1'000'000, PlotBox{0, 0, 200, 40}, 0)[0].width ==
        Approx(kSmallestMark));
  CHECK(stacked_columns({{1}}, 0, box, 0).empty());
  CHECK(stacked_columns({}, 4, box, 0).empty());

  const std::vector<Mark> bars = horizontal_bars({4, 0, 8, -1}, 8, PlotBox{0, 0, 200, 40}, 0);
  REQUIRE(bars.size() == 2);
  CHECK(bars[0].width == Approx(100));
  CHECK(bars[0].y == Approx(0));
  CHECK(bars[0].height == Approx(10));
  CHECK(bars[1].column == 2);
  CHECK(bars[1].width == Approx(200));
  CHECK(bars[1].y == Approx(20));
  CHECK(horizontal_bars({5}, 0, PlotBox{0, 0, 200, 40}, 0).empty());
}

TEST_CASE("cli chart geometry: the heatmap's cells and months", "[cli][html]") {
  // Sunday 2026-05-31 to Thursday 2026-06-04 (day 20604 on): Sunday is the first week's last
  // row, Monday starts the second week, where June's name goes.
  std::vector<protocol::CalendarDay> days;
  for (int index = 0; index < 5; ++index) {
    days.push_back({test::date_of_day(20604 + index), index == 2 ? 8 : index});
  }
  const HeatmapLayout layout = heatmap_layout(days, 53);
  CHECK(layout.weeks == 2);
  REQUIRE(layout.cells.size() == 5);
  CHECK(layout.cells[0].week == 0);
  CHECK(layout.cells[0].weekday == 6);
  CHECK(layout.cells[0].shade == 0);
  CHECK(layout.cells[1].week == 1);
  CHECK(layout.cells[1].weekday == 0);
  CHECK(layout.cells[1].shade == 1);  // 1 of 8: up to a quarter
  CHECK(layout.cells[2].shade == 4);
  CHECK(layout.cells[4].shade == 2);  // 4 of 8: up to a half
  REQUIRE(layout.months.size() == 1);
  CHECK(layout.months[0].week == 1);
  CHECK(layout.months[0].month == 6);
  // Only the newest days that fit the weeks given.
  std::vector<protocol::CalendarDay> year;
  for (int index = 0; index < 400; ++index) year.push_back({test::date_of_day(20205 + index), 1});
  const HeatmapLayout cut = heatmap_layout(year, 53);
  CHECK(cut.weeks == 53);
  CHECK(cut.cells.back().day == 399);
  CHECK(cut.cells.front().weekday == 0);
  CHECK(heatmap_layout({}, 53).cells.empty());
}

TEST_CASE("cli svg numbers and paths", "[cli][html]") {
  CHECK(svg_number(12.0) == "12");
  CHECK(svg_number(12.25) == "12.3");
  CHECK(svg_number(-0.01) == "0");
  CHECK(svg_number(std::nan("")) == "0");
  CHECK(svg_number(1e20) == "100000000000000000000");
  CHECK(svg_path_data({std::pair{1.0, 2.0}, std::pair{3.0, 4.5}, std::nullopt,
                       std::pair{5.0, 6.0}}) == "M1 2L3 4.5M5 6");
  CHECK(svg_path_data({}).empty());
}
