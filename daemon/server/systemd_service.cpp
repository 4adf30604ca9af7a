// LISTEN_FDS is read once and unset, so that nothing kiokud might start takes the socket for
// its own; NOTIFY_SOCKET is kept, since STOPPING=1 comes long after READY=1.
#include "daemon/server/systemd_service.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <systemd/sd-daemon.h>
#include <unistd.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>

#include "core/error.hpp"

namespace kioku::daemon {

namespace {

// Where the socket on `descriptor` is bound; empty for an abstract or unnamed one.
std::string bound_path(int descriptor) {
  sockaddr_un address{};
  socklen_t length = sizeof address;
  if (::getsockname(descriptor, reinterpret_cast<sockaddr*>(&address), &length) != 0) return {};
  const std::size_t path_bytes =
      length > offsetof(sockaddr_un, sun_path) ? length - offsetof(sockaddr_un, sun_path) : 0;
  if (path_bytes == 0 || address.sun_path[0] == '\0') return {};
  return std::string(address.sun_path, ::strnlen(address.sun_path, path_bytes));
}

}  // namespace

std::optional<ActivationSocket> socket_from_systemd() {
  const int passed = sd_listen_fds(1);
  if (passed == 0) return std::nullopt;
  if (passed < 0) {
    throw Error(ErrorCode::kUnavailable,
                std::string("cannot take the sockets systemd passed: ") + std::strerror(-passed));
  }
  if (passed > 1) {
    throw Error(ErrorCode::kUnavailable,
                "systemd passed " + std::to_string(passed) +
                    " sockets and kiokud listens on one; give kiokud.socket one ListenStream=");
  }
  const int descriptor = SD_LISTEN_FDS_START;
  ActivationSocket socket{descriptor, {}};
  if (sd_is_socket_unix(descriptor, SOCK_STREAM, 1, nullptr, 0) > 0) {
    socket.path = bound_path(descriptor);
  }
  if (socket.path.empty()) {
    throw Error(ErrorCode::kUnavailable,
                "LISTEN_FDS=1, but descriptor 3 is not a listening Unix stream socket bound to a "
                "path; kiokud.socket needs one ListenStream= with a path");
  }
  return socket;
}

void notify_ready(const std::string& status) {
  const std::string message = "READY=1\nSTATUS=" + status;
  sd_notify(0, message.c_str());
}

void notify_stopping() {
  sd_notify(0, "STOPPING=1\nSTATUS=stopping");
}

bool stderr_is_journal() {
  const char* stream = std::getenv("JOURNAL_STREAM");
  if (stream == nullptr) return false;
  struct stat info {};
  if (::fstat(STDERR_FILENO, &info) != 0) return false;
  return std::string(stream) == std::to_string(info.st_dev) + ":" + std::to_string(info.st_ino);
}

}  // namespace kioku::daemon
