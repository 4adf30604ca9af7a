// Which TZ values glibc understands, and which it silently reads as UTC.
#include <catch2/catch.hpp>

#include "core/time_zone_check.hpp"

using namespace kioku;

TEST_CASE("time zone check: zones - rules and UTC pass - anything else is named",
          "[core][time_zone]") {
  CHECK_FALSE(time_zone_problem(nullptr));
  for (const char* understood :
       {"", "UTC", ":UTC", "GMT", "EST5EDT", "JST-9", "UTC0", "<+0330>-3:30", "IST-5:30",
        "CET-1CEST,M3.5.0,M10.5.0/3", "NZST-12NZDT-13,M9.5.0,M4.1.0/3", "EST+5EDT,J60/2,J300/2"}) {
    INFO(understood);
    CHECK_FALSE(time_zone_problem(understood));
  }
  for (const char* zone :
       {"Europe/Berlin", ":Asia/Tokyo", "/usr/share/zoneinfo/America/New_York"}) {
    INFO(zone);
    // Only where the system has tzdata: without it glibc could not read them either.
    if (!time_zone_problem("Europe/Berlin")) CHECK_FALSE(time_zone_problem(zone));
  }
  // A file that is no zone (glibc reads it as UTC): through "../", or zoneinfo's own tables.
  for (const char* garbage :
       {"garbage", "Europe/Berln", ":Mars/Olympus", "/no/such/zone", "JST-",
        "CET-1CEST,M3.5.0,nonsense", "12", "../../../etc/passwd", "/etc/passwd", "zone1970.tab"}) {
    INFO(garbage);
    const auto problem = time_zone_problem(garbage);
    REQUIRE(problem);
    CHECK(problem->english.starts_with("TZ='" + std::string(garbage) + "' is neither a time zone"));
    CHECK(problem->english.find("days are counted in UTC") != std::string::npos);
    CHECK(problem->japanese.starts_with("TZ='" + std::string(garbage) + "' はこのシステムの"));
    CHECK(problem->japanese.find("日付は UTC で数えます") != std::string::npos);
  }
}

TEST_CASE("time zone check: the zone file TZ names", "[core][time_zone]") {
  CHECK_FALSE(zone_file_path(nullptr));
  CHECK_FALSE(zone_file_path(""));
  CHECK_FALSE(zone_file_path(":"));
  CHECK(zone_file_path("/etc/localtime") == "/etc/localtime");
  CHECK(zone_file_path(":/etc/localtime") == "/etc/localtime");
  const char* set = std::getenv("TZDIR");
  const std::optional<std::string> previous = set ? std::optional<std::string>(set) : std::nullopt;
  unsetenv("TZDIR");
  CHECK(zone_file_path("Asia/Tokyo") == "/usr/share/zoneinfo/Asia/Tokyo");
  CHECK(zone_file_path(":Asia/Tokyo") == "/usr/share/zoneinfo/Asia/Tokyo");
  setenv("TZDIR", "/zones", 1);
  CHECK(zone_file_path("Here") == "/zones/Here");
  setenv("TZDIR", "", 1);
  CHECK(zone_file_path("Here") == "/usr/share/zoneinfo/Here");
  if (previous) {
    setenv("TZDIR", previous->c_str(), 1);
  } else {
    unsetenv("TZDIR");
  }
}
