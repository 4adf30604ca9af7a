// The calendar heatmap: days placed by weekday from the first date, shaded against the busiest.
#include "cli/terminal/heatmap.hpp"

#include <algorithm>
#include <charconv>
#include <span>

#include "cli/terminal/scaled_level.hpp"
#include "cli/terminal/text_table.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/day_calendar.hpp"

namespace kioku::cli {

namespace {

struct Date {
  int year = 1970;
  unsigned month = 1;
  unsigned day = 1;
};

// "YYYY-MM-DD" as a date; the epoch for anything else (the report's dates are always so).
Date date_of(const std::string& text) {
  Date date;
  if (text.size() != 10) return date;
  const char* begin = text.data();
  std::from_chars(begin, begin + 4, date.year);
  std::from_chars(begin + 5, begin + 7, date.month);
  std::from_chars(begin + 8, begin + 10, date.day);
  return date;
}

// 0 for Monday … 6 for Sunday. 1970-01-01 was a Thursday.
int weekday_of(const Date& date) {
  const std::int64_t days = days_from_civil(date.year, date.month, date.day);
  return static_cast<int>(((days % 7) + 7 + 3) % 7);
}

}  // namespace

int weekday_of_date(const std::string& date) {
  return weekday_of(date_of(date));
}

int heatmap_shade(std::int64_t count, std::int64_t largest) noexcept {
  return scaled_level(count, largest, 4);
}

const char* heatmap_character(int shade) noexcept {
  static constexpr std::array<const char*, 5> kShades{"·", "░", "▒", "▓", "█"};
  return kShades[static_cast<std::size_t>(std::clamp(shade, 0, 4))];
}

std::vector<std::string> heatmap_lines(const std::vector<protocol::CalendarDay>& all_days,
                                       const HeatmapLabels& labels, const Style& style) {
  // The socket may send any number of days: only the newest that fit 53 columns are drawn, so
  // that the lines keep within 80 columns whatever the daemon sends.
  std::size_t skipped = 0;
  int first_weekday = 0;
  if (!all_days.empty()) {
    const std::size_t weekday =
        static_cast<std::size_t>(weekday_of(date_of(all_days.front().date)));
    const std::size_t last_weekday = (weekday + all_days.size() - 1) % 7;
    const std::size_t room = 7 * (kHeatmapWeeks - 1) + last_weekday + 1;
    skipped = all_days.size() > room ? all_days.size() - room : 0;
    first_weekday = static_cast<int>((weekday + skipped) % 7);
  }
  const std::span<const protocol::CalendarDay> days(all_days.data() + skipped,
                                                    all_days.size() - skipped);

  int label_width = 0;
  for (const std::string& label : labels.weekdays) {
    label_width = std::max(label_width, display_width(label));
  }
  const int margin = label_width + 1;
  const int weeks = (first_weekday + static_cast<int>(days.size()) + 6) / 7;

  std::int64_t largest = 0;
  for (const protocol::CalendarDay& day : days) largest = std::max(largest, day.reviews);

  // grid[row][week]: the character of each day, blank outside the days given.
  std::vector<std::vector<std::string>> grid(7, std::vector<std::string>(weeks, " "));
  std::string months = std::string(static_cast<std::size_t>(margin), ' ');
  for (std::size_t index = 0; index < days.size(); ++index) {
    const int slot = first_weekday + static_cast<int>(index);
    const int week = slot / 7;
    grid[static_cast<std::size_t>(slot % 7)][static_cast<std::size_t>(week)] =
        heatmap_character(heatmap_shade(days[index].reviews, largest));
    const Date date = date_of(days[index].date);
    if (date.day != 1 || date.month < 1 || date.month > 12) continue;
    // A month's name starts above the week of its first day, unless the name before it still
    // reaches there (a space between them).
    const int column = margin + week;
    const int used = display_width(months);
    if (used > column || (used == column && used > margin && months.back() != ' ')) continue;
    months = pad_after(months, column) + labels.months[date.month - 1];
  }

  trim_end(months);
  std::vector<std::string> lines = {months};
  for (std::size_t row = 0; row < 7; ++row) {
    std::string cells;
    for (const std::string& cell : grid[row]) cells += cell;
    trim_end(cells);
    std::string line = pad_after(labels.weekdays[row], margin);
    if (!cells.empty()) line += style.green(cells);
    trim_end(line);
    lines.push_back(line);
  }
  return lines;
}

}  // namespace kioku::cli
