// Day numbers from local time with a movable day start.
#include "core/day_calendar.hpp"

#include <unistd.h>
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <ctime>
#include <iterator>

#include "core/error.hpp"

namespace kioku {

namespace {

std::int64_t floor_divide(std::int64_t value, std::int64_t divisor) {
  std::int64_t quotient = value / divisor;
  if ((value % divisor != 0) && ((value < 0) != (divisor < 0))) --quotient;
  return quotient;
}

}  // namespace

// Howard Hinnant's well-known algorithms, written out for the proleptic Gregorian calendar.
std::int64_t days_from_civil(int year, unsigned month, unsigned day) noexcept {
  year -= month <= 2;
  const std::int64_t era = (year >= 0 ? year : year - 399) / 400;
  const unsigned year_of_era = static_cast<unsigned>(year - era * 400);
  const unsigned day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
  const unsigned day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + static_cast<std::int64_t>(day_of_era) - 719468;
}

void civil_from_days(std::int64_t days, int& year, unsigned& month, unsigned& day) noexcept {
  days += 719468;
  const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const unsigned day_of_era = static_cast<unsigned>(days - era * 146097);
  const unsigned year_of_era =
      (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const unsigned day_of_year =
      day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const unsigned month_index = (5 * day_of_year + 2) / 153;
  day = day_of_year - (153 * month_index + 2) / 5 + 1;
  month = month_index < 10 ? month_index + 3 : month_index - 9;
  year = static_cast<int>(static_cast<std::int64_t>(year_of_era) + era * 400 + (month <= 2));
}

void pin_local_time_zone() {
  if (std::getenv("TZ") != nullptr) return;
  if (::access("/etc/localtime", R_OK) != 0) return;
  ::setenv("TZ", ":/etc/localtime", 1);
  ::tzset();
}

DayCalendar::DayCalendar(int day_starts_at_hour) : day_starts_at_hour_(day_starts_at_hour) {
  if (day_starts_at_hour < 0 || day_starts_at_hour > 23) {
    throw Error(ErrorCode::kInvalidParams, "day start hour must be between 0 and 23, got " +
                                               std::to_string(day_starts_at_hour));
  }
  std::fill(std::begin(start_cache_day_), std::end(start_cache_day_), INT64_MIN);
  for (SliceDays& entry : slice_cache_) entry.utc_day = INT64_MIN;
}

namespace {

// Local wall-clock seconds minus UTC seconds at `utc_seconds`, from the same localtime fields
// compute_day_number reads.
std::int64_t local_offset_seconds(std::int64_t utc_seconds) {
  const auto seconds = static_cast<std::time_t>(utc_seconds);
  std::tm local{};
  localtime_r(&seconds, &local);
  const std::int64_t local_seconds =
      days_from_civil(local.tm_year + 1900, static_cast<unsigned>(local.tm_mon + 1),
                      static_cast<unsigned>(local.tm_mday)) *
          86400 +
      local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec;
  return local_seconds - utc_seconds;
}

}  // namespace

void DayCalendar::reset_slices(SliceDays& entry, std::int64_t utc_day) const {
  constexpr std::int64_t kDaySeconds = 86400;
  const std::int64_t first_second = utc_day * kDaySeconds;
  const std::int64_t first_offset = local_offset_seconds(first_second);
  entry.utc_day = utc_day;
  entry.offset_seconds = first_offset;
  entry.fixed_offset = local_offset_seconds(first_second + kDaySeconds - 1) == first_offset;
  if (!entry.fixed_offset) {
    entry.base_day = compute_day_number(first_second * kMillisecondsPerSecond);
    std::fill(std::begin(entry.offset), std::end(entry.offset), kUnknownSlice);
  }
}

std::int64_t DayCalendar::day_number(TimestampMs when) const {
  constexpr std::int64_t kSliceMs = 15 * kMillisecondsPerMinute;
  constexpr std::int64_t kDayMs = kSlicesPerDay * kSliceMs;
  const std::int64_t utc_day = floor_divide(when, kDayMs);
  SliceDays& entry = slice_cache_[static_cast<std::size_t>(utc_day) % kSliceCacheSize];
  if (entry.utc_day != utc_day) reset_slices(entry, utc_day);
  if (entry.fixed_offset) {
    // What compute_day_number finds: the local date, one less before the start hour.
    const std::int64_t local_seconds =
        floor_divide(when, kMillisecondsPerSecond) + entry.offset_seconds;
    return floor_divide(local_seconds - std::int64_t{day_starts_at_hour_} * 3600, 86400);
  }
  const auto slice = static_cast<std::size_t>((when - utc_day * kDayMs) / kSliceMs);
  if (entry.offset[slice] != kUnknownSlice) return entry.base_day + entry.offset[slice];
  const std::int64_t day = compute_day_number(when);
  const std::int64_t offset = day - entry.base_day;
  if (offset > INT8_MIN && offset <= INT8_MAX)
    entry.offset[slice] = static_cast<std::int8_t>(offset);
  return day;
}

std::int64_t DayCalendar::compute_day_number(TimestampMs when) const {
  const std::time_t seconds = static_cast<std::time_t>(floor_divide(when, kMillisecondsPerSecond));
  std::tm local{};
  localtime_r(&seconds, &local);
  std::int64_t day = days_from_civil(local.tm_year + 1900, static_cast<unsigned>(local.tm_mon + 1),
                                     static_cast<unsigned>(local.tm_mday));
  if (local.tm_hour < day_starts_at_hour_) --day;
  return day;
}

TimestampMs DayCalendar::day_start(std::int64_t day) const {
  const std::size_t slot = static_cast<std::size_t>(day) % kStartCacheSize;
  if (start_cache_day_[slot] != day) {
    start_cache_value_[slot] = compute_day_start(day);
    start_cache_day_[slot] = day;
  }
  return start_cache_value_[slot];
}

TimestampMs DayCalendar::compute_day_start(std::int64_t day) const {
  int year = 0;
  unsigned month = 0;
  unsigned day_of_month = 0;
  civil_from_days(day, year, month, day_of_month);
  std::tm local{};
  local.tm_year = year - 1900;
  local.tm_mon = static_cast<int>(month) - 1;
  local.tm_mday = static_cast<int>(day_of_month);
  local.tm_hour = day_starts_at_hour_;
  local.tm_isdst = -1;  // let the zone rules decide, so a DST change keeps the local hour
  return static_cast<TimestampMs>(std::mktime(&local)) * kMillisecondsPerSecond;
}

}  // namespace kioku
