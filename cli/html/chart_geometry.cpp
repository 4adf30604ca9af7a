// Ticks, bins and rectangles: the numbers behind the report's SVG.
#include "cli/html/chart_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cli/terminal/heatmap.hpp"

namespace kioku::cli {

namespace {

// The smallest 1, 2 or 5 × 10^k that is at least `at_least` (> 0).
double nice_step(double at_least) {
  const double magnitude = std::pow(10.0, std::floor(std::log10(at_least)));
  for (const double multiple : {1.0, 2.0, 5.0, 10.0}) {
    if (multiple * magnitude >= at_least * (1.0 - 1e-12)) return multiple * magnitude;
  }
  return 10.0 * magnitude;
}

// The same for whole numbers; saturates for ranges no chart has.
std::int64_t nice_width(std::int64_t at_least) {
  std::int64_t magnitude = 1;
  while (true) {
    for (const std::int64_t multiple : {1, 2, 5}) {
      if (multiple * magnitude >= at_least) return multiple * magnitude;
    }
    if (magnitude > std::numeric_limits<std::int64_t>::max() / 100) return at_least;
    magnitude *= 10;
  }
}

std::int64_t floor_to(std::int64_t value, std::int64_t width) {
  const std::int64_t quotient = value / width;
  return (value % width != 0 && value < 0 ? quotient - 1 : quotient) * width;
}

}  // namespace

std::vector<double> nice_ticks(double largest, int most, bool whole) {
  most = std::max(most, 1);
  if (!(largest > 0.0) || !std::isfinite(largest)) return {0.0, 1.0};
  double step = nice_step(largest / most);
  if (whole) step = std::max(step, 1.0);
  std::vector<double> ticks = {0.0};
  while (ticks.back() < largest * (1.0 - 1e-12)) {
    ticks.push_back(step * static_cast<double>(ticks.size()));
  }
  return ticks;
}

std::vector<HistogramBin> histogram_bins(
    const std::vector<std::pair<std::int64_t, std::int64_t>>& points, std::int64_t first,
    std::int64_t last, std::size_t most) {
  most = std::max<std::size_t>(most, 1);
  if (last < first) last = first;
  // Ranges beyond a million values are not the report's (days up to decades, percents to 100):
  // a hostile one is cut, so that the arithmetic below cannot overflow.
  constexpr std::int64_t kLargestRange = 1'000'000'000;
  first = std::clamp<std::int64_t>(first, -kLargestRange, kLargestRange);
  last = std::clamp<std::int64_t>(last, first, first + kLargestRange);
  const std::int64_t span = last - first + 1;
  const auto bins_wanted = static_cast<std::int64_t>(most);
  const std::int64_t width = nice_width((span + bins_wanted - 1) / bins_wanted);
  const std::int64_t start = floor_to(first, width);
  const std::size_t count = static_cast<std::size_t>((last - start) / width + 1);
  std::vector<HistogramBin> bins(count);
  for (std::size_t index = 0; index < count; ++index) {
    bins[index].from = start + static_cast<std::int64_t>(index) * width;
    bins[index].to = bins[index].from + width - 1;
  }
  for (const auto& [value, cards] : points) {
    if (cards <= 0) continue;
    const std::int64_t inside = std::clamp(value, first, last);
    HistogramBin& bin = bins[static_cast<std::size_t>((inside - start) / width)];
    bin.count = cards > std::numeric_limits<std::int64_t>::max() - bin.count
                    ? std::numeric_limits<std::int64_t>::max()
                    : bin.count + cards;
  }
  return bins;
}

std::vector<std::pair<std::size_t, std::size_t>> grouped_columns(std::size_t count,
                                                                 std::size_t most) {
  most = std::max<std::size_t>(most, 1);
  const std::size_t per_column = std::max<std::size_t>(1, (count + most - 1) / most);
  std::vector<std::pair<std::size_t, std::size_t>> columns;
  for (std::size_t first = 0; first < count; first += per_column) {
    columns.emplace_back(first, std::min(count, first + per_column) - 1);
  }
  return columns;
}

std::vector<Mark> stacked_columns(const std::vector<std::vector<std::int64_t>>& columns, double top,
                                  const PlotBox& box, double gap) {
  std::vector<Mark> marks;
  if (columns.empty() || !(top > 0.0)) return marks;
  const double slot = box.width / static_cast<double>(columns.size());
  const double width = slot * (1.0 - std::clamp(gap, 0.0, 0.9));
  const double bottom = box.top + box.height;
  for (std::size_t column = 0; column < columns.size(); ++column) {
    double stacked = 0.0;
    for (std::size_t series = 0; series < columns[column].size(); ++series) {
      const std::int64_t value = columns[column][series];
      if (value <= 0 || stacked >= top) continue;
      const double from = stacked;
      stacked = std::min(top, stacked + static_cast<double>(value));
      const double height = std::max(kSmallestMark, (stacked - from) / top * box.height);
      // A small value grows upwards from where its stack segment starts.
      const double base = bottom - from / top * box.height;
      marks.push_back(Mark{box.left + static_cast<double>(column) * slot + (slot - width) / 2.0,
                           base - height, width, height, column, series});
    }
  }
  return marks;
}

std::vector<Mark> horizontal_bars(const std::vector<std::int64_t>& values, std::int64_t largest,
                                  const PlotBox& box, double gap) {
  std::vector<Mark> marks;
  if (values.empty() || largest <= 0) return marks;
  const double slot = box.height / static_cast<double>(values.size());
  const double height = slot * (1.0 - std::clamp(gap, 0.0, 0.9));
  for (std::size_t row = 0; row < values.size(); ++row) {
    if (values[row] <= 0) continue;
    const double share =
        std::min(1.0, static_cast<double>(values[row]) / static_cast<double>(largest));
    marks.push_back(Mark{box.left,
                         box.top + static_cast<double>(row) * slot + (slot - height) / 2.0,
                         std::max(kSmallestMark, share * box.width), height, row, 0});
  }
  return marks;
}

HeatmapLayout heatmap_layout(const std::vector<protocol::CalendarDay>& days,
                             std::size_t most_weeks) {
  HeatmapLayout layout;
  if (days.empty() || most_weeks == 0) return layout;
  const std::size_t weekday = static_cast<std::size_t>(weekday_of_date(days.front().date));
  const std::size_t last_weekday = (weekday + days.size() - 1) % 7;
  const std::size_t room = 7 * (most_weeks - 1) + last_weekday + 1;
  const std::size_t skipped = days.size() > room ? days.size() - room : 0;
  const std::size_t first_weekday = (weekday + skipped) % 7;
  std::int64_t largest = 0;
  for (std::size_t index = skipped; index < days.size(); ++index) {
    largest = std::max(largest, days[index].reviews);
  }
  for (std::size_t index = skipped; index < days.size(); ++index) {
    const std::size_t slot = first_weekday + index - skipped;
    layout.cells.push_back(
        HeatmapCell{slot / 7, slot % 7, heatmap_shade(days[index].reviews, largest), index});
    const std::string& date = days[index].date;
    if (date.size() == 10 && date.compare(8, 2, "01") == 0) {
      const unsigned month = static_cast<unsigned>((date[5] - '0') * 10 + (date[6] - '0'));
      if (month >= 1 && month <= 12) layout.months.push_back(MonthStart{slot / 7, month});
    }
  }
  layout.weeks = (first_weekday + days.size() - skipped + 6) / 7;
  return layout;
}

}  // namespace kioku::cli
