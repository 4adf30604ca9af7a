// Finds the daemon, or starts it when nothing answers (as gpg-agent and tmux do): a spawn lock
// keeps two clients from starting two daemons, and the client waits for the daemon's readiness
// signal on a pipe, never for a fixed time.
#pragma once

#include <memory>
#include <string>

#include "cli/client.hpp"

namespace kioku::cli {

struct ConnectOptions {
  std::string socket_path;  // empty: the default socket
  bool autostart = true;
};

// The socket path these options name.
std::string resolve_socket_path(const ConnectOptions& options);

// Connects, starting kiokud first if needed and allowed. Throws kioku::Error (kUnavailable)
// with a message that says what went wrong (including the daemon's last log line).
std::unique_ptr<Client> connect_to_daemon(const ConnectOptions& options);

// The kiokud executable to start: $KIOKU_DAEMON, else the one beside this kioku, else "kiokud"
// from PATH.
std::string daemon_executable();

}  // namespace kioku::cli
