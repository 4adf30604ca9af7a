// kiokud's side of systemd (sd-daemon(3)): the listening socket a socket unit passes, the state
// notifications of a Type=notify service, and whether stderr is the journal. Spoken here, by
// sd_listen_fds(3) and sd_notify(3), without libsystemd; each call is harmless when kiokud runs
// without systemd.
#pragma once

#include <optional>
#include <string>

namespace kioku::daemon {

struct ActivationSocket {
  int descriptor = -1;  // listening, close-on-exec; the server takes it over
  std::string path;     // the path it is bound to, for the log
};

// The socket systemd passed (LISTEN_FDS and LISTEN_PID, which this unsets), or nullopt when
// kiokud was not socket-activated. Throws kioku::Error, with one line that says what to fix,
// when it was passed anything but one listening Unix stream socket bound to a path.
std::optional<ActivationSocket> socket_from_systemd();

// READY=1 with `status` as STATUS=, once kiokud serves; STOPPING=1 once it begins to stop. Sent
// to $NOTIFY_SOCKET, which stays set (both are sent by one process); nothing when it is unset,
// and a failure to send is ignored: the service manager, not kiokud, acts on a missed one.
void notify_ready(const std::string& status);
void notify_stopping();

// True when stderr is a stream to the journal: $JOURNAL_STREAM ("device:inode") names the file
// behind descriptor 2. Not when a child of the service merely inherited the variable.
bool stderr_is_journal();

}  // namespace kioku::daemon
