// Time spent (a session, a day of reviews) as a person reads it, the one format every command
// uses: "45s", "2m 5s", "1h 2m 5s"; in Japanese "45秒", "2分5秒", "1時間2分5秒".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kioku::cli {

// `milliseconds` (negative counts as 0) in whole seconds, largest unit first; units that are 0
// before the first one that is not are left out.
std::string duration_text(std::int64_t milliseconds, const std::string& language);

// The milliseconds a duration given on the command line stands for: whole hours, minutes and
// seconds in that order, each at most once and at least one of them ("10m", "90s", "1h30m",
// "1h 30m"); nullopt for anything else, for 0, and for more than a day (kioku review --time).
std::optional<std::int64_t> parse_duration(std::string_view text);

}  // namespace kioku::cli
