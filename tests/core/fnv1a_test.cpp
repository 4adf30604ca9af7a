#include "core/fnv1a.hpp"

#include <catch2/catch.hpp>

namespace kioku {
namespace {

// The published FNV-1a 64-bit vectors (www.isthe.com/chongo/tech/comp/fnv): stored content
// hashes and card numbers depend on these staying exactly as they are.
TEST_CASE("fnv1a_64 gives the published FNV-1a vectors", "[fnv1a]") {
  STATIC_REQUIRE(fnv1a_64("") == 0xcbf29ce484222325ull);
  STATIC_REQUIRE(fnv1a_64("a") == 0xaf63dc4c8601ec8cull);
  STATIC_REQUIRE(fnv1a_64("foobar") == 0x85944171f73967e8ull);
}

TEST_CASE("fnv1a_64 goes on from an earlier hash as if the texts were one", "[fnv1a]") {
  CHECK(fnv1a_64("bar", fnv1a_64("foo")) == fnv1a_64("foobar"));
  CHECK(fnv1a_64_byte(fnv1a_64("fooba"), 'r') == fnv1a_64("foobar"));
}

}  // namespace
}  // namespace kioku
