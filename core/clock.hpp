// Where "now" comes from. Nothing below main reads the wall clock directly: the daemon gets a
// Clock by reference and tests move a fake one forward instead of sleeping.
#pragma once

#include "core/time.hpp"

namespace kioku {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual TimestampMs now() const = 0;
  // Milliseconds on a clock that is never set (std::chrono::steady_clock's), for how long
  // something has taken (a batch's share of the thread): the wall clock is set back and forward
  // (NTP, a person, a laptop that slept). A test's clock gives its own time, so that the test
  // moves both.
  virtual std::int64_t steady_ms() const;
};

// The real wall clock, optionally shifted by a fixed offset (kiokud's --clock-offset, which
// end-to-end tests use to stand a real daemon on another day).
class SystemClock final : public Clock {
 public:
  explicit SystemClock(std::int64_t offset_ms = 0) : offset_ms_(offset_ms) {}
  TimestampMs now() const override;

 private:
  std::int64_t offset_ms_;
};

// A clock that only moves when told to.
class FakeClock final : public Clock {
 public:
  explicit FakeClock(TimestampMs start) : now_(start) {}
  TimestampMs now() const override { return now_; }
  std::int64_t steady_ms() const override { return now_; }
  void set(TimestampMs when) { now_ = when; }
  void advance_ms(std::int64_t milliseconds) { now_ += milliseconds; }
  void advance_days(int days) { now_ += days * kMillisecondsPerDay; }

 private:
  TimestampMs now_;
};

}  // namespace kioku
