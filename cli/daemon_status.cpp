// One line per fact, the labels padded to one column in display width (Japanese labels are
// twice as wide as their characters).
#include "cli/daemon_status.hpp"

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

void print_daemon_status(const protocol::StatusResult& status, const std::string& language,
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
  const std::vector<std::pair<const char*, std::string>> lines{
      {words.protocol_label, std::to_string(status.protocol)},
      {words.uptime_label, duration_text(status.uptime_seconds * 1000, language)},
      {words.socket_label, safe_line(status.socket)},
      {words.activation_label, status.socket_activated ? words.yes : words.no},
      {words.collection_label, safe_line(status.collection)},
      {words.size_label, size_text(status.collection_bytes)},
      {words.cards_label, std::to_string(status.cards)},
      {words.clients_label, std::to_string(status.clients)},
      {words.configuration_label,
       options.empty() ? std::string(words.defaults)
                       : fill_in(words.command_line, {{"options", safe_line(options)}})},
      {words.last_backup_label, backup},
      // kioku has no reminders yet (docs/daemon-life.md, "Lifecycle").
      {words.reminders_label, status.reminders.empty() ? std::string(words.none)
                                                       : std::to_string(status.reminders.size())},
  };
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
