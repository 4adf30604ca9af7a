// Sets the process's TZ for one test and restores the previous value afterwards, so tests that
// depend on local time (DayCalendar) run in a known zone whatever the machine is set to.
#pragma once

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>

namespace kioku::test {

// True when the system's zone database holds `zone` (e.g. "Europe/Berlin"). glibc silently
// falls back to UTC for an unknown zone, which would make DST tests fail for the wrong reason.
inline bool zone_installed(const std::string& zone) {
  return std::filesystem::exists(std::filesystem::path("/usr/share/zoneinfo") / zone);
}

class TimeZoneGuard {
 public:
  explicit TimeZoneGuard(const std::string& zone) {
    if (const char* previous = std::getenv("TZ")) previous_ = previous;
    setenv("TZ", zone.c_str(), 1);
    tzset();
  }
  ~TimeZoneGuard() {
    if (previous_) {
      setenv("TZ", previous_->c_str(), 1);
    } else {
      unsetenv("TZ");
    }
    tzset();
  }
  TimeZoneGuard(const TimeZoneGuard&) = delete;
  TimeZoneGuard& operator=(const TimeZoneGuard&) = delete;

 private:
  std::optional<std::string> previous_;
};

}  // namespace kioku::test
