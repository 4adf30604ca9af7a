#include "daemon/server/reminders.hpp"

#include <iostream>

#include "core/reminder_message.hpp"
#include "core/reminder_settings.hpp"
#include "daemon/log_priority.hpp"

namespace kioku::daemon {

void Reminders::configure(const Configuration& settings) {
  notify_ = settings.reminders_notify;
  command_words_.clear();
  if (notify_) {
    if (!settings.reminders_notify_command.empty()) {
      // As configured: a program that is missing is logged when it fails to start, each time.
      command_words_ = settings.reminders_notify_command;
    } else if (find_program("notify-send", path_)) {
      command_words_ = {"notify-send"};
    }
  }
  policy_.threshold = settings.reminders_threshold;
  // The configuration's checks have accepted both texts; the fallbacks are its defaults.
  policy_.interval_ms =
      parse_reminder_interval(settings.reminders_interval).value_or(7200) * kMillisecondsPerSecond;
  policy_.quiet = parse_quiet_hours(settings.reminders_quiet_hours);
  interval_text_ = settings.reminders_interval;
  quiet_text_ = settings.reminders_quiet_hours;
  language_ = settings.language;
  if (notify_ && command_words_.empty()) {
    std::cerr << log_warning
              << "kiokud: reminders are on but notify-send is not on PATH and "
                 "reminders.notify_command is not set: no reminder will run\n";
  }
}

std::optional<TimestampMs> Reminders::held_until(TimestampMs now) const {
  if (!on()) return std::nullopt;
  const TimestampMs allowed = next_reminder_allowed(policy_, now, last_run_);
  return allowed > now ? std::optional(allowed) : std::nullopt;
}

std::optional<TimestampMs> Reminders::check(std::int64_t due, TimestampMs now) {
  if (!on()) return std::nullopt;
  const ReminderDecision decision = decide_reminder(policy_, due, now, last_run_);
  if (!decision.remind) return decision.look_again;
  const ReminderMessage message = reminder_message(due);
  // A run that could not start still counts as this interval's reminder: trying again at once,
  // on every count, would fill the log.
  last_run_ = now;
  last_due_ = due;
  command_.start(ReminderCall{.command = command_words_,
                              .due = due,
                              .text = message.in_language(language_),
                              .english = message.english,
                              .japanese = message.japanese});
  return decision.look_again;
}

protocol::ReminderStatus Reminders::status(TimestampMs now) {
  protocol::ReminderStatus status;
  status.on = on();
  if (!on()) status.off_reason = notify_ ? "no_command" : "notify_off";
  status.command = command_words_;
  status.threshold = policy_.threshold;
  status.interval = interval_text_;
  if (!quiet_text_.empty()) status.quiet_hours = quiet_text_;
  status.last_run_at = last_run_;
  status.last_due = last_due_;
  command_.running();  // reaps a child that has exited, so its failure shows
  status.last_problem = command_.last_problem();
  if (on()) status.next_at = next_reminder_allowed(policy_, now, last_run_);
  return status;
}

}  // namespace kioku::daemon
