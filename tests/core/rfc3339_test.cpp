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

TEST_CASE("rfc3339: days a month does not have and offsets past 23:59 are refused",
          "[core][time_format]") {
  // Both shapes: the fast one replay's lines mostly have (Z, no or three decimals) and the rest.
  for (const char* text :
       {"2026-02-30T10:00:00Z", "2026-02-29T10:00:00Z", "2026-04-31T10:00:00.000Z",
        "2026-06-31T10:00:00Z", "2100-02-29T10:00:00Z", "2026-02-30T10:00:00+01:00",
        "2026-11-31 10:00:00Z", "2026-01-00T10:00:00Z", "2026-06-01T10:00:00+99:00",
        "2026-06-01T10:00:00+24:00", "2026-06-01T10:00:00-24:00", "2026-06-01T10:00:00+05:60",
        "2026-06-01T10:00:00-00:99"}) {
    INFO(text);
    CHECK_FALSE(parse_rfc3339(text).has_value());
  }
  // The edges that exist.
  CHECK(parse_rfc3339("2024-02-29T00:00:00Z").has_value());
  CHECK(parse_rfc3339("2000-02-29T00:00:00Z").has_value());
  CHECK(parse_rfc3339("2026-12-31T23:59:59.999Z").has_value());
  CHECK(parse_rfc3339("2026-06-01T23:59:00+23:59") == parse_rfc3339("2026-06-01T00:00:00Z"));
  CHECK(parse_rfc3339("2026-06-01T00:00:00-23:59") == parse_rfc3339("2026-06-01T23:59:00Z"));
}
