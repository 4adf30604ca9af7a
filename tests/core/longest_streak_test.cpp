// Tests for the longest streak (core/longest_streak.hpp).
#include "core/longest_streak.hpp"

#include <catch2/catch.hpp>
#include <vector>

namespace kioku {
namespace {

std::int64_t longest(const std::vector<std::int64_t>& days) {
  return longest_streak(days);
}

TEST_CASE("longest streak: the longest run of consecutive days", "[core][longest_streak]") {
  CHECK(longest({}) == 0);
  CHECK(longest({7}) == 1);
  CHECK(longest({1, 2, 3, 5, 6}) == 3);
  CHECK(longest({1, 3, 4, 5, 6, 9, 10}) == 4);
  CHECK(longest({1, 3, 5}) == 1);
  CHECK(longest({-2, -1, 0, 1}) == 4);
}

}  // namespace
}  // namespace kioku
