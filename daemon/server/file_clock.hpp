// kiokud's clock for end-to-end tests that must move a running daemon's time (`--clock-file`):
// it reads the time, in Unix milliseconds, from a file that the test rewrites, and stands still
// in between. After moving it the test makes any request, which is when the server looks at
// its alarm again (Server::set_alarm), so a learning card falling due or a new day is tested
// without waiting. Never used outside tests.
#pragma once

#include <string>

#include "core/clock.hpp"

namespace kioku::daemon {

class FileClock final : public Clock {
 public:
  // Throws kioku::Error when the file cannot be read as a time now.
  explicit FileClock(std::string path);
  // The file's time; the last good reading while the file is being replaced or unreadable.
  TimestampMs now() const override;
  // The file's time too: a batch's share (docs/protocol.md) stands still with it, so that a
  // batch on a loaded sanitizer run is not cut short where a test checks another limit.
  std::int64_t steady_ms() const override { return now(); }

 private:
  std::string path_;
  mutable TimestampMs last_ = 0;
};

}  // namespace kioku::daemon
