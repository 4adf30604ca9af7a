// The statistics' roll-ups (docs/stats.md "Roll-ups") through the real binaries: after a mixed
// history (two decks, several days, learning and review answers, a cram answer, undos, an
// import), the sums kiokud kept answer by answer are exactly those `doctor --rebuild` makes
// again from the raw log; and a new day start remakes them on the new days.
#include <filesystem>
#include <map>
#include <set>

#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/collection_tampering.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/durations.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// Monday 2026-06-01 08:00 UTC; kiokud runs in UTC.
constexpr std::int64_t kMondayAtEightMs = 1'780'300'800'000;

std::string deck_text(const std::string& id, int notes) {
  std::string text =
      "format = 2\nlanguages = [\"en\"]\n\n[deck]\nid = \"" + id + "\"\nname.en = \"" + id + "\"\n";
  for (int number = 1; number <= notes; ++number) {
    text += "\n[[notes]]\nid = \"" + id + "-" + std::to_string(number) +
            "\"\nkind = \"basic\"\nfront.en = \"" + id + " " + std::to_string(number) +
            "?\"\nback.en = \"1\"\n";
  }
  return text;
}

using Rows = std::vector<std::vector<std::string>>;

struct Rollups {
  Rows days;
  Rows hours;
  bool operator==(const Rollups&) const = default;
};

Rollups read_rollups(const TempHome& home) {
  const SqliteReader reader(home.collection_path());
  return {reader.rows("SELECT day, answer_group, rating, retention, deck_id, answers, duration_ms "
                      "FROM stats_day_rollup ORDER BY day, answer_group, rating, retention, "
                      "deck_id"),
          reader.rows("SELECT day, hour, deck_id, answers, passed FROM stats_hour_rollup ORDER BY "
                      "day, hour, deck_id")};
}

std::string calendar_key(const TempHome& home) {
  const Rows rows = SqliteReader(home.collection_path())
                        .rows(
                            "SELECT value FROM collection_meta WHERE key = "
                            "'stats_rollup_calendar'");
  return rows.empty() ? "" : rows.front().front();
}

// Sums a column over the rows whose `group_column` is `group` (every row: empty group).
std::int64_t column_sum(const Rows& rows, std::size_t column, std::size_t group_column = 0,
                        const std::string& group = "") {
  std::int64_t total = 0;
  for (const auto& row : rows) {
    if (!group.empty() && row[group_column] != group) continue;
    total += std::stoll(row[column]);
  }
  return total;
}

void review(const TempHome& home, const std::vector<std::string>& arguments,
            const std::string& input) {
  std::vector<std::string> command = {"review"};
  command.insert(command.end(), arguments.begin(), arguments.end());
  const CommandResult result = run_kioku(home, command, input);
  INFO(result.out << result.err);
  REQUIRE(result.exit_code == 0);
}

void rebuild(const TempHome& home) {
  const CommandResult result = run_kioku(home, {"doctor", "--rebuild", "--json"});
  INFO(result.out << result.err);
  REQUIRE(result.exit_code == 0);
}

}  // namespace

