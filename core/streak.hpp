// The streak: consecutive days with at least one review, ending today, or yesterday while
// today has none yet (a streak is not lost before the day is over).
#pragma once

#include <cstdint>

namespace kioku {

// Counts a streak from the days with reviews, fed latest first, so a store can stop reading
// at the first gap.
class StreakCounter {
 public:
  explicit StreakCounter(std::int64_t today) noexcept : today_(today), expected_(today) {}
  // Takes the next reviewed day (no later than today, each before the one fed last). False once
  // the run of days is broken: later calls would change nothing.
  bool add(std::int64_t day) noexcept;
  std::int64_t days() const noexcept { return days_; }

 private:
  std::int64_t today_;
  std::int64_t expected_;
  std::int64_t days_ = 0;
  bool broken_ = false;
};

}  // namespace kioku
