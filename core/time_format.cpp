// Formatting of times for JSON output and of spans for people.
#include "core/time_format.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/day_calendar.hpp"
#include "core/digit_pairs.hpp"

namespace kioku {

namespace {

// The ".mmm" when `with_milliseconds` and there are any, then the "Z".
char* write_fraction_and_zone(char* out, std::int64_t milliseconds, bool with_milliseconds) {
  if (with_milliseconds && milliseconds != 0) {
    out[0] = '.';
    out[1] = static_cast<char>('0' + milliseconds / 100);
    out[2] = static_cast<char>('0' + milliseconds / 10 % 10);
    out[3] = static_cast<char>('0' + milliseconds % 10);
    out += 4;
  }
  *out++ = 'Z';
  return out;
}

// "YYYY-MM-DDT" texts of days, each slot empty (INT64_MIN) until written. Constant-initialized,
// so a thread_local one needs no guard.
struct DateTexts {
  static constexpr std::size_t kSlots = 512;
  static constexpr std::size_t kLength = 11;
  constexpr DateTexts() {
    for (std::int64_t& day : days) day = INT64_MIN;
  }
  std::int64_t days[kSlots];
  char text[kSlots][kLength] = {};
};

// Writes `when` to the second, then ".mmm" when `with_milliseconds` and there are any.
char* write_rfc3339_utc(char* out, TimestampMs when, bool with_milliseconds) {
  std::int64_t seconds = when / kMillisecondsPerSecond;
  std::int64_t milliseconds = when % kMillisecondsPerSecond;
  if (milliseconds < 0) {
    --seconds;
    milliseconds += kMillisecondsPerSecond;
  }
  std::int64_t days = seconds / 86400;
  std::int64_t second_of_day = seconds % 86400;
  if (second_of_day < 0) {
    second_of_day += 86400;
    --days;
  }
  // The "YYYY-MM-DDT" of recent days: replay writes one due time per line, spread over a
  // year or so of days, so a small direct-mapped cache keeps nearly all of them.
  thread_local DateTexts recent;
  const std::size_t slot = static_cast<std::size_t>(days) % DateTexts::kSlots;
  char* cached_date = recent.text[slot];
  if (recent.days[slot] != days) {
    int year = 0;
    unsigned month = 0;
    unsigned day = 0;
    civil_from_days(days, year, month, day);
    if (year < 0 || year > 9999) {
      const int length = std::snprintf(out, kMaxRfc3339Length, "%d-%02u-%02uT%02d:%02d:%02d", year,
                                       month, day, static_cast<int>(second_of_day / 3600),
                                       static_cast<int>(second_of_day / 60 % 60),
                                       static_cast<int>(second_of_day % 60));
      out += length;
      return write_fraction_and_zone(out, milliseconds, with_milliseconds);
    }
    const auto year_digits = static_cast<unsigned>(year);
    write_digit_pair(cached_date, year_digits / 100);
    write_digit_pair(cached_date + 2, year_digits % 100);
    cached_date[4] = '-';
    write_digit_pair(cached_date + 5, month);
    cached_date[7] = '-';
    write_digit_pair(cached_date + 8, day);
    cached_date[10] = 'T';
    recent.days[slot] = days;
  }
  std::memcpy(out, cached_date, DateTexts::kLength);
  const auto clock = static_cast<unsigned>(second_of_day);
  write_digit_pair(out + 11, clock / 3600);
  out[13] = ':';
  write_digit_pair(out + 14, clock / 60 % 60);
  out[16] = ':';
  write_digit_pair(out + 17, clock % 60);
  return write_fraction_and_zone(out + 19, milliseconds, with_milliseconds);
}

}  // namespace

std::string format_rfc3339_utc(TimestampMs when) {
  char text[kMaxRfc3339Length];
  return std::string(text, write_rfc3339_utc(text, when, false));
}

namespace {

// Whether the day exists in that month of the proleptic Gregorian calendar (no 2026-02-30).
bool is_date(int year, int month, int day) {
  static constexpr int kDays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12 || day < 1 || day > kDays[month - 1]) return false;
  const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  return !(month == 2 && day == 29 && !leap);
}

// Value of two ASCII digits at `at`, or -1 when either is not a digit.
int two_digits(const char* at) {
  const unsigned tens = static_cast<unsigned char>(at[0]) - '0';
  const unsigned ones = static_cast<unsigned char>(at[1]) - '0';
  if (tens > 9 || ones > 9) return -1;
  return static_cast<int>(tens * 10 + ones);
}

// The shape replay reads a million of, "YYYY-MM-DDTHH:MM:SS[.mmm]Z", with the day count of the
// last date seen kept: consecutive lines mostly share it. Nothing when the text has another
// shape (the general parser then decides).
std::optional<TimestampMs> parse_common_rfc3339(std::string_view text) {
  // Starts as a real date, so no text matches an unchecked one.
  thread_local char cached_date[10] = {'1', '9', '7', '0', '-', '0', '1', '-', '0', '1'};
  thread_local std::int64_t cached_days = 0;
  const bool with_milliseconds = text.size() == 24;
  if (!(with_milliseconds || text.size() == 20)) return std::nullopt;
  const char* at = text.data();
  if (at[10] != 'T' || at[13] != ':' || at[16] != ':' || at[text.size() - 1] != 'Z') {
    return std::nullopt;
  }
  std::int64_t days = cached_days;
  if (std::memcmp(at, cached_date, sizeof cached_date) != 0) {
    const int century = two_digits(at);
    const int year_in_century = two_digits(at + 2);
    const int month = two_digits(at + 5);
    const int day = two_digits(at + 8);
    if (century < 0 || year_in_century < 0 || at[4] != '-' || at[7] != '-' ||
        !is_date(century * 100 + year_in_century, month, day)) {
      return std::nullopt;
    }
    days = days_from_civil(century * 100 + year_in_century, static_cast<unsigned>(month),
                           static_cast<unsigned>(day));
    std::memcpy(cached_date, at, sizeof cached_date);
    cached_days = days;
  }
  const int hour = two_digits(at + 11);
  const int minute = two_digits(at + 14);
  const int second = two_digits(at + 17);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) {
    return std::nullopt;
  }
  std::int64_t milliseconds = 0;
  if (with_milliseconds) {
    const int hundreds = two_digits(at + 20);
    const unsigned last = static_cast<unsigned char>(at[22]) - '0';
    if (at[19] != '.' || hundreds < 0 || last > 9) return std::nullopt;
    milliseconds = hundreds * 10 + last;
  }
  const std::int64_t seconds = days * 86400 + hour * 3600 + minute * 60 + second;
  return seconds * kMillisecondsPerSecond + milliseconds;
}

}  // namespace

