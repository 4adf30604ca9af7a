// Durations in milliseconds, as the tests write their clocks. One definition for every test file:
// the files of a test binary are compiled together (unity batches, tests/CMakeLists.txt), so two
// files' own kDay would clash.
#pragma once

#include <cstdint>

#include "core/time.hpp"

namespace kioku::test {

inline constexpr std::int64_t kSecondMs = kMillisecondsPerSecond;
inline constexpr std::int64_t kMinuteMs = kMillisecondsPerMinute;
inline constexpr std::int64_t kHourMs = 60 * kMillisecondsPerMinute;
inline constexpr std::int64_t kDayMs = kMillisecondsPerDay;

}  // namespace kioku::test
