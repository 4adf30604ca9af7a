// Everything kiokud does between parsing its arguments and exiting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/backup_retention.hpp"
#include "core/configuration.hpp"

namespace kioku::daemon {

// --idle-exit's default under socket activation: long enough that a review session's pauses
// (reading an explanation, a cup of tea) never restart it, short enough that an evening's
// daemon is gone by the night. docs/daemon-life.md says why.
inline constexpr std::int64_t kDefaultIdleExitSeconds = 300;

struct DaemonConfig {
  std::string socket_path;     // empty: the default under $XDG_RUNTIME_DIR
  std::string data_directory;  // empty: $XDG_DATA_HOME/kioku
  int ready_fd = -1;           // written to ("ready\n") and closed once the socket listens
  bool import_bundled_decks = true;
  std::int64_t clock_offset_ms = 0;  // for tests that need a real daemon on another day
  std::string clock_file;            // for tests that move a running daemon's clock (FileClock)
  int day_starts_at_hour = 4;
  std::int64_t idle_timeout_seconds = 3600;
  // Seconds with no client connected after which kiokud stops (`--idle-exit`); 0: never.
  // Unset: kDefaultIdleExitSeconds when socket-activated (systemd starts it again on the next
  // connection), never otherwise.
  std::optional<std::int64_t> idle_exit_seconds;
  std::size_t max_clients = 256;  // docs/decisions.md "Limits" says why 256
  // Answers that arrive together share one commit (docs/decisions.md); off commits each write
  // on its own, for benchmarks that compare the two.
  bool group_commit = true;
  // Automatic backups kept (--backups-daily, --backups-weekly; docs/backup.md): given here,
  // they are command_line's backups_* too, which win over the file's backups.daily/weekly;
  // run_daemon uses the merged configuration's.
  BackupRetention backups;
  // The names of the options given on the command line (--ready-fd left out), for
  // `kioku daemon status`'s configuration source.
  std::vector<std::string> given_options;
  // --config: the configuration file (must exist); empty: $XDG_CONFIG_HOME/kioku/config.toml,
  // read when it exists (docs/configuration.md).
  std::string config_file;
  // The settings the command line gave, as configuration keys: they win over the file's.
  // socket_path, day_starts_at_hour, idle_timeout_seconds, idle_exit_seconds and max_clients
  // above are these same values; run_daemon uses the merged configuration's.
  Configuration command_line;
  std::vector<std::string> command_line_keys;
};

// Runs the daemon until it is stopped. Returns the process exit code; prints one clear line
// on stderr for anything that keeps it from starting.
int run_daemon(const DaemonConfig& config);

}  // namespace kioku::daemon
