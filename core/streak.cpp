#include "core/streak.hpp"

namespace kioku {

bool StreakCounter::add(std::int64_t day) noexcept {
  if (broken_) return false;
  if (days_ == 0 && day == today_ - 1) expected_ = today_ - 1;  // today not reviewed yet
  if (day != expected_) {
    broken_ = true;
    return false;
  }
  ++days_;
  --expected_;
  return true;
}

}  // namespace kioku
