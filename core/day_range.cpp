// The length check of a day range.
#include "core/day_range.hpp"

#include <string>

#include "core/error.hpp"

namespace kioku {

std::int64_t DayRange::length_checked() const {
  // Compared before subtracting, so that until()'s INT64_MIN cannot overflow.
  if (first > last || first < last - (kMaximumDays - 1)) {
    throw Error(ErrorCode::kInvalidParams, "a period of days must run forward and span at most " +
                                               std::to_string(kMaximumDays) + " days");
  }
  return last - first + 1;
}

}  // namespace kioku
