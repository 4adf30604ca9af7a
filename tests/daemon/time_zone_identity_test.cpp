// The time zone the statistics' roll-ups are made on, told by its rules rather than by how TZ
// spells it: equal spellings of one zone keep the roll-ups, another zone refills them, and so
// does a record of the form written before (TZ's text), which could not see a changed file.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "daemon/store/collection_meta.hpp"
#include "daemon/store/time_zone_identity.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::test;

namespace {

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace

TEST_CASE("time zone identity: one zone however TZ names it, another zone apart",
          "[daemon][stats]") {
  REQUIRE(zone_installed("UTC"));
  REQUIRE(zone_installed("Etc/UTC"));
  REQUIRE(zone_installed("Asia/Tokyo"));
  std::string utc;
  {
    const TimeZoneGuard zone("UTC");
    utc = daemon::time_zone_identity();
  }
  CHECK(utc.starts_with("tzif:"));
  for (const std::string spelling : {"Etc/UTC", ":UTC", ":/usr/share/zoneinfo/UTC"}) {
    const TimeZoneGuard zone(spelling);
    INFO(spelling);
    CHECK(daemon::time_zone_identity() == utc);
  }
  const TimeZoneGuard tokyo("Asia/Tokyo");
  CHECK(daemon::time_zone_identity().starts_with("tzif:"));
  CHECK(daemon::time_zone_identity() != utc);
}

TEST_CASE("time zone identity: a POSIX rule or a zone with no TZif file is TZ's text",
          "[daemon][stats]") {
  TempHome directory;
  write_bytes(directory.root() + "/NotAZone", "not a zone file");
  // The zone restored last, when TZDIR is the runner's again.
  const TimeZoneGuard runner_zone("UTC");
  const ZoneVariableGuard zones("TZDIR", directory.root());
  {
    const TimeZoneGuard zone("JST-9");
    CHECK(daemon::time_zone_identity() == "tz:JST-9");
  }
  {
    const TimeZoneGuard zone("NotAZone");
    CHECK(daemon::time_zone_identity() == "tz:NotAZone");
  }
  {
    const TimeZoneGuard zone("");
    CHECK(daemon::time_zone_identity() == "tz:");
  }
}

TEST_CASE("time zone identity: a zone file that changes is another zone", "[daemon][stats]") {
  // As /etc/localtime when the machine moves to another zone: the same TZ, other rules.
  TempHome directory;
  const TimeZoneGuard zone("Here");  // restored last, when TZDIR is the runner's again
  const ZoneVariableGuard zones("TZDIR", directory.root());
  const std::string path = directory.root() + "/Here";
  write_bytes(path, std::string("TZif2\0\0", 7) + "the rules of one zone");
  const std::string before = daemon::time_zone_identity();
  CHECK(before.starts_with("tzif:"));
  CHECK(daemon::time_zone_identity() == before);
  write_bytes(path, std::string("TZif2\0\0", 7) + "the rules of another");
  CHECK(daemon::time_zone_identity() != before);
}

TEST_CASE("stats calendar: another spelling of the zone keeps the roll-ups, another zone refills",
          "[daemon][stats]") {
  REQUIRE(zone_installed("UTC"));
  REQUIRE(zone_installed("Etc/UTC"));
  REQUIRE(zone_installed("Asia/Tokyo"));
  DaemonFixture fixture;
  const DayCalendar calendar(4);
  {
    const TimeZoneGuard zone("UTC");
    fixture.collection.use_stats_calendar(calendar);
    CHECK_FALSE(fixture.collection.use_stats_calendar(calendar));
  }
  {
    const TimeZoneGuard zone("Etc/UTC");
    CHECK_FALSE(fixture.collection.use_stats_calendar(calendar));
  }
  {
    const TimeZoneGuard zone("Asia/Tokyo");
    CHECK(fixture.collection.use_stats_calendar(calendar));
    CHECK_FALSE(fixture.collection.use_stats_calendar(calendar));
  }
}

TEST_CASE("stats calendar: a record of TZ's text, the form written before, is made again",
          "[daemon][stats]") {
  // "time_zone=:/etc/localtime" could not see the file behind it change: not trusted.
  DaemonFixture fixture;
  const DayCalendar calendar(4);
  const TimeZoneGuard zone("JST-9");
  daemon::CollectionMeta meta(fixture.database);
  fixture.collection.write(
      [&] { meta.set("stats_rollup_calendar", "day_starts_at=4;time_zone=JST-9"); });
  CHECK(fixture.collection.use_stats_calendar(calendar));
  CHECK(meta.get("stats_rollup_calendar") == "day_starts_at=4;zone=tz:JST-9");
  CHECK_FALSE(fixture.collection.use_stats_calendar(calendar));
}
