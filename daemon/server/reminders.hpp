// kiokud's reminders (docs/reminders.md): the [reminders] settings resolved (the command, or why
// there is none), the last reminder, and the decision (core/reminder_rule.hpp) each time the
// due total is counted again. Owned by CollectionServer, used on the server's thread only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/configuration.hpp"
#include "core/reminder_rule.hpp"
#include "core/time.hpp"
#include "daemon/server/reminder_command.hpp"
#include "protocol/reminder_types.hpp"

namespace kioku::daemon {

class Reminders {
 public:
  // `path` is the PATH notify-send is looked for in (kiokud's environment).
  Reminders(ReminderCommand::WatchExit watch_exit, std::string path)
      : command_(std::move(watch_exit)), path_(std::move(path)) {}

  // Takes the settings (at start and after each reload that changed one): the command is
  // looked for again, so notify-send installed since is found by a reload.
  void configure(const Configuration& settings);
  // Whether a command would run: reminders.notify is on and there is a command.
  bool on() const noexcept { return !command_words_.empty(); }
  // While the interval since the last reminder or the quiet hours last no count can remind: the
  // instant they end; nullopt when a count at `now` may (or reminders are off).
  std::optional<TimestampMs> held_until(TimestampMs now) const;
  // Decides with `due` cards due at `now`, and runs the command when it is time. Returns when to
  // decide again if the count does not change before (nullopt: only a new count matters).
  std::optional<TimestampMs> check(std::int64_t due, TimestampMs now);
  // For system.status.
  protocol::ReminderStatus status(TimestampMs now);

 private:
  ReminderCommand command_;
  std::string path_;
  bool notify_ = false;
  std::vector<std::string> command_words_;  // empty: off (see notify_)
  ReminderPolicy policy_;
  std::string interval_text_;
  std::string quiet_text_;
  std::string language_;
  std::optional<TimestampMs> last_run_;
  std::optional<std::int64_t> last_due_;
};

}  // namespace kioku::daemon
