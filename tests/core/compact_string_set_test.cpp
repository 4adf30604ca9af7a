// CompactStringSet: membership as std::unordered_set<std::string> gives it, for the strings an
// import keeps (note ids), empty and long ones, and many of them.
#include "core/compact_string_set.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <unordered_set>

namespace kioku {

TEST_CASE("compact string set: insert says whether a string is new", "[core][compact_set]") {
  CompactStringSet set;
  CHECK(set.empty());
  CHECK(set.insert("a1b2c3d4e5"));
  CHECK_FALSE(set.insert("a1b2c3d4e5"));
  CHECK(set.insert(""));
  CHECK_FALSE(set.insert(""));
  // A string that is another's start, or two that join to a third, are strings of their own.
  CHECK(set.insert("a1b2c"));
  CHECK(set.insert("3d4e5"));
  CHECK(set.insert(std::string(64, '~')));
  CHECK(set.size() == 5);
  CHECK(set.contains("a1b2c3d4e5"));
  CHECK(set.contains(""));
  CHECK(set.contains("a1b2c"));
  CHECK(set.contains(std::string(64, '~')));
  CHECK_FALSE(set.contains("a1b2c3d4e"));
  CHECK_FALSE(set.contains("a1b2c3d4e5 "));
  CHECK_FALSE(set.contains(std::string(63, '~')));
}

TEST_CASE("compact string set: many strings agree with std::unordered_set", "[core][compact_set]") {
  std::mt19937_64 random(20261205);
  CompactStringSet set;
  set.reserve(1000);  // fewer than come: the table still grows past what was reserved
  std::unordered_set<std::string> reference;
  // Short ids from a small alphabet, so that many repeat.
  std::uniform_int_distribution<int> length(0, 4);
  std::uniform_int_distribution<int> letter('a', 'f');
  for (int round = 0; round < 50'000; ++round) {
    std::string text;
    const int size = length(random);
    for (int at = 0; at < size; ++at) text += static_cast<char>(letter(random));
    REQUIRE(set.insert(text) == reference.insert(text).second);
  }
  CHECK(set.size() == reference.size());
  for (const std::string& text : reference) CHECK(set.contains(text));
  CHECK_FALSE(set.contains("abcdefa"));
}

}  // namespace kioku