TEST_CASE("e2e: the statistics' roll-ups kept answer by answer equal those remade from the log",
          "[e2e][stats_rollups]") {
  TempHome home;
  set_clock(home, kMondayAtEightMs);
  const std::vector<std::string> arguments = {"--no-bundled-decks", "--clock-file",
                                              home.root() + "/clock"};
  RunningDaemon daemon(home, arguments, {{"TZ", "UTC"}});
  REQUIRE(
      run_kioku(home, {"import", home.write_file("alpha.toml", deck_text("alpha", 4))}).exit_code ==
      0);
  REQUIRE(
      run_kioku(home, {"import", home.write_file("beta.toml", deck_text("beta", 3))}).exit_code ==
      0);

  // Day 1, 08:00: every new card learnt; one answer undone and given again.
  review(home, {"--deck", "alpha"}, "again\nu\ngood\ngood\ngood\neasy\n");
  review(home, {"--deck", "beta"}, "easy\nhard\ngood\n");
  // 20 minutes on: the learning cards' next steps.
  set_clock(home, kMondayAtEightMs + 20 * 60'000);
  review(home, {}, "good\ngood\ngood\ngood\ngood\ngood\n");
  // Day 3, 23:00, and day 9, 02:00 (still day 8 with the day starting at 04:00): reviews, a
  // lapse, a cram answer, an import of more notes between them, and an undo.
  set_clock(home, kMondayAtEightMs + 2 * kDayMs + 15 * kHourMs);
  review(home, {}, "again\ngood\ngood\ngood\neasy\ngood\ngood\n");
  review(home, {"--cram", "--limit", "1"}, "hard\n");
  REQUIRE(
      run_kioku(home, {"import", home.write_file("alpha.toml", deck_text("alpha", 6))}).exit_code ==
      0);
  set_clock(home, kMondayAtEightMs + 8 * kDayMs - 6 * kHourMs);
  review(home, {}, "good\ngood\nu\nagain\ngood\ngood\ngood\ngood\ngood\ngood\ngood\ngood\n");

  const Rollups kept = read_rollups(home);
  // Not a trivial history: both decks, several days and hours, every group but mature.
  std::set<std::string> decks;
  std::set<std::string> days;
  std::set<std::string> groups;
  for (const auto& row : kept.days) {
    days.insert(row[0]);
    groups.insert(row[1]);
    decks.insert(row[4]);
  }
  CHECK(decks.size() == 3);  // both decks, and the whole collection as deck 0
  CHECK(decks.count("0") == 1);
  CHECK(days.size() >= 3);
  CHECK(groups.count("0") == 1);  // learning
  CHECK(groups.count("2") == 1);  // young reviews
  CHECK(groups.count("4") == 1);  // cram
  CHECK(kept.hours.size() >= 3);
  // Every standing answer is counted once: the log has the voided ones too.
  const SqliteReader reader(home.collection_path());
  const std::int64_t standing = std::stoll(
      reader
          .rows("SELECT count(*) FROM revlog r WHERE NOT EXISTS (SELECT 1 FROM revlog_voids v "
                "WHERE v.review_id = r.id)")
          .front()
          .front());
  CHECK(reader.rows("SELECT count(*) FROM revlog_voids").front().front() == "2");
  // Once in its deck's sums and once in the whole collection's.
  CHECK(column_sum(kept.days, 5, 4, "0") == standing);
  CHECK(column_sum(kept.days, 5) == 2 * standing);
  CHECK(column_sum(kept.hours, 3, 2, "0") ==
        standing - column_sum(kept.days, 5, 1, "4") / 2);  // no cram

  // What the figures show comes from the kept sums; a refill from the log changes nothing.
  const json::value stats_before =
      parse_output(run_kioku(home, {"stats", "--json", "--period", "all"}));
  rebuild(home);
  CHECK(read_rollups(home) == kept);
  CHECK(parse_output(run_kioku(home, {"stats", "--json", "--period", "all"})) == stats_before);
  CHECK(calendar_key(home).starts_with("day_starts_at=4;zone=tzif:"));

  // A new day start: the answers of 02:00 and of 08:00 move to other days, at once.
  const CommandResult set = run_kioku(home, {"config", "set", "day_starts_at", "9"});
  INFO(set.out << set.err);
  REQUIRE(set.exit_code == 0);
  CHECK(calendar_key(home).starts_with("day_starts_at=9;zone=tzif:"));
  const Rollups moved = read_rollups(home);
  CHECK(moved.days != kept.days);
  CHECK(column_sum(moved.days, 5, 4, "0") == standing);
  rebuild(home);
  CHECK(read_rollups(home) == moved);

  // And a restart on the same day start keeps them as they are.
  daemon.stop_cleanly();
  RunningDaemon again(home, arguments, {{"TZ", "UTC"}});
  CHECK(again.log().find("roll-ups made") == std::string::npos);
  CHECK(read_rollups(home) == moved);
}

TEST_CASE("e2e: a collection from before the roll-ups gets them from its log at start",
          "[e2e][stats_rollups]") {
  TempHome home;
  set_clock(home, kMondayAtEightMs);
  const std::vector<std::string> arguments = {"--no-bundled-decks", "--clock-file",
                                              home.root() + "/clock"};
  Rollups kept;
  {
    RunningDaemon daemon(home, arguments, {{"TZ", "UTC"}});
    REQUIRE(run_kioku(home, {"import", home.write_file("alpha.toml", deck_text("alpha", 3))})
                .exit_code == 0);
    review(home, {}, "again\ngood\neasy\n");
    kept = read_rollups(home);
  }
  REQUIRE(column_sum(kept.days, 5, 4, "0") == 3);
  // As a version-10 collection would be: no sums, no calendar.
  execute_sql(home.collection_path(),
              "DELETE FROM stats_day_rollup; DELETE FROM stats_hour_rollup; "
              "DELETE FROM collection_meta WHERE key = 'stats_rollup_calendar';");
  RunningDaemon daemon(home, arguments, {{"TZ", "UTC"}});
  CHECK(daemon.log().find("statistics roll-ups made from the review log") != std::string::npos);
  CHECK(read_rollups(home) == kept);
}

TEST_CASE("e2e: answers older than the year read from the roll-ups count in all-time retention",
          "[e2e][stats_rollups]") {
  TempHome home;
  set_clock(home, kMondayAtEightMs);
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-file", home.root() + "/clock"},
                       {{"TZ", "UTC"}});
  REQUIRE(
      run_kioku(home, {"import", home.write_file("alpha.toml", deck_text("alpha", 3))}).exit_code ==
      0);
  review(home, {}, "easy\neasy\neasy\n");
  // Four days on, the reviews (which count for true retention): two passed, one failed.
  set_clock(home, kMondayAtEightMs + 4 * kDayMs);
  review(home, {}, "good\nagain\ngood\n");
  // More than a year on: they are all-time answers only, read as one sum.
  set_clock(home, kMondayAtEightMs + 400 * kDayMs);
  review(home, {}, "good\ngood\ngood\ngood\n");
  const auto retention = [&](const std::string& period) {
    return parse_output(run_kioku(home, {"stats", "--json", "--period", period}))
        .at("true_retention");
  };
  const json::value all = retention("all");
  CHECK(retention("7d") == all);
  CHECK(retention("30d") == all);
  CHECK(retention("1y") == all);
  const json::value& all_time = all.at("all_time").at("all");
  const json::value& year = all.at("last_365_days").at("all");
  INFO(json::serialize(all));
  CHECK(all_time.at("passed").as_int64() == year.at("passed").as_int64() + 2);
  CHECK(all_time.at("failed").as_int64() == year.at("failed").as_int64() + 1);
}

