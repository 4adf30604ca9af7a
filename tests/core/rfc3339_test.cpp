// RFC 3339 parsing for replay input.
#include <catch2/catch.hpp>

#include "core/time_format.hpp"

using namespace kioku;

TEST_CASE("rfc3339: times with Z - offsets and fractions parse to UTC milliseconds",
          "[core][time_format]") {
  CHECK(parse_rfc3339("1970-01-01T00:00:00Z") == 0);
  CHECK(parse_rfc3339("2026-06-01T10:00:00Z") == 1780308000000);
  CHECK(parse_rfc3339("2026-06-01T19:00:00+09:00") == 1780308000000);
  CHECK(parse_rfc3339("2026-06-01T05:30:00-04:30") == 1780308000000);
  CHECK(parse_rfc3339("2026-06-01 10:00:00.25Z") == 1780308000250);
  CHECK(format_rfc3339_utc_ms(1780308000250) == "2026-06-01T10:00:00.250Z");
  CHECK(format_rfc3339_utc_ms(1780308000000) == "2026-06-01T10:00:00Z");
}

TEST_CASE("rfc3339: anything else is refused", "[core][time_format]") {
  for (const char* text : {"", "2026-06-01", "2026-06-01T10:00:00", "2026-13-01T10:00:00Z",
                           "2026-06-01T10:00:00Zjunk", "2026-06-01T10:00:00.Z", "tomorrow"}) {
    INFO(text);
    CHECK_FALSE(parse_rfc3339(text).has_value());
  }
}
