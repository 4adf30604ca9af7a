// When kiokud reminds (core/reminder_rule.hpp): the threshold crossed, the interval, quiet hours
// across midnight and on the days clocks change, and the settings' texts.
#include "core/reminder_rule.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "core/day_calendar.hpp"
#include "core/reminder_message.hpp"
#include "core/reminder_settings.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/core/utc_instant.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;
using test::kHourMs;
using test::kMinuteMs;

using test::TimeZoneGuard;
using test::utc;
using test::zone_installed;

ReminderPolicy policy(std::int64_t threshold, std::int64_t interval_ms,
                      const char* quiet_hours = nullptr) {
  ReminderPolicy result;
  result.threshold = threshold;
  result.interval_ms = interval_ms;
  if (quiet_hours) result.quiet = parse_quiet_hours(quiet_hours);
  return result;
}

}  // namespace

TEST_CASE("reminders: intervals are whole numbers of d, h, m and s in that order",
          "[core][reminders]") {
  CHECK(parse_reminder_interval("2h") == 7200);
  CHECK(parse_reminder_interval("90m") == 5400);
  CHECK(parse_reminder_interval("1h30m") == 5400);
  CHECK(parse_reminder_interval("1d") == 86400);
  CHECK(parse_reminder_interval("7d") == 7 * 86400);
  CHECK(parse_reminder_interval("60s") == 60);
  CHECK(parse_reminder_interval("1m") == 60);
  for (const char* refused : {"", "59s", "7d1s", "8d", "2", "h", "1m1h", "1h1h", "1 h", "2H",
                              "9999999999h", "-1h", "+1h"}) {
    INFO(refused);
    CHECK_FALSE(parse_reminder_interval(refused));
  }
}

TEST_CASE("reminders: quiet hours are two times of day and may run across midnight",
          "[core][reminders]") {
  const auto night = parse_quiet_hours("22:00-07:00");
  REQUIRE(night);
  CHECK(*night == QuietHours{22 * 60, 7 * 60});
  CHECK(parse_quiet_hours("7:30-9:05") == QuietHours{7 * 60 + 30, 9 * 60 + 5});
  CHECK(in_quiet_hours(*night, 22 * 60));
  CHECK(in_quiet_hours(*night, 23 * 60 + 59));
  CHECK(in_quiet_hours(*night, 0));
  CHECK(in_quiet_hours(*night, 6 * 60 + 59));
  CHECK_FALSE(in_quiet_hours(*night, 7 * 60));
  CHECK_FALSE(in_quiet_hours(*night, 21 * 60 + 59));
  const QuietHours lunch{12 * 60, 13 * 60};
  CHECK(in_quiet_hours(lunch, 12 * 60 + 30));
  CHECK_FALSE(in_quiet_hours(lunch, 13 * 60));
  CHECK_FALSE(in_quiet_hours(lunch, 0));
  for (const char* refused : {"", "22:00", "22:00-22:00", "24:00-01:00", "01:60-02:00", "1:2-3:04",
                              "aa:bb-cc:dd", "22:00-07:00 "}) {
    INFO(refused);
    CHECK_FALSE(parse_quiet_hours(refused));
  }
}

TEST_CASE("reminders: a command string is split at spaces, with no quoting", "[core][reminders]") {
  CHECK(split_command("notify-send") == std::vector<std::string>{"notify-send"});
  CHECK(split_command(" notify-send\t-u  low ") ==
        std::vector<std::string>{"notify-send", "-u", "low"});
  CHECK(split_command("say 'two words'") == std::vector<std::string>{"say", "'two", "words'"});
  CHECK(split_command("   ").empty());
}

TEST_CASE("reminders: the count crossing the threshold upward reminds once", "[core][reminders]") {
  TimeZoneGuard zone("UTC");
  const ReminderPolicy rule = policy(10, 2 * kHourMs);
  const TimestampMs noon = utc(2026, 6, 1, 12);

  // Below the threshold nothing reminds, and only a new count can change that.
  const ReminderDecision below = decide_reminder(rule, 9, noon, std::nullopt);
  CHECK_FALSE(below.remind);
  CHECK_FALSE(below.look_again);

  // At the threshold: a reminder, and the next look is one interval on.
  const ReminderDecision crossed = decide_reminder(rule, 10, noon, std::nullopt);
  CHECK(crossed.remind);
  CHECK(crossed.look_again == noon + 2 * kHourMs);

  // Still above within the interval: no second reminder, a look at its end.
  const ReminderDecision again = decide_reminder(rule, 30, noon + 1 * kHourMs, noon);
  CHECK_FALSE(again.remind);
  CHECK(again.look_again == noon + 2 * kHourMs);
  CHECK_FALSE(decide_reminder(rule, 30, noon + 2 * kHourMs - 1, noon).remind);

  // After the interval, still above: one more.
  const ReminderDecision later = decide_reminder(rule, 11, noon + 2 * kHourMs, noon);
  CHECK(later.remind);
  CHECK(later.look_again == noon + 4 * kHourMs);

  // Dropping below and crossing again within the interval waits for the interval's end.
  CHECK_FALSE(decide_reminder(rule, 3, noon + 30 * kMinuteMs, noon).remind);
  const ReminderDecision recrossed = decide_reminder(rule, 10, noon + 40 * kMinuteMs, noon);
  CHECK_FALSE(recrossed.remind);
  CHECK(recrossed.look_again == noon + 2 * kHourMs);
  // Once the interval is over, a crossing reminds at once.
  CHECK(decide_reminder(rule, 10, noon + 5 * kHourMs, noon).remind);
}

