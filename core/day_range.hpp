// A span of scheduler days, both ends included: the periods the statistics are computed over.
#pragma once

#include <cstdint>
#include <limits>

namespace kioku {

struct DayRange {
  std::int64_t first = 0;
  std::int64_t last = 0;

  // The `days` days that end with `today` (1: today alone; 7: today and the six before).
  static constexpr DayRange last_days(std::int64_t today, std::int64_t days) noexcept {
    return {today - days + 1, today};
  }
  // Every day up to `today`: "all time". Answers after today (a clock that was ahead) are out.
  static constexpr DayRange until(std::int64_t today) noexcept {
    return {std::numeric_limits<std::int64_t>::min(), today};
  }
  constexpr bool contains(std::int64_t day) const noexcept { return first <= day && day <= last; }
  // Days in the range: last - first + 1. Throws kioku::Error (kInvalidParams) unless first <=
  // last and the range is at most kMaximumDays long: figures that keep a slot per day call it
  // before allocating, so an unbounded range (until()) is refused instead of exhausting memory.
  std::int64_t length_checked() const;
  static constexpr std::int64_t kMaximumDays = 100 * 366;
  bool operator==(const DayRange&) const = default;
};

}  // namespace kioku
