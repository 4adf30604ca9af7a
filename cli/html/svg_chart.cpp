// SVG text for the report's charts, from the geometry of cli/html/chart_geometry.hpp.
#include "cli/html/svg_chart.hpp"

#include <algorithm>
#include <cmath>

#include "cli/number_text.hpp"

namespace kioku::cli {

namespace {

constexpr double kWidth = 720.0;
constexpr double kColumnHeight = 200.0;
constexpr double kLeft = 52.0;
constexpr double kRight = 44.0;
constexpr double kTop = 10.0;
constexpr double kBottom = 24.0;
constexpr double kRowHeight = 22.0;
constexpr double kNameWidth = 150.0;
constexpr double kValueWidth = 110.0;

std::string open_svg(const std::string& id, const std::string& label, double height) {
  return "<svg id=\"" + id + "\" class=\"chart\" role=\"img\" viewBox=\"0 0 " + svg_number(kWidth) +
         " " + svg_number(height) + "\" width=\"" + svg_number(kWidth) + "\" height=\"" +
         svg_number(height) + "\"><title>" + label + "</title>";
}

std::string rect(double x, double y, double width, double height, const std::string& css_class,
                 const std::string& title) {
  std::string text = "<rect x=\"" + svg_number(x) + "\" y=\"" + svg_number(y) + "\" width=\"" +
                     svg_number(width) + "\" height=\"" + svg_number(height) + "\" class=\"" +
                     css_class + "\">";
  if (!title.empty()) text += "<title>" + title + "</title>";
  return text + "</rect>";
}

std::string line(double x1, double y1, double x2, double y2, const char* css_class) {
  return "<line x1=\"" + svg_number(x1) + "\" y1=\"" + svg_number(y1) + "\" x2=\"" +
         svg_number(x2) + "\" y2=\"" + svg_number(y2) + "\" class=\"" + css_class + "\"/>";
}

std::string text(double x, double y, const char* anchor, const std::string& content) {
  return "<text x=\"" + svg_number(x) + "\" y=\"" + svg_number(y) + "\" text-anchor=\"" + anchor +
         "\">" + content + "</text>";
}

std::string whole_text(double value) {
  return fixed_text(value, 0);
}

const std::string& class_of(const std::vector<std::string>& classes, std::size_t index) {
  static const std::string kPlain = "bar";
  return index < classes.size() ? classes[index] : kPlain;
}

}  // namespace

std::string svg_number(double value) {
  if (!std::isfinite(value)) return "0";
  std::string number = fixed_text(std::round(value * 10.0) / 10.0, 1);
  if (number.size() > 2 && number.compare(number.size() - 2, 2, ".0") == 0) {
    number.resize(number.size() - 2);
  }
  return number == "-0" ? "0" : number;
}

std::string svg_path_data(const std::vector<std::optional<std::pair<double, double>>>& points) {
  std::string data;
  bool drawing = false;
  for (const auto& point : points) {
    if (!point) {
      drawing = false;
      continue;
    }
    data += (drawing ? "L" : "M") + svg_number(point->first) + " " + svg_number(point->second);
    drawing = true;
  }
  return data;
}

std::string column_chart_svg(const ColumnChart& chart) {
  const PlotBox box{kLeft, kTop, kWidth - kLeft - kRight, kColumnHeight - kTop - kBottom};
  double largest = 0.0;
  for (const auto& column : chart.columns) {
    double sum = 0.0;
    for (const std::int64_t value : column)
      sum += static_cast<double>(std::max<std::int64_t>(value, 0));
    largest = std::max(largest, sum);
  }
  const double unit = chart.tick_unit > 0.0 ? chart.tick_unit : 1.0;
  std::vector<double> ticks = nice_ticks(largest / unit, 4, true);
  for (double& tick : ticks) tick *= unit;
  const double top = ticks.back();

  std::string svg = open_svg(chart.id, chart.label, kColumnHeight);
  const double bottom = box.top + box.height;
  for (const double tick : ticks) {
    const double y = bottom - tick / top * box.height;
    svg += line(box.left, y, box.left + box.width, y, tick == 0.0 ? "axis" : "grid");
    svg += text(box.left - 4.0, y + 4.0, "end",
                chart.tick_text ? chart.tick_text(tick) : whole_text(tick));
  }
  const double slot =
      chart.columns.empty() ? box.width : box.width / static_cast<double>(chart.columns.size());
  const double gap = slot >= 6.0 ? 0.15 : 0.0;
  for (const Mark& mark : stacked_columns(chart.columns, top, box, gap)) {
    const std::string& title =
        mark.column < chart.column_titles.size() ? chart.column_titles[mark.column] : "";
    svg += rect(mark.x, mark.y, mark.width, mark.height,
                "mark " + class_of(chart.series_classes, mark.series), title);
  }
  for (const auto& [column, label] : chart.axis_labels) {
    svg +=
        text(box.left + (static_cast<double>(column) + 0.5) * slot, bottom + 16.0, "middle", label);
  }
  if (!chart.shares.empty()) {
    std::vector<std::optional<std::pair<double, double>>> points;
    bool any = false;
    for (std::size_t column = 0; column < chart.shares.size(); ++column) {
      const std::optional<double>& share = chart.shares[column];
      if (!share || !std::isfinite(*share)) {
        points.emplace_back();
        continue;
      }
      any = true;
      points.emplace_back(std::pair{box.left + (static_cast<double>(column) + 0.5) * slot,
                                    bottom - std::clamp(*share, 0.0, 1.0) * box.height});
    }
    for (const int percent : {0, 50, 100}) {
      svg += text(box.left + box.width + 4.0, bottom - percent / 100.0 * box.height + 4.0, "start",
                  std::to_string(percent) + "%");
    }
    if (any) svg += "<path d=\"" + svg_path_data(points) + "\" class=\"mark share\"/>";
  }
  if (chart.marker) {
    const double x =
        box.left + std::clamp(*chart.marker, 0.0, static_cast<double>(chart.columns.size())) * slot;
    svg += line(x, box.top, x, bottom, "marker");
    svg += text(x + 3.0, box.top + 10.0, "start", chart.marker_text);
  }
  return svg + "</svg>";
}

std::string bar_rows_svg(const BarRows& rows) {
  const double height =
      kRowHeight * static_cast<double>(std::max<std::size_t>(rows.names.size(), 1));
  const PlotBox box{kNameWidth, 0.0, kWidth - kNameWidth - kValueWidth, height};
  std::int64_t largest = rows.largest;
  if (largest <= 0) {
    for (const std::int64_t value : rows.values) largest = std::max(largest, value);
  }
  std::string svg = open_svg(rows.id, rows.label, height);
  for (std::size_t row = 0; row < rows.names.size(); ++row) {
    const double middle = (static_cast<double>(row) + 0.5) * kRowHeight;
    svg += text(kNameWidth - 6.0, middle + 4.0, "end", rows.names[row]);
  }
  std::vector<double> ends(rows.names.size(), box.left);
  for (const Mark& mark : horizontal_bars(rows.values, largest, box, 0.25)) {
    const std::string title = mark.column < rows.value_texts.size()
                                  ? (rows.names[mark.column] + ": " + rows.value_texts[mark.column])
                                  : "";
    svg += rect(mark.x, mark.y, mark.width, mark.height,
                "mark " + class_of(rows.classes, mark.column), title);
    if (mark.column < ends.size()) ends[mark.column] = mark.x + mark.width;
  }
  for (std::size_t row = 0; row < rows.names.size() && row < rows.value_texts.size(); ++row) {
    svg += text(ends[row] + 6.0, (static_cast<double>(row) + 0.5) * kRowHeight + 4.0, "start",
                rows.value_texts[row]);
  }
  return svg + "</svg>";
}

std::string stacked_rows_svg(const StackedRows& rows) {
  const double height =
      kRowHeight * static_cast<double>(std::max<std::size_t>(rows.names.size(), 1));
  const double width = kWidth - kNameWidth - 20.0;
  std::string svg = open_svg(rows.id, rows.label, height);
  for (std::size_t row = 0; row < rows.names.size() && row < rows.rows.size(); ++row) {
    const double middle = (static_cast<double>(row) + 0.5) * kRowHeight;
    svg += text(kNameWidth - 6.0, middle + 4.0, "end", rows.names[row]);
    double total = 0.0;
    for (const std::int64_t value : rows.rows[row])
      total += static_cast<double>(std::max<std::int64_t>(value, 0));
    if (!(total > 0.0)) continue;
    double x = kNameWidth;
    for (std::size_t series = 0; series < rows.rows[row].size(); ++series) {
      const std::int64_t value = rows.rows[row][series];
      if (value <= 0) continue;
      const double length = std::max(kSmallestMark, static_cast<double>(value) / total * width);
      const std::string name =
          series < rows.series_names.size() ? rows.series_names[series] + ": " : "";
      svg += rect(x, middle - kRowHeight * 0.375, length, kRowHeight * 0.75,
                  "mark " + class_of(rows.series_classes, series),
                  rows.names[row] + " " + name + std::to_string(value));
      x += length;
    }
  }
  return svg + "</svg>";
}

std::string heatmap_svg(const HeatmapChart& chart) {
  constexpr double kCell = 12.0;
  constexpr double kLabel = 34.0;
  constexpr double kMonthRow = 14.0;
  static const std::vector<protocol::CalendarDay> kNone;
  const std::vector<protocol::CalendarDay>& days = chart.days ? *chart.days : kNone;
  const HeatmapLayout layout = heatmap_layout(days, 53);
  const double height = kMonthRow + 7.0 * kCell + 2.0;
  std::string svg = open_svg(chart.id, chart.label, height);
  for (std::size_t row = 0; row < 7; ++row) {
    if (chart.weekdays[row].empty()) continue;
    svg += text(kLabel - 4.0, kMonthRow + (static_cast<double>(row) + 0.8) * kCell, "end",
                chart.weekdays[row]);
  }
  double month_end = 0.0;
  for (const MonthStart& start : layout.months) {
    const double x = kLabel + static_cast<double>(start.week) * kCell;
    if (x < month_end) continue;  // the name before still reaches here
    svg += text(x, kMonthRow - 3.0, "start", chart.months[start.month - 1]);
    month_end = x + 3.0 * kCell;
  }
  for (const HeatmapCell& cell : layout.cells) {
    const protocol::CalendarDay& day = days[cell.day];
    svg +=
        rect(kLabel + static_cast<double>(cell.week) * kCell + 1.0,
             kMonthRow + static_cast<double>(cell.weekday) * kCell + 1.0, kCell - 2.0, kCell - 2.0,
             (cell.shade > 0 ? "mark shade-" : "day shade-") + std::to_string(cell.shade),
             chart.day_title ? chart.day_title(day) : "");
  }
  return svg + "</svg>";
}

}  // namespace kioku::cli
