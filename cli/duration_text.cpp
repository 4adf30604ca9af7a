// The units are in the text itself (no space between a number and its Japanese unit), so they
// live here rather than in a catalogue of whole messages.
#include "cli/duration_text.hpp"
#include "cli/language_choice.hpp"

#include <iterator>
#include <utility>

namespace kioku::cli {

namespace {

struct DurationUnits {
  const char* hours;
  const char* minutes;
  const char* seconds;
  const char* between;  // between one unit and the next
};

constexpr DurationUnits kEnglishUnits{"h", "m", "s", " "};
constexpr DurationUnits kJapaneseUnits{"時間", "分", "秒", ""};

}  // namespace

std::string duration_text(std::int64_t milliseconds, const std::string& language) {
  const DurationUnits& units = in_language(language, kEnglishUnits, kJapaneseUnits);
  const std::int64_t total = milliseconds > 0 ? milliseconds / 1000 : 0;
  const std::int64_t hours = total / 3600;
  const std::int64_t minutes = total / 60 % 60;
  const std::int64_t seconds = total % 60;
  std::string text;
  if (hours > 0) text += std::to_string(hours) + units.hours + units.between;
  if (hours > 0 || minutes > 0) text += std::to_string(minutes) + units.minutes + units.between;
  return text + std::to_string(seconds) + units.seconds;
}

std::optional<std::int64_t> parse_duration(std::string_view text) {
  constexpr std::int64_t kDayMs = 24 * 3600 * 1000;
  constexpr std::pair<char, std::int64_t> kUnits[] = {{'h', 3600'000}, {'m', 60'000}, {'s', 1000}};
  std::size_t next_unit = 0;  // units come largest first, each once
  std::int64_t total = 0;
  std::size_t at = 0;
  bool any = false;
  while (at < text.size()) {
    // One space between parts, none before the first or after the last.
    if (text[at] == ' ' && any && at + 1 < text.size() && text[at + 1] != ' ') {
      ++at;
    }
    std::int64_t number = 0;
    const std::size_t digits_start = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
      // More than a day in any unit is refused below; stop growing long before overflow.
      if (number > kDayMs) return std::nullopt;
      number = number * 10 + (text[at] - '0');
      ++at;
    }
    if (at == digits_start || at == text.size()) return std::nullopt;
    const char unit = text[at++];
    while (next_unit < std::size(kUnits) && kUnits[next_unit].first != unit) ++next_unit;
    if (next_unit == std::size(kUnits)) return std::nullopt;
    total += number * kUnits[next_unit].second;
    if (total > kDayMs) return std::nullopt;
    ++next_unit;
    any = true;
  }
  if (!any || total == 0) return std::nullopt;
  return total;
}

}  // namespace kioku::cli