std::optional<TimestampMs> parse_rfc3339(std::string_view text) {
  if (const auto common = parse_common_rfc3339(text)) return common;
  const auto digits = [&](std::size_t at, std::size_t count, int& value) {
    if (at + count > text.size()) return false;
    value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
      if (text[i] < '0' || text[i] > '9') return false;
      value = value * 10 + (text[i] - '0');
    }
    return true;
  };
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!digits(0, 4, year) || text.size() < 20 || text[4] != '-' || !digits(5, 2, month) ||
      text[7] != '-' || !digits(8, 2, day) ||
      (text[10] != 'T' && text[10] != 't' && text[10] != ' ') || !digits(11, 2, hour) ||
      text[13] != ':' || !digits(14, 2, minute) || text[16] != ':' || !digits(17, 2, second)) {
    return std::nullopt;
  }
  if (!is_date(year, month, day) || hour > 23 || minute > 59 || second > 60) return std::nullopt;
  std::size_t at = 19;
  std::int64_t milliseconds = 0;
  if (at < text.size() && text[at] == '.') {
    ++at;
    int scale = 100;
    const std::size_t start = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
      milliseconds += (text[at] - '0') * scale;
      scale /= 10;
      ++at;
    }
    if (at == start) return std::nullopt;
  }
  std::int64_t offset_minutes = 0;
  if (at < text.size() && (text[at] == 'Z' || text[at] == 'z')) {
    ++at;
  } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
    int offset_hours = 0, offset_mins = 0;
    // RFC 3339's time-numoffset: hours 00-23, minutes 00-59.
    if (!digits(at + 1, 2, offset_hours) || at + 3 >= text.size() || text[at + 3] != ':' ||
        !digits(at + 4, 2, offset_mins) || offset_hours > 23 || offset_mins > 59) {
      return std::nullopt;
    }
    offset_minutes = (offset_hours * 60 + offset_mins) * (text[at] == '-' ? -1 : 1);
    at += 6;
  } else {
    return std::nullopt;
  }
  if (at != text.size()) return std::nullopt;
  const std::int64_t days =
      days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  const std::int64_t seconds =
      days * 86400 + hour * 3600 + minute * 60 + second - offset_minutes * 60;
  return seconds * kMillisecondsPerSecond + milliseconds;
}

std::string format_rfc3339_utc_ms(TimestampMs when) {
  char text[kMaxRfc3339Length];
  return std::string(text, write_rfc3339_utc(text, when, true));
}

char* write_rfc3339_utc_ms(char* out, TimestampMs when) {
  return write_rfc3339_utc(out, when, true);
}

std::string format_span(std::int64_t milliseconds) {
  // Each unit is chosen after rounding to it, so 59.9 s shows as "1m" and 59.5 min as "1h".
  const double seconds = static_cast<double>(std::max<std::int64_t>(milliseconds, 0)) / 1000.0;
  const auto whole = [&](double unit) { return std::llround(seconds / unit); };
  char text[32];
  if (whole(1) < 60) {
    std::snprintf(text, sizeof text, "%llds", whole(1));
  } else if (whole(60) < 60) {
    std::snprintf(text, sizeof text, "%lldm", whole(60));
  } else if (whole(3600) < 24) {
    std::snprintf(text, sizeof text, "%lldh", whole(3600));
  } else if (whole(86400) < 30) {
    std::snprintf(text, sizeof text, "%lldd", whole(86400));
  } else if (seconds < 86400.0 * 365) {
    std::snprintf(text, sizeof text, "%.1fmo", seconds / (86400.0 * 30));
  } else {
    std::snprintf(text, sizeof text, "%.1fy", seconds / (86400.0 * 365));
  }
  return text;
}

}  // namespace kioku
