// The HTML report's charts as inline SVG: columns (stacked by series, with an optional line of
// shares and a marker), rows of horizontal bars, and the calendar heatmap. Every drawn datum is
// an element of class "mark" with a <title> (the browser shows it on hover, no script), so that
// a chart's marks can be counted in the rendered page. Texts passed in are already HTML
// (html_text); the functions add no text of their own.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/html/chart_geometry.hpp"
#include "protocol/stats_report_types.hpp"

namespace kioku::cli {

// A coordinate as SVG takes it: one decimal, never an exponent ("12.5", "0", "-3.2").
std::string svg_number(double value);

// An SVG path's "d" through the points, a new subpath after each missing one ("M1 2L3 4").
std::string svg_path_data(const std::vector<std::optional<std::pair<double, double>>>& points);

struct ColumnChart {
  std::string id;                                  // the svg element's id: "chart-forecast"
  std::string label;                               // the svg's <title>
  std::vector<std::vector<std::int64_t>> columns;  // [column][series]
  std::vector<std::string> series_classes;         // CSS class of each series
  std::vector<std::string> column_titles;          // each column's hover text
  std::vector<std::pair<std::size_t, std::string>> axis_labels;  // under a column
  // The axis counts in units of `tick_unit` (60000 for minutes of milliseconds); `tick_text`
  // writes a tick's value (in the columns' own units).
  double tick_unit = 1.0;
  std::function<std::string(double)> tick_text;
  // Shares 0..1, one a column or none: a line over the columns on a 0-100% axis at the right.
  std::vector<std::optional<double>> shares;
  // A dashed vertical line at this column position (0 = the first column's left edge).
  std::optional<double> marker;
  std::string marker_text;
};
std::string column_chart_svg(const ColumnChart& chart);

struct BarRows {
  std::string id;
  std::string label;
  std::vector<std::string> names;        // each row's name, left of its bar
  std::vector<std::int64_t> values;      // the bar lengths
  std::vector<std::string> classes;      // each row's CSS class
  std::vector<std::string> value_texts;  // written after each bar
  std::int64_t largest = 0;              // the full width; 0: the largest value
};
std::string bar_rows_svg(const BarRows& rows);

// Rows split in segments by share of the row's total (the answer buttons of each group).
struct StackedRows {
  std::string id;
  std::string label;
  std::vector<std::string> names;
  std::vector<std::vector<std::int64_t>> rows;  // [row][series]
  std::vector<std::string> series_classes;
  std::vector<std::string> series_names;
};
std::string stacked_rows_svg(const StackedRows& rows);

struct HeatmapChart {
  std::string id;
  std::string label;
  const std::vector<protocol::CalendarDay>* days = nullptr;
  std::array<std::string, 12> months;   // January first
  std::array<std::string, 7> weekdays;  // Monday first; empty ones unlabelled
  std::function<std::string(const protocol::CalendarDay&)> day_title;
};
std::string heatmap_svg(const HeatmapChart& chart);

}  // namespace kioku::cli