TEST_CASE("reminders: a clock set back before the last reminder does not hold them back",
          "[core][reminders]") {
  TimeZoneGuard zone("UTC");
  const ReminderPolicy rule = policy(1, 2 * kHourMs);
  const TimestampMs noon = utc(2026, 6, 1, 12);
  CHECK(decide_reminder(rule, 5, noon - 3 * kDayMs, noon).remind);
  CHECK(next_reminder_allowed(rule, noon - 3 * kDayMs, noon) == noon - 3 * kDayMs);
}

TEST_CASE("reminders: none in quiet hours across midnight, a crossing in them reminds at their end",
          "[core][reminders]") {
  TimeZoneGuard zone("JST-9");  // Tokyo: 22:00 local is 13:00 UTC
  const ReminderPolicy rule = policy(1, 2 * kHourMs, "22:00-07:00");
  const TimestampMs ten_pm = utc(2026, 6, 1, 13);    // 2026-06-01 22:00 local
  const TimestampMs seven_am = utc(2026, 6, 1, 22);  // 2026-06-02 07:00 local

  CHECK(local_minute_of_day(ten_pm) == 22 * 60);
  for (const TimestampMs quiet : {ten_pm, ten_pm + 2 * kHourMs + 1, seven_am - 1}) {
    INFO(quiet);
    const ReminderDecision decision = decide_reminder(rule, 50, quiet, std::nullopt);
    CHECK_FALSE(decision.remind);
    CHECK(decision.look_again == seven_am);
  }
  CHECK(decide_reminder(rule, 50, seven_am, std::nullopt).remind);
  CHECK(decide_reminder(rule, 50, ten_pm - 1, std::nullopt).remind);
  // Below the threshold at the end of the quiet hours: nothing then either.
  CHECK_FALSE(decide_reminder(rule, 0, seven_am, std::nullopt).remind);
  // An interval that ends inside quiet hours is moved to their end.
  CHECK(next_reminder_allowed(rule, ten_pm - 1 * kHourMs, ten_pm - 1 * kHourMs) == seven_am);
  // Quiet hours inside one day.
  const ReminderPolicy lunch = policy(1, kHourMs, "12:00-13:00");
  CHECK(decide_reminder(lunch, 5, utc(2026, 6, 1, 3, 30), std::nullopt).look_again ==
        utc(2026, 6, 1, 4));
}

TEST_CASE("reminders: quiet hours keep their local times on the days clocks change",
          "[core][reminders][dst]") {
  REQUIRE(zone_installed("Europe/Berlin"));
  TimeZoneGuard zone("Europe/Berlin");
  const ReminderPolicy rule = policy(1, 2 * kHourMs, "22:00-07:00");

  // 2026-03-29: clocks go from 02:00 CET to 03:00 CEST. The night before starts at 22:00 CET
  // (21:00 UTC) and ends at 07:00 CEST (05:00 UTC): eight hours, not nine.
  const TimestampMs spring_night = utc(2026, 3, 28, 21);
  CHECK(local_minute_of_day(spring_night) == 22 * 60);
  CHECK(decide_reminder(rule, 5, spring_night, std::nullopt).look_again == utc(2026, 3, 29, 5));
  CHECK(decide_reminder(rule, 5, utc(2026, 3, 29, 5), std::nullopt).remind);
  CHECK_FALSE(decide_reminder(rule, 5, utc(2026, 3, 29, 5) - 1, std::nullopt).remind);

  // 2026-10-25: clocks go from 03:00 CEST back to 02:00 CET; the night is ten hours.
  const TimestampMs autumn_night = utc(2026, 10, 24, 20);  // 22:00 CEST
  CHECK(decide_reminder(rule, 5, autumn_night, std::nullopt).look_again == utc(2026, 10, 25, 6));
  CHECK(decide_reminder(rule, 5, utc(2026, 10, 25, 6), std::nullopt).remind);

  // Quiet hours that end in the skipped hour end at the time it maps to, just after it.
  const ReminderPolicy skipped = policy(1, 2 * kHourMs, "01:00-02:30");
  const TimestampMs one_am = utc(2026, 3, 29, 0);  // 01:00 CET
  const ReminderDecision decision = decide_reminder(skipped, 5, one_am, std::nullopt);
  CHECK_FALSE(decision.remind);
  REQUIRE(decision.look_again);
  CHECK(*decision.look_again == utc(2026, 3, 29, 1, 30));  // 03:30 CEST
  CHECK(decide_reminder(skipped, 5, *decision.look_again, std::nullopt).remind);
}

}  // namespace kioku

namespace kioku {

TEST_CASE("reminders: the message says the count in English and Japanese", "[core][reminders]") {
  const ReminderMessage many = reminder_message(12);
  CHECK(many.english == "12 cards are due for review");
  CHECK(many.japanese == "復習するカードが12枚あります");
  CHECK(reminder_message(1).english == "1 card is due for review");
  CHECK(many.in_language("en") == many.english);
  CHECK(many.in_language("ja") == many.japanese);
  CHECK(many.in_language("") == many.english + "\n" + many.japanese);
}

}  // namespace kioku
