// One line per fact, the labels padded to one column in display width (Japanese labels are
// twice as wide as their characters).
#include "cli/daemon_status.hpp"

#include "cli/config_messages.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "cli/duration_text.hpp"
#include "cli/local_time_text.hpp"
#include "cli/messages.hpp"
#include "cli/number_text.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"

namespace kioku::cli {

std::string size_text(std::int64_t bytes) {
  constexpr std::array kUnits{"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024) return std::to_string(std::max<std::int64_t>(bytes, 0)) + " B";
  double value = static_cast<double>(bytes) / 1024.0;
  std::size_t unit = 0;
  while (value >= 1024.0 && unit + 1 < kUnits.size()) {
    value /= 1024.0;
    ++unit;
  }
  return fixed_text(value, 1) + " " + kUnits[unit];
}

namespace {

// Which layers set anything (system.status's configuration: docs/configuration.md).
std::string configuration_text(const protocol::StatusResult& status, const std::string& options,
                               const DaemonMessages& words) {
  const bool file =
      status.configuration == "file" || status.configuration == "file and command line";
  if (file && !options.empty()) {
    return fill_in(words.file_and_command_line, {{"options", safe_line(options)}});
  }
  if (file) return words.from_file;
  if (!options.empty()) return fill_in(words.command_line, {{"options", safe_line(options)}});
  return words.defaults;
}

// The file, then on the same line what is wrong with it or waits for a restart.
std::string configuration_file_text(const protocol::StatusResult& status,
                                    const std::string& language, const DaemonMessages& words) {
  std::string text = safe_line(status.configuration_file);
  if (status.configuration_refused) {
    text +=
        "; " +
        fill_in(words.configuration_refused,
                {{"problem", describe_config_problem(*status.configuration_refused, language)}});
  }
  if (!status.restart_needed.empty()) {
    std::string keys;
    for (const std::string& key : status.restart_needed) keys += (keys.empty() ? "" : ", ") + key;
    text += "; " + fill_in(words.restart_needed, {{"keys", keys}});
  }
  return text;
}

// The reminders' line: what runs and when, or why nothing does.
std::string reminders_text(const protocol::ReminderStatus& reminders, const DaemonMessages& words) {
  if (!reminders.on) {
    return reminders.off_reason == "no_command" ? words.reminders_no_command
                                                : words.reminders_notify_off;
  }
  std::string command;
  for (const std::string& word : reminders.command) command += (command.empty() ? "" : " ") + word;
  std::string text =
      fill_in(words.reminders_on, {{"command", safe_line(command)},
                                   {"threshold", std::to_string(reminders.threshold)},
                                   {"interval", safe_line(reminders.interval)}});
  if (reminders.quiet_hours) {
    text += fill_in(words.reminders_quiet, {{"hours", safe_line(*reminders.quiet_hours)}});
  }
  return text;
}

std::string last_reminder_text(const protocol::ReminderStatus& reminders,
                               const DaemonMessages& words) {
  if (!reminders.last_run_at) return words.reminder_never;
  std::string text =
      fill_in(words.reminder_ran, {{"when", local_minute_text(*reminders.last_run_at)},
                                   {"due", std::to_string(reminders.last_due.value_or(0))}});
  if (reminders.last_problem) {
    text += fill_in(words.reminder_failed, {{"problem", safe_line(*reminders.last_problem)}});
  }
  return text;
}

}  // namespace

void print_daemon_status(const protocol::StatusResult& status,
                         const protocol::ReminderStatus& reminders, const std::string& language,
                         std::ostream& out) {
  const DaemonMessages& words = daemon_messages_for(language);
  std::string options;
  for (const std::string& option : status.options) {
    options += (options.empty() ? "" : ", ") + option;
  }
  const std::string backup =
      status.last_backup
          ? safe_line(*status.last_backup) +
                (status.last_backup_at ? " (" + local_minute_text(*status.last_backup_at) + ")"
                                       : std::string())
          : std::string(words.none);
  std::vector<std::pair<const char*, std::string>> lines{
      {words.protocol_label, std::to_string(status.protocol)},
      {words.uptime_label, duration_text(status.uptime_seconds * 1000, language)},
      {words.socket_label, safe_line(status.socket)},
      {words.activation_label, status.socket_activated ? words.yes : words.no},
      {words.collection_label, safe_line(status.collection)},
      {words.size_label, size_text(status.collection_bytes)},
      {words.cards_label, std::to_string(status.cards)},
      {words.clients_label, std::to_string(status.clients)},
      {words.configuration_label, configuration_text(status, options, words)},
      {words.configuration_file_label, configuration_file_text(status, language, words)},
      {words.last_backup_label, backup},
      {words.reminders_label, reminders_text(reminders, words)},
  };
  if (reminders.on) {
    lines.emplace_back(words.last_reminder_label, last_reminder_text(reminders, words));
    if (reminders.next_at) {
      lines.emplace_back(
          words.next_reminder_label,
          fill_in(words.reminder_next, {{"when", local_minute_text(*reminders.next_at)}}));
    }
  }
  int width = 0;
  for (const auto& [label, value] : lines) {
    width = std::max(width, display_width(std::string(label) + ":"));
  }
  out << fill_in(words.running,
                 {{"version", safe_line(status.version)}, {"pid", std::to_string(status.pid)}})
      << '\n';
  for (const auto& [label, value] : lines) {
    out << "  " << pad_after(std::string(label) + ":", width + 1) << value << '\n';
  }
}

}  // namespace kioku::cli
