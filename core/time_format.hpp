// Human and machine renderings of times and durations.
#pragma once

#include <cstdint>
#include <string>

#include "core/time.hpp"

namespace kioku {

// "2026-11-30T07:31:00Z" (milliseconds are dropped; UTC).
std::string format_rfc3339_utc(TimestampMs when);

// A short span for buttons and summaries: "45s", "10m", "3h", "4d", "2.5mo", "1.2y".
std::string format_span(std::int64_t milliseconds);

}  // namespace kioku
