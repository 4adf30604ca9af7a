#include "core/reminder_settings.hpp"

#include <charconv>

namespace kioku {

namespace {

bool is_digit(char character) {
  return character >= '0' && character <= '9';
}

// A number of one or two digits at the front of `text`, taken off it.
std::optional<int> take_small_number(std::string_view& text, std::size_t most_digits) {
  std::size_t digits = 0;
  while (digits < text.size() && digits < most_digits && is_digit(text[digits])) ++digits;
  if (digits == 0) return std::nullopt;
  int value = 0;
  std::from_chars(text.data(), text.data() + digits, value);
  text.remove_prefix(digits);
  return value;
}

std::optional<int> parse_time_of_day(std::string_view text) {
  const auto hour = take_small_number(text, 2);
  if (!hour || *hour > 23 || text.empty() || text.front() != ':') return std::nullopt;
  text.remove_prefix(1);
  if (text.size() != 2) return std::nullopt;
  const auto minute = take_small_number(text, 2);
  if (!minute || *minute > 59) return std::nullopt;
  return *hour * 60 + *minute;
}

}  // namespace

std::optional<std::int64_t> parse_reminder_interval(std::string_view text) {
  static constexpr std::string_view kUnits = "dhms";
  static constexpr std::int64_t kSeconds[] = {86400, 3600, 60, 1};
  std::size_t next_unit = 0;  // units come in the order of kUnits, each once
  std::int64_t total = 0;
  if (text.empty()) return std::nullopt;
  while (!text.empty()) {
    std::size_t digits = 0;
    while (digits < text.size() && is_digit(text[digits])) ++digits;
    if (digits == 0 || digits > 9 || digits == text.size()) return std::nullopt;
    std::int64_t number = 0;
    std::from_chars(text.data(), text.data() + digits, number);
    const std::size_t unit = kUnits.find(text[digits], next_unit);
    if (unit == std::string_view::npos) return std::nullopt;
    total += number * kSeconds[unit];
    if (total > kMaxReminderIntervalSeconds) return std::nullopt;
    next_unit = unit + 1;
    text.remove_prefix(digits + 1);
  }
  if (total < kMinReminderIntervalSeconds) return std::nullopt;
  return total;
}

std::optional<QuietHours> parse_quiet_hours(std::string_view text) {
  const std::size_t dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto start = parse_time_of_day(text.substr(0, dash));
  const auto end = parse_time_of_day(text.substr(dash + 1));
  if (!start || !end || *start == *end) return std::nullopt;
  return QuietHours{*start, *end};
}

bool in_quiet_hours(const QuietHours& quiet, int minute_of_day) noexcept {
  if (quiet.start_minute < quiet.end_minute) {
    return minute_of_day >= quiet.start_minute && minute_of_day < quiet.end_minute;
  }
  return minute_of_day >= quiet.start_minute || minute_of_day < quiet.end_minute;
}

std::vector<std::string> split_command(std::string_view text) {
  std::vector<std::string> words;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    std::size_t end = at;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    if (end > at) words.emplace_back(text.substr(at, end - at));
    at = end;
  }
  return words;
}

}  // namespace kioku
