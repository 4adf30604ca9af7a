// Time spent as every command prints it (cli/duration_text.hpp).
#include "cli/duration_text.hpp"

#include <catch2/catch.hpp>

using kioku::cli::duration_text;

TEST_CASE("duration text: seconds, then minutes and hours as they are reached", "[cli][duration]") {
  CHECK(duration_text(0, "en") == "0s");
  CHECK(duration_text(999, "en") == "0s");  // whole seconds, rounded down
  CHECK(duration_text(45'000, "en") == "45s");
  CHECK(duration_text(60'000, "en") == "1m 0s");
  CHECK(duration_text(125'000, "en") == "2m 5s");
  CHECK(duration_text(3'600'000, "en") == "1h 0m 0s");
  CHECK(duration_text(3'725'000, "en") == "1h 2m 5s");
  CHECK(duration_text(100 * 3'600'000LL + 1000, "en") == "100h 0m 1s");
  CHECK(duration_text(-5000, "en") == "0s");  // a clock that went back counts as nothing
}

TEST_CASE("duration text: Japanese units, without spaces", "[cli][duration]") {
  CHECK(duration_text(0, "ja") == "0秒");
  CHECK(duration_text(45'000, "ja") == "45秒");
  CHECK(duration_text(125'000, "ja") == "2分5秒");
  CHECK(duration_text(3'725'000, "ja") == "1時間2分5秒");
  CHECK(duration_text(125'000, "") == "2m 5s");  // any other language: English
}

TEST_CASE("duration text: a duration from the command line, largest unit first",
          "[cli][duration]") {
  using kioku::cli::parse_duration;
  CHECK(parse_duration("10m") == 600'000);
  CHECK(parse_duration("90s") == 90'000);
  CHECK(parse_duration("1h") == 3'600'000);
  CHECK(parse_duration("1h30m") == 5'400'000);
  CHECK(parse_duration("1h 30m 5s") == 5'405'000);
  CHECK(parse_duration("24h") == 86'400'000);
  CHECK(parse_duration("0h5m") == 300'000);
  for (const char* refused : {"", " ", "10", "m", "10x", "5m1h", "1m1m", "0s", "0m0s", "24h1s",
                              "99999999999999999999h", "-5m", "1.5h", " 5m", "5m ", "5 m"}) {
    INFO(refused);
    CHECK_FALSE(parse_duration(refused));
  }
}
