// Anki's Intersperser: the worked sequences of its own tests, and properties of any mix.
#include "core/intersperser.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "tests/core/intersperse.hpp"

using namespace kioku;
using kioku::test::intersperse;

namespace {

std::string mix(const std::string& first, const std::string& second) {
  const std::vector<char> one(first.begin(), first.end());
  const std::vector<char> two(second.begin(), second.end());
  const std::vector<char> mixed = intersperse(one, two);
  return std::string(mixed.begin(), mixed.end());
}

}  // namespace

TEST_CASE("intersperser: equal lengths alternate starting with the first", "[core][queue]") {
  CHECK(mix("abc", "123") == "a1b2c3");
}

TEST_CASE("intersperser: the longer queue starts and the gaps are even", "[core][queue]") {
  CHECK(mix("abc", "12") == "a1b2c");
  CHECK(mix("abc", "123456") == "1a23b45c6");
  CHECK(mix("abc", "12345678") == "12a34b56c78");
  // 10 reviews and 5 new cards.
  CHECK(mix("RRRRRRRRRR", "NNNNN") == "RNRRNRRNRRNRRNR");
}

TEST_CASE("intersperser: an empty queue leaves the other as it is", "[core][queue]") {
  CHECK(mix("abc", "") == "abc");
  CHECK(mix("", "12") == "12");
  CHECK(mix("", "").empty());
  CHECK_FALSE(intersperse_next(0, 0, 0, 0).has_value());
  CHECK(intersperse_next(3, 3, 0, 2) == IntersperseSource::kSecond);
  CHECK(intersperse_next(0, 2, 4, 4) == IntersperseSource::kFirst);
}

TEST_CASE("intersperser: every item appears once and each queue keeps its order", "[core][queue]") {
  for (int first_length = 0; first_length <= 12; ++first_length) {
    for (int second_length = 0; second_length <= 12; ++second_length) {
      std::vector<int> first;
      std::vector<int> second;
      for (int i = 0; i < first_length; ++i) first.push_back(i);
      for (int i = 0; i < second_length; ++i) second.push_back(100 + i);
      const std::vector<int> mixed = intersperse(first, second);
      INFO(first_length << " and " << second_length);
      REQUIRE(mixed.size() == first.size() + second.size());
      std::vector<int> from_first;
      std::vector<int> from_second;
      for (int item : mixed) (item < 100 ? from_first : from_second).push_back(item);
      CHECK(from_first == first);
      CHECK(from_second == second);
      // Never two items of the shorter queue in a row while the longer one has items left.
      const bool first_longer = first_length >= second_length;
      for (std::size_t i = 1; i < mixed.size(); ++i) {
        const bool previous_short = (mixed[i - 1] < 100) != first_longer;
        const bool this_short = (mixed[i] < 100) != first_longer;
        const auto longer_left =
            std::count_if(mixed.begin() + static_cast<std::ptrdiff_t>(i), mixed.end(),
                          [&](int item) { return (item < 100) == first_longer; });
        if (longer_left > 0) CHECK_FALSE((previous_short && this_short));
      }
    }
  }
}
