// kiokud's automatic backups (docs/backup.md "Automatic backups") with a real kiokud on a fake
// clock (--clock-file): one backup per collection day, made after the day's first answer or at
// start-up, rotated to the days and weeks kept; kioku backup list in English, Japanese and JSON.
// No waiting: the backup runs on kiokud's worker thread, and collection.backups runs on that
// same thread after it, so the list asked for after an answer already shows its day's backup.
#include <filesystem>
#include <string>
#include <vector>

#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/durations.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// kMorning is Monday 2026-06-01 10:00 UTC (ISO week 23); tests run in UTC with days from 04:00.
constexpr std::int64_t kMondayMorningMs = kMorning * 1000;

std::vector<std::string> backup_daemon_arguments(const TempHome& home) {
  return {"--no-bundled-decks",
          "--clock-file",
          home.root() + "/clock",
          "--backups-daily",
          "3",
          "--backups-weekly",
          "2"};
}

// The names of the backups kioku backup list shows, of `kind` ("" for all), newest first.
std::vector<std::string> listed(const TempHome& home, const std::string& kind = "automatic") {
  const json::value list = parse_output(run_kioku(home, {"backup", "list", "--json"}));
  std::vector<std::string> names;
  for (const json::value& backup : list.at("backups").as_array()) {
    if (kind.empty() || backup.at("kind").as_string() == kind) {
      names.emplace_back(backup.at("name").as_string());
    }
  }
  return names;
}

// The automatic backup's name for day `day` after 2026-06-01, made at 10:00 UTC.
std::string automatic_on(int day) {
  char name[64];
  std::snprintf(name, sizeof name, "auto-202606%02d-100000.sqlite", 1 + day);
  return name;
}

void answer_at(const TempHome& home, std::int64_t card, std::int64_t unix_ms) {
  set_clock(home, unix_ms);
  call(home, "review.answer", {{"card", card}, {"choice", 1}, {"rating", "again"}});
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("e2e: kiokud backs up once per collection day and rotates the automatic backups",
          "[e2e][backup]") {
  TempHome home;
  set_clock(home, kMondayMorningMs);
  std::int64_t card = 0;
  {
    RunningDaemon daemon(home, backup_daemon_arguments(home));
    REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
    // A collection made by this start is not backed up until its first answer.
    CHECK(listed(home, "").empty());
    card = call(home, "review.next").at("card").at("id").as_int64();

    answer_at(home, card, kMondayMorningMs);
    CHECK(listed(home) == Names{automatic_on(0)});
    // Later the same day, and at 02:00 the next morning (before the 04:00 day start): the same
    // collection day, no second backup.
    answer_at(home, card, kMondayMorningMs + 3'600'000);
    answer_at(home, card, kMondayMorningMs + 16 * 3'600'000);
    CHECK(listed(home) == Names{automatic_on(0)});

    for (const int day : {1, 3}) answer_at(home, card, kMondayMorningMs + day * kDayMs);
    CHECK(listed(home) == Names{automatic_on(3), automatic_on(1), automatic_on(0)});
    // Day 8 (Tuesday, week 24): the last 3 days with a backup are 8, 3 and 1; day 0 is in week
    // 23, which has a daily one kept (3), so no weekly one.
    answer_at(home, card, kMondayMorningMs + 8 * kDayMs);
    CHECK(listed(home) == Names{automatic_on(8), automatic_on(3), automatic_on(1)});

    // kioku backup's own copy and a migration's copy are never rotated.
    REQUIRE(run_kioku(home, {"backup"}).exit_code == 0);
    std::filesystem::copy_file(home.data_dir() + "/backups/" + automatic_on(8),
                               home.data_dir() + "/backups/collection-v7-1780308000000.sqlite");

    for (const int day : {9, 16, 17, 18}) answer_at(home, card, kMondayMorningMs + day * kDayMs);
    // Days 18, 17, 16 (week 25); beyond them the newest of week 24 (9) and of week 23 (3).
    CHECK(listed(home) == Names{automatic_on(18), automatic_on(17), automatic_on(16),
                                automatic_on(9), automatic_on(3)});
    CHECK(listed(home, "manual") == Names{"collection-20260609-100000.sqlite"});
    CHECK(listed(home, "before-migration") == Names{"collection-v7-1780308000000.sqlite"});
  }

  // Started on a later day with no answer yet: the start backs up, and rotates. Day 20 is
  // Sunday of week 25, so days 20, 18 and 17 are kept, and 16 goes.
  set_clock(home, kMondayMorningMs + 20 * kDayMs);
  {
    RunningDaemon daemon(home, backup_daemon_arguments(home));
    CHECK(listed(home) == Names{automatic_on(20), automatic_on(18), automatic_on(17),
                                automatic_on(9), automatic_on(3)});
    // The file is a whole collection: the answers so far are in it.
    const std::string copy = home.data_dir() + "/backups/" + automatic_on(20);
    CHECK(std::filesystem::file_size(copy) > 0);
  }

  // --backups-daily 0 --backups-weekly 0: no automatic backups, and none deleted.
  set_clock(home, kMondayMorningMs + 30 * kDayMs);
  {
    RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-file", home.root() + "/clock",
                                "--backups-daily", "0", "--backups-weekly", "0"});
    answer_at(home, card, kMondayMorningMs + 30 * kDayMs);
    CHECK(listed(home).size() == 5);
    CHECK(listed(home).front() == automatic_on(20));
  }
}

