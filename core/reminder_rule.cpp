// Local times come from localtime_r and mktime, which read the zone's rules for the very day,
// so quiet hours keep their wall-clock times across a daylight-saving change.
#include "core/reminder_rule.hpp"

#include <ctime>

namespace kioku {

TimestampMs next_local_time(TimestampMs when, int minute_of_day) {
  const std::tm day = local_time(when);
  // Today's date at that time, then the next day's, until one is after `when` (a day whose
  // skipped hour moves the time back before `when` is rare; three tries are plenty).
  for (int days_ahead = 0; days_ahead < 3; ++days_ahead) {
    std::tm candidate{};
    candidate.tm_year = day.tm_year;
    candidate.tm_mon = day.tm_mon;
    candidate.tm_mday = day.tm_mday + days_ahead;
    candidate.tm_hour = minute_of_day / 60;
    candidate.tm_min = minute_of_day % 60;
    candidate.tm_isdst = -1;  // whichever the zone says for that day
    const std::time_t at = mktime(&candidate);
    const TimestampMs instant = static_cast<TimestampMs>(at) * kMillisecondsPerSecond;
    if (instant > when) return instant;
  }
  return when + kMillisecondsPerDay;
}

TimestampMs outside_quiet_hours(const ReminderPolicy& policy, TimestampMs from) {
  if (!policy.quiet || !in_quiet_hours(*policy.quiet, local_minute_of_day(from))) return from;
  return next_local_time(from, policy.quiet->end_minute);
}

TimestampMs next_reminder_allowed(const ReminderPolicy& policy, TimestampMs now,
                                  std::optional<TimestampMs> last_reminder) {
  TimestampMs from = now;
  if (last_reminder && now >= *last_reminder && now - *last_reminder < policy.interval_ms) {
    from = *last_reminder + policy.interval_ms;
  }
  return outside_quiet_hours(policy, from);
}

ReminderDecision decide_reminder(const ReminderPolicy& policy, std::int64_t due, TimestampMs now,
                                 std::optional<TimestampMs> last_reminder) {
  if (due < policy.threshold) return {};
  const TimestampMs allowed = next_reminder_allowed(policy, now, last_reminder);
  if (allowed > now) return ReminderDecision{.remind = false, .look_again = allowed};
  return ReminderDecision{.remind = true, .look_again = now + policy.interval_ms};
}

}  // namespace kioku
