// The geometry of the HTML report's charts as plain numbers: axis ticks, histogram bins, the
// rectangles of stacked columns and horizontal bars, and the heatmap's cells. Pure, so that the
// shapes are tested without a browser; cli/html/svg_chart.hpp writes them as SVG.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "protocol/stats_report_types.hpp"

namespace kioku::cli {

// Axis ticks from 0 up to the first tick at or above `largest`, `most` + 1 of them at most, a
// step of 1, 2 or 5 times a power of ten (at least 1 when `whole`, for counts). Anything not
// above 0 (or not a number) gives {0, 1}, so that an empty chart still has an axis.
std::vector<double> nice_ticks(double largest, int most, bool whole);

// A bin of a histogram: the values from..to (both included) and the cards in them.
struct HistogramBin {
  std::int64_t from = 0;
  std::int64_t to = 0;
  std::int64_t count = 0;
};

// `points` (value, count) in bins of one width, at most `most` bins (at least 1) covering
// first..last: a width of 1 when the range fits, else the smallest 1, 2 or 5 times a power of
// ten that does; the first bin starts at `first` rounded down to a multiple of the width. Points
// outside first..last count in the end bins; counts below 0 count as 0.
std::vector<HistogramBin> histogram_bins(
    const std::vector<std::pair<std::int64_t, std::int64_t>>& points, std::int64_t first,
    std::int64_t last, std::size_t most);

// `count` consecutive items (days) in at most `most` columns of equal size (the last may be
// shorter): each column's first and last index. A year of days is a column a day; a longer
// period a few days a column.
std::vector<std::pair<std::size_t, std::size_t>> grouped_columns(std::size_t count,
                                                                 std::size_t most);

// The plot area of a chart, in SVG user units (y grows downwards).
struct PlotBox {
  double left = 0.0;
  double top = 0.0;
  double width = 0.0;
  double height = 0.0;
};

// One drawn rectangle: which column (or row) and which series of it.
struct Mark {
  double x = 0.0;
  double y = 0.0;
  double width = 0.0;
  double height = 0.0;
  std::size_t column = 0;
  std::size_t series = 0;
};

// The least height (or width) of a drawn value: one unit, so that a value of 1 beside a largest
// of a million still shows (and survives the one decimal SVG numbers keep).
inline constexpr double kSmallestMark = 1.0;

// Columns side by side across `box`, each a stack of its series' values (the first at the
// bottom), scaled so that `top` fills the box's height (values above it are cut at it). A
// column takes box.width / columns.size(), of which `gap` (0..1) is left empty between columns.
// Values of 0 or less draw nothing; others are at least kSmallestMark high, so every mark has a
// width and a height above 0.
std::vector<Mark> stacked_columns(const std::vector<std::vector<std::int64_t>>& columns, double top,
                                  const PlotBox& box, double gap);

// Horizontal bars, one a row from the top, each `value / largest` of the box's width (at least
// kSmallestMark); rows of 0 or less draw nothing.
std::vector<Mark> horizontal_bars(const std::vector<std::int64_t>& values, std::int64_t largest,
                                  const PlotBox& box, double gap);

// The calendar as a grid: a column per week, a row per weekday (Monday 0), the newest days that
// fit `most_weeks` columns.
struct HeatmapCell {
  std::size_t week = 0;
  std::size_t weekday = 0;
  int shade = 0;        // 0 (no answers) to 4, as the terminal heatmap's shades
  std::size_t day = 0;  // index into the days given
};
struct MonthStart {
  std::size_t week = 0;
  unsigned month = 1;  // 1..12
};
struct HeatmapLayout {
  std::size_t weeks = 0;
  std::vector<HeatmapCell> cells;
  std::vector<MonthStart> months;  // the weeks where a month's first day is
};
HeatmapLayout heatmap_layout(const std::vector<protocol::CalendarDay>& days,
                             std::size_t most_weeks);

}  // namespace kioku::cli
