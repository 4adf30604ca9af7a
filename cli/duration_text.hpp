// Time spent (a session, a day of reviews) as a person reads it, the one format every command
// uses: "45s", "2m 5s", "1h 2m 5s"; in Japanese "45秒", "2分5秒", "1時間2分5秒".
#pragma once

#include <cstdint>
#include <string>

namespace kioku::cli {

// `milliseconds` (negative counts as 0) in whole seconds, largest unit first; units that are 0
// before the first one that is not are left out.
std::string duration_text(std::int64_t milliseconds, const std::string& language);

}  // namespace kioku::cli
