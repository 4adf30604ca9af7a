// Human and machine renderings of times and durations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/time.hpp"

namespace kioku {

// "2026-11-30T07:31:00Z" (milliseconds are dropped; UTC).
std::string format_rfc3339_utc(TimestampMs when);

// Parses "2026-11-30T07:31:00Z", with optional fractional seconds and a "Z" or "+09:00"
// offset (a space may stand for the "T"). Returns nullopt when the text is not such a time.
std::optional<TimestampMs> parse_rfc3339(std::string_view text);

// "2026-11-30T07:31:00.250Z": milliseconds kept when there are any.
std::string format_rfc3339_utc_ms(TimestampMs when);

// The longest text format_rfc3339_utc_ms can give (a year far outside 0-9999).
inline constexpr std::size_t kMaxRfc3339Length = 64;

// Writes format_rfc3339_utc_ms(when) at `out`, which has room for kMaxRfc3339Length characters,
// and returns the end: no string to allocate, for replay's million lines.
char* write_rfc3339_utc_ms(char* out, TimestampMs when);

// A short span for buttons and summaries: "45s", "10m", "3h", "4d", "2.5mo", "1.2y".
std::string format_span(std::int64_t milliseconds);

}  // namespace kioku
