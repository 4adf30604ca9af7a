// UniqueIds against the plain way it replaces: step past every id taken, one at a time.
#include "core/unique_ids.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

using kioku::UniqueIds;

namespace {

std::int64_t take_by_stepping(std::set<std::int64_t>& taken, std::int64_t wanted) {
  while (!taken.insert(wanted).second) ++wanted;
  return wanted;
}

}  // namespace

TEST_CASE("unique ids: a taken id gives the next free one past its run", "[core][export]") {
  UniqueIds ids;
  CHECK(ids.take(10) == 10);
  CHECK(ids.take(10) == 11);
  CHECK(ids.take(13) == 13);
  // 12 joins the runs 10-11 and 13 into one: the next wanted inside it goes past 13.
  CHECK(ids.take(12) == 12);
  CHECK(ids.take(10) == 14);
  CHECK(ids.take(9) == 9);
  CHECK(ids.take(9) == 15);
  CHECK(ids.take(1) == 1);
}

TEST_CASE("unique ids: the same ids as stepping past each taken one, in any order",
          "[core][export]") {
  std::mt19937_64 random(20261206);
  for (const std::int64_t spread : {std::int64_t{4}, std::int64_t{50}, std::int64_t{5000}}) {
    UniqueIds ids;
    std::set<std::int64_t> taken;
    std::uniform_int_distribution<std::int64_t> wanted(1, spread);
    for (int call = 0; call < 1'500; ++call) {
      const std::int64_t asked = wanted(random);
      INFO("spread " << spread << ", call " << call << ", asked " << asked);
      REQUIRE(ids.take(asked) == take_by_stepping(taken, asked));
    }
  }
}

TEST_CASE("unique ids: a million notes of one millisecond take consecutive ids", "[core][export]") {
  UniqueIds ids;
  const std::int64_t created = 1'767'225'600'000;
  for (std::int64_t note = 0; note < 1'000'000; ++note) {
    REQUIRE(ids.take(created) == created + note);
  }
}

TEST_CASE("unique ids: none past the largest, however they are asked for", "[core][export]") {
  UniqueIds ids;
  CHECK(ids.take(UniqueIds::kLargest) == UniqueIds::kLargest);
  CHECK_THROWS_AS(ids.take(UniqueIds::kLargest), std::overflow_error);
  CHECK_THROWS_AS(ids.take(UniqueIds::kLargest + 1), std::overflow_error);
  CHECK(ids.take(UniqueIds::kLargest - 1) == UniqueIds::kLargest - 1);
  CHECK_THROWS_AS(ids.take(UniqueIds::kLargest - 1), std::overflow_error);
}
