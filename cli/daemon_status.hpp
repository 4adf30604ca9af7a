// `kioku daemon status` for a kiokud that answered: system.status's result as labelled lines.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "cli/daemon_messages.hpp"
#include "protocol/reminder_types.hpp"
#include "protocol/system_types.hpp"

namespace kioku::cli {

// A file's size as a person reads it: "512 B", "3.4 KiB", "12.0 MiB", "1.1 GiB".
std::string size_text(std::int64_t bytes);

// Writes the daemon's status in `language` (the words and durations of that language), with
// the reminders' lines from system.reminders (docs/reminders.md).
void print_daemon_status(const protocol::StatusResult& status,
                         const protocol::ReminderStatus& reminders, const std::string& language,
                         std::ostream& out);

}  // namespace kioku::cli
