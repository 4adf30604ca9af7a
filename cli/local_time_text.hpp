// A moment as the user reads it on screen: "2026-06-01 12:00" in the local time zone (TZ), for
// the review screen's "next due" and card show's answer lines alike.
#pragma once

#include <cstdint>
#include <string>

namespace kioku::cli {

std::string local_minute_text(std::int64_t milliseconds);

}  // namespace kioku::cli
