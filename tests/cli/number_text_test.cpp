// fixed_text (cli/number_text.hpp): printf's fixed notation, never cut short.
#include <catch2/catch.hpp>
#include <string>

#include "cli/number_text.hpp"

using kioku::cli::fixed_text;

TEST_CASE("fixed text: digits after the point, rounded, and whole however long", "[cli][print]") {
  CHECK(fixed_text(0.8567, 1) == "0.9");
  CHECK(fixed_text(12, 2) == "12.00");
  CHECK(fixed_text(0.123456, 4) == "0.1235");
  CHECK(fixed_text(-1.5, 0) == "-2");
  CHECK(fixed_text(85.714, 1) == "85.7");
  // A 32-byte buffer cut this short before.
  CHECK(fixed_text(1e40, 1).size() == 43);
}
