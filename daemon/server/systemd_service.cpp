// kiokud speaks systemd's two small protocols itself, as sd_listen_fds(3) and sd_notify(3)
// describe them, rather than through libsystemd: three calls did not pay for the library and
// the five it loads (libgcrypt, liblzma, liblz4, libcap, libgpg-error), 0.9 MiB of every
// kiokud's memory (docs/decisions.md, session 25).
// LISTEN_FDS is read once and unset, so that nothing kiokud might start takes the socket for
// its own; NOTIFY_SOCKET is kept, since STOPPING=1 comes long after READY=1.
#include "daemon/server/systemd_service.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "core/error.hpp"
#include "core/system_error_reason.hpp"

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

// The first descriptor systemd passes; the others follow it.
constexpr int kFirstPassedDescriptor = 3;

// A decimal number that is the whole of `text`, or nullopt.
std::optional<long long> whole_number(const char* text) {
  if (text == nullptr) return std::nullopt;
  const std::string_view digits(text);
  long long value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

// How many descriptors systemd passed this process (LISTEN_PID is ours and LISTEN_FDS says how
// many), each now close-on-exec; 0 when none were, or they were for another process (a parent
// that kept the variables); a negative errno when the variables or a descriptor are broken.
// LISTEN_PID, LISTEN_FDS and LISTEN_FDNAMES are unset whatever the outcome.
int passed_descriptors() {
  const char* pid_text = std::getenv("LISTEN_PID");
  const char* count_text = std::getenv("LISTEN_FDS");
  const std::optional<long long> pid = whole_number(pid_text);
  const std::optional<long long> count = whole_number(count_text);
  ::unsetenv("LISTEN_PID");
  ::unsetenv("LISTEN_FDS");
  ::unsetenv("LISTEN_FDNAMES");
  if (pid_text == nullptr) return 0;
  if (!pid || *pid <= 0) return -EINVAL;
  // Meant for another process (a parent that kept the variables): not ours to judge.
  if (*pid != ::getpid() || count_text == nullptr) return 0;
  if (!count || *count < 0 || *count > 1024) return -EINVAL;
  for (int descriptor = kFirstPassedDescriptor;
       descriptor < kFirstPassedDescriptor + static_cast<int>(*count); ++descriptor) {
    const int flags = ::fcntl(descriptor, F_GETFD);
    if (flags < 0 || ::fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) < 0) return -errno;
  }
  return static_cast<int>(*count);
}

// Whether `descriptor` is a listening Unix stream socket.
bool is_listening_unix_stream(int descriptor) {
  struct stat info {};
  if (::fstat(descriptor, &info) != 0 || !S_ISSOCK(info.st_mode)) return false;
  int value = 0;
  socklen_t length = sizeof value;
  if (::getsockopt(descriptor, SOL_SOCKET, SO_DOMAIN, &value, &length) != 0 || value != AF_UNIX) {
    return false;
  }
  length = sizeof value;
  if (::getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &value, &length) != 0 || value != SOCK_STREAM) {
    return false;
  }
  length = sizeof value;
  return ::getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &value, &length) == 0 && value != 0;
}

// Sends `state` to $NOTIFY_SOCKET, a datagram socket at a path or, written with a leading '@',
// in the abstract namespace. Nothing when the variable is unset or empty, or names another kind
// of address (the service manager is not waiting on a message it cannot get then).
void notify(const std::string& state) {
  const char* target = std::getenv("NOTIFY_SOCKET");
  if (target == nullptr || (target[0] != '/' && target[0] != '@')) return;
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  // A path needs room for its NUL; an abstract name, whose '@' becomes a '\0', does not.
  const std::size_t length = std::strlen(target);
  const std::size_t room = sizeof address.sun_path - (target[0] == '@' ? 0 : 1);
  if (length < 2 || length > room) return;
  std::memcpy(address.sun_path, target, length);
  if (address.sun_path[0] == '@') address.sun_path[0] = '\0';
  const int descriptor = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) return;
  ::sendto(descriptor, state.data(), state.size(), MSG_NOSIGNAL,
           reinterpret_cast<const sockaddr*>(&address),
           static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + length));
  ::close(descriptor);
}

}  // namespace

std::optional<ActivationSocket> socket_from_systemd() {
  const int passed = passed_descriptors();
  if (passed == 0) return std::nullopt;
  if (passed < 0) {
    throw Error(ErrorCode::kUnavailable,
                bilingual_with("cannot take the sockets systemd passed: {reason}",
                               "systemd が渡したソケットを受け取れません: {reason}", "reason",
                               system_error_reason(-passed)));
  }
  if (passed > 1) {
    throw Error(ErrorCode::kUnavailable,
                bilingual("systemd passed {count} sockets and kiokud listens on one; give "
                          "kiokud.socket one ListenStream=",
                          "systemd がソケットを {count} 個渡しましたが、kiokud "
                          "が待ち受けるのは 1 つです。kiokud.socket の ListenStream= を 1 "
                          "つにしてください",
                          {{"count", std::to_string(passed)}}));
  }
  const int descriptor = kFirstPassedDescriptor;
  ActivationSocket socket{descriptor, {}};
  if (is_listening_unix_stream(descriptor)) socket.path = bound_path(descriptor);
  if (socket.path.empty()) {
    throw Error(ErrorCode::kUnavailable,
                bilingual("LISTEN_FDS=1, but descriptor 3 is not a listening Unix stream socket "
                          "bound to a path; kiokud.socket needs one ListenStream= with a path",
                          "LISTEN_FDS=1 ですが、ディスクリプタ 3 "
                          "はパスに結び付いた待ち受け中の Unix "
                          "ストリームソケットではありません。kiokud.socket にはパスを指定した "
                          "ListenStream= が 1 つ必要です"));
  }
  return socket;
}

void notify_ready(const std::string& status) {
  notify("READY=1\nSTATUS=" + status);
}

void notify_stopping() {
  notify("STOPPING=1\nSTATUS=stopping");
}

bool stderr_is_journal() {
  const char* stream = std::getenv("JOURNAL_STREAM");
  if (stream == nullptr) return false;
  struct stat info {};
  if (::fstat(STDERR_FILENO, &info) != 0) return false;
  return std::string(stream) == std::to_string(info.st_dev) + ":" + std::to_string(info.st_ino);
}

}  // namespace kioku::daemon
