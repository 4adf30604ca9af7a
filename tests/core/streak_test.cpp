// Tests for the streak (core/streak.hpp): consecutive reviewed days ending today, or yesterday
// while today has none yet.
#include "core/streak.hpp"

#include <catch2/catch.hpp>
#include <vector>

namespace kioku {
namespace {

std::int64_t streak(std::int64_t today, const std::vector<std::int64_t>& days_latest_first) {
  StreakCounter counter(today);
  for (const std::int64_t day : days_latest_first) {
    if (!counter.add(day)) break;
  }
  return counter.days();
}

TEST_CASE("streak: counts the run of days ending today", "[core][streak]") {
  CHECK(streak(100, {}) == 0);
  CHECK(streak(100, {100}) == 1);
  CHECK(streak(100, {100, 99, 98}) == 3);
  CHECK(streak(100, {100, 99, 97, 96}) == 2);
}

TEST_CASE("streak: a day not yet reviewed today keeps yesterday's run", "[core][streak]") {
  CHECK(streak(100, {99, 98}) == 2);
  CHECK(streak(100, {98, 97}) == 0);
}

TEST_CASE("streak: the counter says when the run is broken and then ignores the rest",
          "[core][streak]") {
  StreakCounter counter(10);
  CHECK(counter.add(10));
  CHECK(counter.add(9));
  CHECK_FALSE(counter.add(7));
  CHECK_FALSE(counter.add(6));
  CHECK(counter.days() == 2);
}

}  // namespace
}  // namespace kioku
