// system.reminders: the reminders as kiokud runs them (docs/reminders.md). A method of its own
// rather than a field of system.status, whose `reminders` array older clients read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/method_type.hpp"
#include "protocol/system_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

// Whether a command runs when cards are due and, if not, why; when the last one ran and the
// earliest the next may.
struct ReminderStatus {
  bool on = false;
  // Why nothing runs when off: "notify_off" (reminders.notify is false) or "no_command"
  // (notify-send is not on kiokud's PATH and reminders.notify_command is not set); "" when on.
  std::string off_reason;
  std::vector<std::string> command;         // what runs (the summary and the message are appended)
  std::int64_t threshold = 0;               // a due count at or above this reminds
  std::string interval;                     // the least time between two reminders: "2h"
  std::optional<std::string> quiet_hours;   // "22:00-07:00", local time
  std::optional<std::int64_t> last_run_at;  // ms since the epoch, on kiokud's clock
  std::optional<std::int64_t> last_due;     // the due count it reminded of
  std::optional<std::string> last_problem;  // how the last run failed (English), if it did
  std::optional<std::int64_t> next_at;      // the earliest the next may run, when on
};
BOOST_DESCRIBE_STRUCT(ReminderStatus, (),
                      (on, off_reason, command, threshold, interval, quiet_hours, last_run_at,
                       last_due, last_problem, next_at))

inline constexpr MethodType<NoParams, ReminderStatus> kSystemReminders{
    "system.reminders",
    "The reminders: whether a command runs when cards are due (and why not), the threshold, "
    "interval and quiet hours, when the last one ran and the earliest the next may."};

}  // namespace kioku::protocol
