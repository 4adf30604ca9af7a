// The units are in the text itself (no space between a number and its Japanese unit), so they
// live here rather than in a catalogue of whole messages.
#include "cli/duration_text.hpp"
#include "cli/language_choice.hpp"

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

}  // namespace kioku::cli
