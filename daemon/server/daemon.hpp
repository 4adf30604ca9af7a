// Everything kiokud does between parsing its arguments and exiting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/configuration.hpp"

namespace kioku::daemon {

// --idle-exit's default under socket activation: long enough that a review session's pauses
// (reading an explanation, a cup of tea) never restart it, short enough that an evening's
// daemon is gone by the night. docs/daemon-life.md says why.
inline constexpr std::int64_t kDefaultIdleExitSeconds = 300;

struct DaemonConfig {
  std::string data_directory;  // empty: $XDG_DATA_HOME/kioku
  int ready_fd = -1;           // written to ("ready\n") and closed once the socket listens
  bool import_bundled_decks = true;
  std::int64_t clock_offset_ms = 0;  // for tests that need a real daemon on another day
  std::string clock_file;            // for tests that move a running daemon's clock (FileClock)
  // Answers that arrive together share one commit (docs/decisions.md); off commits each write
  // on its own, for benchmarks that compare the two.
  bool group_commit = true;
  // The names of the options given on the command line (--ready-fd left out), for
  // `kioku daemon status`'s configuration source.
  std::vector<std::string> given_options;
  // --config: the configuration file (must exist); empty: $XDG_CONFIG_HOME/kioku/config.toml,
  // read when it exists (docs/configuration.md).
  std::string config_file;
  // The settings the command line gave (--socket, --day-starts-at, --idle-exit, --idle-timeout,
  // --max-clients, --backups-daily, --backups-weekly), as configuration keys: they win over the
  // file's. Unset: kDefaultIdleExitSeconds idle exit when socket-activated (systemd starts it
  // again on the next connection), never otherwise; docs/decisions.md "Limits" says why 256
  // clients.
  Configuration command_line;
  std::vector<std::string> command_line_keys;
};

// Runs the daemon until it is stopped. Returns the process exit code; prints one clear line
// on stderr for anything that keeps it from starting.
int run_daemon(const DaemonConfig& config);

}  // namespace kioku::daemon
