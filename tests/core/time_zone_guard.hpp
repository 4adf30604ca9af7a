// Sets the process's TZ for one test and restores the previous value afterwards, so tests that
// depend on local time (DayCalendar) run in a known zone whatever the machine is set to.
#pragma once

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>

namespace kioku::test {

// True when the system's zone database holds `zone` (e.g. "Europe/Berlin"). glibc silently
// falls back to UTC for an unknown zone, which would make DST tests fail for the wrong reason.
inline bool zone_installed(const std::string& zone) {
  return std::filesystem::exists(std::filesystem::path("/usr/share/zoneinfo") / zone);
}

// Sets one of the variables that decide the process's zone (TZ, TZDIR) for one test, and
// restores it afterwards; glibc reads the zone again each time.
class ZoneVariableGuard {
 public:
  ZoneVariableGuard(std::string name, const std::string& value) : name_(std::move(name)) {
    if (const char* previous = std::getenv(name_.c_str())) previous_ = previous;
    setenv(name_.c_str(), value.c_str(), 1);
    tzset();
  }
  ~ZoneVariableGuard() {
    if (previous_) {
      setenv(name_.c_str(), previous_->c_str(), 1);
    } else {
      unsetenv(name_.c_str());
    }
    tzset();
  }
  ZoneVariableGuard(const ZoneVariableGuard&) = delete;
  ZoneVariableGuard& operator=(const ZoneVariableGuard&) = delete;

 private:
  std::string name_;
  std::optional<std::string> previous_;
};

class TimeZoneGuard : public ZoneVariableGuard {
 public:
  explicit TimeZoneGuard(const std::string& zone) : ZoneVariableGuard("TZ", zone) {}
};

}  // namespace kioku::test
