// Finds the daemon, or starts it when nothing answers (as gpg-agent and tmux do): a spawn lock
// keeps two clients from starting two daemons, and the client waits for the daemon's readiness
// signal on a pipe, never for a fixed time.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>

#include "cli/client.hpp"

namespace kioku::cli {

struct ConnectOptions {
  std::string socket_path;  // empty: the default socket
  bool autostart = true;
  std::string language = "en";  // of the client's own messages
};

// The socket path these options name.
std::string resolve_socket_path(const ConnectOptions& options);

// Connects, starting kiokud first if needed and allowed. Throws kioku::Error (kUnavailable)
// with a message that says what went wrong (including the daemon's last log line). When a
// kiokud holds the collection but nothing listens on the socket (its socket file was removed),
// it says so rather than start a second daemon that could only fail.
std::unique_ptr<Client> connect_to_daemon(const ConnectOptions& options);

// The pid of the kiokud holding the default collection's lock, whether or not it answers on its
// socket; nullopt when none does (or it cannot tell).
std::optional<pid_t> daemon_holding_collection();

// The kiokud executable to start: $KIOKU_DAEMON, else the one beside this kioku, else "kiokud"
// from PATH.
std::string daemon_executable();

}  // namespace kioku::cli
