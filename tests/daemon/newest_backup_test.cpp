// newest_backup: what `kioku daemon status` calls the last backup, read from the backups
// directory by modification time (set here explicitly, never waited for).
#include <fcntl.h>
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <ctime>
#include <string>

#include "daemon/store/backup.hpp"
#include "tests/support/temp_home.hpp"

using kioku::daemon::FoundBackup;
using kioku::daemon::newest_backup;

namespace {

// Writes `name` in `home`'s root with the given modification time (seconds since the epoch).
std::string file_at(const kioku::test::TempHome& home, const std::string& name, std::time_t when) {
  const std::string path = home.write_file(name, "not really a database");
  const timespec times[2] = {{when, 0}, {when, 0}};
  REQUIRE(::utimensat(AT_FDCWD, path.c_str(), times, 0) == 0);
  return path;
}

}  // namespace

TEST_CASE("newest backup: the latest *.sqlite file by modification time", "[daemon][backup]") {
  kioku::test::TempHome home;
  CHECK_FALSE(newest_backup(home.root() + "/no-such-directory"));
  CHECK_FALSE(newest_backup(home.root()));

  file_at(home, "collection-20260101-000000.sqlite", 1'767'225'600);
  const std::string newest = file_at(home, "before-restore-20250101-000000.sqlite", 1'767'312'000);
  file_at(home, "collection-20270101-000000.sqlite.tmp", 1'800'000'000);  // not a backup
  ::mkdir((home.root() + "/directory.sqlite").c_str(), 0700);             // nor this

  const std::optional<FoundBackup> found = newest_backup(home.root());
  REQUIRE(found);
  CHECK(found->path == newest);
  CHECK(found->modified == 1'767'312'000'000);
}