TEST_CASE("e2e: kioku backup list shows each kind, time and size in English, Japanese and JSON",
          "[e2e][backup]") {
  TempHome home;
  set_clock(home, kMondayMorningMs);
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-file", home.root() + "/clock"});

  const CommandResult empty = run_kioku(home, {"backup", "list"});
  CHECK(empty.exit_code == 0);
  CHECK(empty.out == "No backups in " + home.data_dir() + "/backups yet\n");
  CHECK(run_kioku(home, {"--lang", "ja", "backup", "list"}).out ==
        home.data_dir() + "/backups にバックアップはまだありません\n");

  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  const std::int64_t card = call(home, "review.next").at("card").at("id").as_int64();
  answer_at(home, card, kMondayMorningMs);  // auto-20260601-100000
  set_clock(home, kMondayMorningMs + 60'000);
  REQUIRE(run_kioku(home, {"backup"}).exit_code == 0);  // collection-20260601-100100
  const std::string backups = home.data_dir() + "/backups/";
  std::filesystem::copy_file(backups + "auto-20260601-100000.sqlite",
                             backups + "before-restore-20260601-100200.sqlite");
  std::filesystem::copy_file(backups + "auto-20260601-100000.sqlite",
                             backups + "collection-v7-1780308000000.sqlite");  // 10:00:00

  const json::value list = parse_output(run_kioku(home, {"backup", "list", "--json"}));
  CHECK(list.at("directory").as_string() == home.data_dir() + "/backups");
  const json::array& files = list.at("backups").as_array();
  REQUIRE(files.size() == 4);
  CHECK(files[0].at("name").as_string() == "before-restore-20260601-100200.sqlite");
  CHECK(files[0].at("kind").as_string() == "before-restore");
  CHECK(files[0].at("time").as_int64() == kMondayMorningMs + 120'000);
  CHECK(files[0].at("path").as_string() == backups + "before-restore-20260601-100200.sqlite");
  CHECK(files[1].at("kind").as_string() == "manual");
  CHECK(files[1].at("time").as_int64() == kMondayMorningMs + 60'000);
  // Equal times: the greater name first.
  CHECK(files[2].at("name").as_string() == "collection-v7-1780308000000.sqlite");
  CHECK(files[2].at("kind").as_string() == "before-migration");
  CHECK(files[3].at("kind").as_string() == "automatic");
  CHECK(files[3].at("bytes").as_int64() == static_cast<std::int64_t>(std::filesystem::file_size(
                                               backups + "auto-20260601-100000.sqlite")));

  const CommandResult english = run_kioku(home, {"backup", "list"});
  INFO(english.out);
  CHECK(english.out.starts_with("Backups in " + home.data_dir() + "/backups, newest first:\n"));
  CHECK(english.out.find("  2026-06-01 10:02  before restore  ") != std::string::npos);
  CHECK(english.out.find("  2026-06-01 10:01  manual          ") != std::string::npos);
  CHECK(english.out.find("  2026-06-01 10:00  before migration  ") != std::string::npos);
  CHECK(english.out.find("  2026-06-01 10:00  automatic       ") != std::string::npos);
  CHECK(english.out.find(" KiB  auto-20260601-100000.sqlite\n") != std::string::npos);

  const CommandResult japanese = run_kioku(home, {"--lang", "ja", "backup", "list"});
  INFO(japanese.out);
  CHECK(japanese.out.starts_with(home.data_dir() + "/backups のバックアップ（新しい順）:\n"));
  CHECK(japanese.out.find("  2026-06-01 10:02  復元前  ") != std::string::npos);
  CHECK(japanese.out.find("  2026-06-01 10:01  手動    ") != std::string::npos);
  CHECK(japanese.out.find("  2026-06-01 10:00  自動    ") != std::string::npos);
  CHECK(japanese.out.find("  2026-06-01 10:00  移行前  ") != std::string::npos);
}

TEST_CASE("e2e: the configuration file's backups.daily/weekly are the automatic backups' counts",
          "[e2e][backup][configuration]") {
  TempHome home;
  set_clock(home, kMondayMorningMs);
  const std::string config = home.write_file("config.toml", "[backups]\ndaily = 1\nweekly = 0\n");
  RunningDaemon daemon(
      home, {"--no-bundled-decks", "--clock-file", home.root() + "/clock", "--config", config});
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  const std::int64_t card = call(home, "review.next").at("card").at("id").as_int64();
  for (const int day : {0, 1, 2}) answer_at(home, card, kMondayMorningMs + day * kDayMs);
  // One day kept: each day's backup replaced the day before's.
  CHECK(listed(home) == Names{automatic_on(2)});

  // A reload with two days kept applies from the next backup on.
  home.write_file("config.toml", "[backups]\ndaily = 2\nweekly = 0\n");
  REQUIRE(run_kioku(home, {"config", "reload"}).exit_code == 0);
  answer_at(home, card, kMondayMorningMs + 3 * kDayMs);
  CHECK(listed(home) == Names{automatic_on(3), automatic_on(2)});

  // Both 0: no more automatic backups, and none deleted.
  home.write_file("config.toml", "[backups]\ndaily = 0\nweekly = 0\n");
  REQUIRE(run_kioku(home, {"config", "reload"}).exit_code == 0);
  answer_at(home, card, kMondayMorningMs + 4 * kDayMs);
  CHECK(listed(home) == Names{automatic_on(3), automatic_on(2)});
}

TEST_CASE("e2e: backups turned on by a reload know the day's backup a kiokud started without them",
          "[e2e][backup][configuration]") {
  TempHome home;
  set_clock(home, kMondayMorningMs);
  const std::string config = home.write_file("config.toml", "[backups]\ndaily = 1\nweekly = 0\n");
  const std::vector<std::string> arguments = {"--no-bundled-decks", "--clock-file",
                                              home.root() + "/clock", "--config", config};
  std::int64_t card = 0;
  {
    RunningDaemon daemon(home, arguments);
    REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
    card = call(home, "review.next").at("card").at("id").as_int64();
    answer_at(home, card, kMondayMorningMs);
    CHECK(listed(home) == Names{automatic_on(0)});
  }
  // The same day, started with the backups off, then turned on: today already has its backup.
  home.write_file("config.toml", "[backups]\ndaily = 0\nweekly = 0\n");
  RunningDaemon daemon(home, arguments);
  home.write_file("config.toml", "[backups]\ndaily = 1\nweekly = 0\n");
  REQUIRE(run_kioku(home, {"config", "reload"}).exit_code == 0);
  answer_at(home, card, kMondayMorningMs + 3'600'000);
  CHECK(listed(home) == Names{automatic_on(0)});
  // The next day backs up as usual.
  answer_at(home, card, kMondayMorningMs + kDayMs);
  CHECK(listed(home) == Names{automatic_on(1)});
}
