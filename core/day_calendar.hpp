// Scheduler days: a day starts at a configurable local hour (default 04:00, as in Anki), so a
// late-night session counts for the day it belongs to. Uses the process's local time zone.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>

#include "core/time.hpp"

namespace kioku {

// Converting instants to local days costs a localtime/mktime call each, which dominated a
// million-line replay; results are therefore cached. The cache assumes the process time zone
// does not change while a calendar lives, and makes a DayCalendar unsafe to share between
// threads without a lock (kioku uses each from one thread).
class DayCalendar {
 public:
  static constexpr int kDefaultDayStartHour = 4;

  // Throws kioku::Error (kInvalidParams) unless 0 <= hour <= 23.
  explicit DayCalendar(int day_starts_at_hour = kDefaultDayStartHour);

  // The day `when` belongs to: local calendar days since 1970-01-01, where a day begins at the
  // start hour (so 02:00 belongs to the previous day with the default of 4).
  std::int64_t day_number(TimestampMs when) const;

  // The instant day `day` begins. Across a daylight-saving change the local start hour is kept.
  TimestampMs day_start(std::int64_t day) const;

  TimestampMs next_day_start(TimestampMs when) const { return day_start(day_number(when) + 1); }
  int day_starts_at_hour() const noexcept { return day_starts_at_hour_; }

 private:
  TimestampMs compute_day_start(std::int64_t day) const;

  std::int64_t compute_day_number(TimestampMs when) const;

  int day_starts_at_hour_;
  // day_number() by 15-minute slice of time: every UTC offset in use is a multiple of 15
  // minutes and days start on the hour, so a day never changes inside a slice. Slices are
  // grouped by UTC day, each stored as a small difference from the first one found, so that
  // a year and more of days (a long replay's span) fits in a small direct-mapped cache.
  static constexpr int kSlicesPerDay = 96;
  static constexpr std::int8_t kUnknownSlice = INT8_MIN;
  // A UTC day whose local offset is the same at its first and last second (nearly all of
  // them) needs no slices: its days follow from the offset by arithmetic.
  struct SliceDays {
    std::int64_t utc_day;
    std::int64_t base_day;
    bool fixed_offset;
    std::int64_t offset_seconds;        // local minus UTC, when fixed_offset
    std::int8_t offset[kSlicesPerDay];  // day - base_day, or kUnknownSlice
  };
  // Starts `entry` afresh for `utc_day`.
  void reset_slices(SliceDays& entry, std::int64_t utc_day) const;
  static constexpr std::size_t kSliceCacheSize = 512;
  mutable SliceDays slice_cache_[kSliceCacheSize];
  // day_start() results by day number, direct-mapped.
  static constexpr std::size_t kStartCacheSize = 2048;
  mutable std::int64_t start_cache_day_[kStartCacheSize];
  mutable TimestampMs start_cache_value_[kStartCacheSize];
};

// When TZ is unset, sets it to ":/etc/localtime" (the same zone): glibc then reads the zone file
// once instead of stat()ing it on every mktime, which made each answer 16x slower. Call from
// main, before any threads start. Does nothing when TZ is set.
void pin_local_time_zone();

// Proleptic Gregorian conversions between a civil date and days since 1970-01-01.
std::int64_t days_from_civil(int year, unsigned month, unsigned day) noexcept;
void civil_from_days(std::int64_t days, int& year, unsigned& month, unsigned& day) noexcept;

}  // namespace kioku
