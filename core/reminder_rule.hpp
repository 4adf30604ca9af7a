// When kiokud reminds (docs/reminders.md): the due count at or above the threshold, outside the
// quiet hours, and no reminder within the interval. Pure: the count, the instant and the last
// reminder are parameters; local times are the process's zone (as DayCalendar's).
#pragma once

#include <cstdint>
#include <optional>

#include "core/local_hour.hpp"
#include "core/reminder_settings.hpp"
#include "core/time.hpp"

namespace kioku {

struct ReminderPolicy {
  std::int64_t threshold = 1;                  // a due count at or above this reminds
  std::int64_t interval_ms = 2 * 3600 * 1000;  // the least time between two reminders
  std::optional<QuietHours> quiet;             // local hours with no reminder
};

struct ReminderDecision {
  bool remind = false;
  // When to decide again if the count does not change before: the end of the interval or of
  // the quiet hours. Nullopt: only a change of the count can bring a reminder.
  std::optional<TimestampMs> look_again;
};

// The first instant after `when` whose local time is `minute_of_day`; on a day whose clocks
// skip that time (spring forward) the instant the skipped time maps to, which is just after.
TimestampMs next_local_time(TimestampMs when, int minute_of_day);

// The first instant at or after `from` that is outside `policy`'s quiet hours.
TimestampMs outside_quiet_hours(const ReminderPolicy& policy, TimestampMs from);

// The earliest instant a reminder may run: `now`, or the end of the interval since
// `last_reminder`, moved past quiet hours. A clock set back before the last reminder does not
// hold reminders back: the interval counts from the last one only while `now` is after it.
TimestampMs next_reminder_allowed(const ReminderPolicy& policy, TimestampMs now,
                                  std::optional<TimestampMs> last_reminder);

// Whether to remind now with `due` cards due. A count that crosses the threshold upward
// reminds at once unless the last reminder is within the interval (then at the interval's end,
// if still at or above) or it is quiet hours (then when they end, if still at or above); a
// count that stays at or above reminds again each interval.
ReminderDecision decide_reminder(const ReminderPolicy& policy, std::int64_t due, TimestampMs now,
                                 std::optional<TimestampMs> last_reminder);

}  // namespace kioku
