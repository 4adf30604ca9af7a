// Scheduler days: a day starts at a configurable local hour (default 04:00, as in Anki), so a
// late-night session counts for the day it belongs to. Uses the process's local time zone.
#pragma once

#include <cstdint>

#include "core/time.hpp"

namespace kioku {

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
  int day_starts_at_hour_;
};

// Proleptic Gregorian conversions between a civil date and days since 1970-01-01.
std::int64_t days_from_civil(int year, unsigned month, unsigned day) noexcept;
void civil_from_days(std::int64_t days, int& year, unsigned& month, unsigned& day) noexcept;

}  // namespace kioku
