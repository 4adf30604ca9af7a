// Points in time as kioku passes them around: milliseconds since the Unix epoch (UTC).
#pragma once

#include <cstdint>

namespace kioku {

using TimestampMs = std::int64_t;

inline constexpr std::int64_t kMillisecondsPerSecond = 1000;
inline constexpr std::int64_t kMillisecondsPerMinute = 60 * kMillisecondsPerSecond;
inline constexpr std::int64_t kMillisecondsPerDay = 86400 * kMillisecondsPerSecond;

}  // namespace kioku