TEST_CASE("e2e: the zone recorded is the one kiokud read at start - a changed zone refills next",
          "[e2e][stats_rollups]") {
  // glibc reads a zone's rules once: a zone file changed while kiokud runs (timedatectl
  // set-timezone rewriting /etc/localtime) is not the zone kiokud's days are in until it starts
  // again, and the roll-ups made meanwhile must not be recorded as made on it.
  TempHome home;
  const std::string zones = home.root() + "/zones";
  std::filesystem::create_directories(zones);
  std::filesystem::copy_file("/usr/share/zoneinfo/UTC", zones + "/Here");
  const std::map<std::string, std::string> environment = {{"TZ", "Here"}, {"TZDIR", zones}};
  const std::vector<std::string> arguments = {"--no-bundled-decks"};
  std::string zone_at_start;
  {
    RunningDaemon daemon(home, arguments, environment);
    const std::string key = calendar_key(home);
    REQUIRE(key.starts_with("day_starts_at=4;zone=tzif:"));
    zone_at_start = key.substr(key.find(";zone="));
    std::filesystem::copy_file("/usr/share/zoneinfo/Asia/Tokyo", zones + "/Here",
                               std::filesystem::copy_options::overwrite_existing);
    // A new day start makes the roll-ups again, on the zone kiokud is in.
    REQUIRE(run_kioku(home, {"config", "set", "day_starts_at", "9"}).exit_code == 0);
    CHECK(calendar_key(home) == "day_starts_at=9" + zone_at_start);
    daemon.stop_cleanly();
  }
  RunningDaemon again(home, arguments, environment);
  CHECK(again.log().find("statistics roll-ups made from the review log") != std::string::npos);
  CHECK(calendar_key(home).starts_with("day_starts_at=9;zone=tzif:"));
  CHECK(calendar_key(home) != "day_starts_at=9" + zone_at_start);
}
