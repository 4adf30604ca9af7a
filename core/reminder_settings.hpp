// The texts of the [reminders] settings (docs/reminders.md): a duration ("2h", "1h30m"), quiet
// hours ("22:00-07:00") and a command given as one string. Pure parsing; the configuration's
// checks and kiokud's reminders both read them through here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kioku {

// The shortest and longest interval between two reminders.
inline constexpr std::int64_t kMinReminderIntervalSeconds = 60;
inline constexpr std::int64_t kMaxReminderIntervalSeconds = 7 * 86400;

// Seconds in `text`: whole numbers each followed by a unit, d, h, m or s, each unit at most
// once and in that order ("2h", "90m", "1h30m", "1d"), from 1m to 7d. Nullopt otherwise.
std::optional<std::int64_t> parse_reminder_interval(std::string_view text);

// A span of the local day: from `start` (included) to `end` (excluded), in minutes after
// midnight; `start` after `end` runs across midnight.
struct QuietHours {
  int start_minute = 0;
  int end_minute = 0;
  bool operator==(const QuietHours&) const = default;
};

// "HH:MM-HH:MM" (the hour may have one digit; 00:00 to 23:59), two different times. Nullopt
// otherwise.
std::optional<QuietHours> parse_quiet_hours(std::string_view text);

// Whether `minute_of_day` (0..1439) is inside `quiet`.
bool in_quiet_hours(const QuietHours& quiet, int minute_of_day) noexcept;

// A command written as one string: its words, split at spaces and tabs, with no quoting and no
// shell ("notify-send -u low"); an argument with a space needs the array form.
std::vector<std::string> split_command(std::string_view text);

}  // namespace kioku
