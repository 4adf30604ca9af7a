// list_backups and rotate_automatic_backups (daemon/store/backup_listing.hpp): the backups
// directory read by file name, and only automatic backups ever deleted.
#include "daemon/store/backup_listing.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "core/day_calendar.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::daemon;

namespace {

std::vector<std::string> names(const std::vector<ListedBackup>& listed) {
  std::vector<std::string> result;
  for (const ListedBackup& backup : listed) result.push_back(backup.name);
  return result;
}

}  // namespace

TEST_CASE("backup listing: newest first by the time in the name, copies in progress left out",
          "[daemon][backup]") {
  kioku::test::TempHome home;
  CHECK(list_backups(home.root() + "/no-such-directory").empty());
  home.write_file("auto-20260601-100000.sqlite", "x");
  home.write_file("collection-20260602-100000.sqlite", "xy");
  home.write_file("collection-v7-1780308000000.sqlite", "x");  // 2026-06-01 10:00:00
  home.write_file(".auto-20260603-100000.sqlite.12.1.partial", "x");
  home.write_file("notes.txt", "x");
  ::mkdir((home.root() + "/folder.sqlite").c_str(), 0700);
  const std::vector<ListedBackup> listed = list_backups(home.root());
  // Equal times (the migration's and the automatic one's): the greater name first.
  CHECK(names(listed) == std::vector<std::string>{"collection-20260602-100000.sqlite",
                                                  "collection-v7-1780308000000.sqlite",
                                                  "auto-20260601-100000.sqlite"});
  CHECK(listed[0].kind == BackupKind::kManual);
  CHECK(listed[0].bytes == 2);
  CHECK(listed[1].kind == BackupKind::kBeforeMigration);
  CHECK(listed[2].kind == BackupKind::kAutomatic);
  CHECK(listed[2].time == 1'780'308'000'000);
  CHECK(newest_automatic_backup(home.root()) == 1'780'308'000'000);
}

TEST_CASE("backup listing: rotation deletes only automatic backups", "[daemon][backup]") {
  kioku::test::TempHome home;
  for (const char* name :
       {"auto-20260601-100000.sqlite", "auto-20260601-120000.sqlite", "auto-20260602-100000.sqlite",
        "collection-20260501-100000.sqlite", "before-restore-20260401-100000.sqlite",
        "collection-v3-1700000000000.sqlite", "mine.sqlite"}) {
    home.write_file(name, "x");
  }
  const std::vector<std::string> removed = rotate_automatic_backups(
      home.root(), BackupRetention{.daily = 1, .weekly = 0}, DayCalendar(4));
  CHECK(removed ==
        std::vector<std::string>{"auto-20260601-120000.sqlite", "auto-20260601-100000.sqlite"});
  std::vector<std::string> left = names(list_backups(home.root()));
  std::sort(left.begin(), left.end());
  CHECK(left == std::vector<std::string>{"auto-20260602-100000.sqlite",
                                         "before-restore-20260401-100000.sqlite",
                                         "collection-20260501-100000.sqlite",
                                         "collection-v3-1700000000000.sqlite", "mine.sqlite"});
}
