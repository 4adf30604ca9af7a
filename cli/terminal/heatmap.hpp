// The review calendar as a heatmap in a terminal: one column a week, one row a weekday (Monday
// on top), each day a character in one of five shades. 365 days take 53 columns at most, and
// no more than 53 are ever drawn.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/terminal/terminal.hpp"
#include "protocol/stats_report_types.hpp"

namespace kioku::cli {

// The shade (0-4) of a day with `count` answers when the busiest day had `largest`: 0 for no
// answers, else ⌈4 × count / largest⌉: 1 up to a quarter of the busiest day, 2 up to half, 3 up
// to three quarters, 4 above.
int heatmap_shade(std::int64_t count, std::int64_t largest) noexcept;

// 0 for Monday … 6 for Sunday of a "YYYY-MM-DD" date (1970-01-01's, a Thursday, for anything
// else).
int weekday_of_date(const std::string& date);

// The character of a shade: "·" for 0, then "░", "▒", "▓", "█".
const char* heatmap_character(int shade) noexcept;

// The most week columns a heatmap takes: a year of days starting late in a week.
constexpr std::size_t kHeatmapWeeks = 53;

struct HeatmapLabels {
  std::array<std::string, 12> months;   // January first: shown above a week where a month starts
  std::array<std::string, 7> weekdays;  // Monday first; an empty one leaves its row unlabelled
};

// The heatmap of `days` (consecutive, oldest first, dates "YYYY-MM-DD"): a row of month names,
// then seven rows, each starting with its weekday's label padded to the widest label and a
// space. Days before the first and after the last are blank. Only the newest days that fit
// kHeatmapWeeks columns are drawn (365 to 371 of them, by the last day's weekday). With
// `style.enabled`, the days are green. Widths are display widths: a Japanese label takes two
// columns a character.
std::vector<std::string> heatmap_lines(const std::vector<protocol::CalendarDay>& days,
                                       const HeatmapLabels& labels, const Style& style);

}  // namespace kioku::cli
