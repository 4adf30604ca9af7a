// How kiokud starts and stops: a socket path it cannot use is found before the collection is
// opened, a TZ that glibc would silently read as UTC is named. (SIGHUP reloads the
// configuration: tests/e2e/configuration_test.cpp.)
#include <signal.h>
#include <sys/stat.h>

#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;

namespace {

bool entry_exists(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

// kiokud started on `socket` in `home`, which must refuse to start before the collection exists.
void expect_refused_before_collection(const TempHome& home, const std::string& socket,
                                      const std::string& reason) {
  const CommandResult result =
      run_command({kiokud_path(), "--socket", socket}, home.environment(), "", 30);
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 1);
  CHECK(result.err.find(reason) != std::string::npos);
  CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
  // Nothing was created, migrated or imported for a daemon that could not serve anyone.
  CHECK_FALSE(entry_exists(home.collection_path()));
  CHECK_FALSE(entry_exists(home.data_dir() + "/backups"));
}

}  // namespace

TEST_CASE("e2e: kiokud finds an unusable socket path before it opens the collection",
          "[e2e][daemon]") {
  TempHome home;
  SECTION("a directory that does not exist") {
    expect_refused_before_collection(home, home.root() + "/no/such/dir/kiokud.sock",
                                     "cannot listen on " + home.root() + "/no/such/dir");
  }
  SECTION("a file in the way") {
    const std::string in_the_way = home.write_file("not-a-socket", "x");
    expect_refused_before_collection(home, in_the_way, "exists and is not a socket");
  }
  SECTION("another kiokud on the same socket, with another collection") {
    TempHome other;
    RunningDaemon running(other, {"--no-bundled-decks"});
    expect_refused_before_collection(home, other.socket_path(), "another kiokud already listens");
    expect_still_serving(other);
  }
}

TEST_CASE("e2e: kiokud names a TZ that would silently mean UTC", "[e2e][daemon]") {
  TempHome home;
  for (const char* zone : {"garbage", "Europe/Berln", ":Mars/Olympus"}) {
    INFO("TZ=" << zone);
    RunningDaemon daemon(home, {"--no-bundled-decks"}, {{"TZ", zone}});
    CHECK(daemon.log().find("kiokud: warning: TZ='" + std::string(zone) +
                            "' is neither a time zone of this system nor a POSIX TZ rule, so "
                            "days are counted in UTC") != std::string::npos);
    CHECK(daemon.stop(SIGTERM) == 0);
  }
  // Unset (the system's zone), a zone name and a POSIX rule are understood.
  for (const char* zone : {"", "Asia/Tokyo", "JST-9"}) {
    INFO("TZ=" << zone);
    RunningDaemon daemon(home, {"--no-bundled-decks"}, {{"TZ", zone}});
    CHECK(daemon.log().find("warning") == std::string::npos);
    CHECK(daemon.stop(SIGTERM) == 0);
  }
}
