// Stand-in listeners: bind and listen, and a client's request line read and left unanswered.
#include "tests/support/silent_listener.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <catch2/catch.hpp>

namespace kioku::test {

int listen_unix(const std::string& path, int backlog) {
  const int descriptor = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) return -1;
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  path.copy(address.sun_path, sizeof address.sun_path - 1);
  if (::bind(descriptor, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(descriptor, backlog) != 0) {
    ::close(descriptor);
    return -1;
  }
  return descriptor;
}

SilentListener::SilentListener(const std::string& path) : descriptor_(listen_unix(path, 16)) {
  REQUIRE(descriptor_ >= 0);
}

SilentListener::~SilentListener() {
  if (client_ >= 0) ::close(client_);
  if (descriptor_ >= 0) ::close(descriptor_);
}

bool SilentListener::take_request(int timeout_ms) {
  pollfd waiting{descriptor_, POLLIN, 0};
  if (::poll(&waiting, 1, timeout_ms) <= 0) return false;
  client_ = ::accept(descriptor_, nullptr, nullptr);
  std::string received;
  while (received.find('\n') == std::string::npos) {
    pollfd readable{client_, POLLIN, 0};
    if (::poll(&readable, 1, timeout_ms) <= 0) return false;
    char chunk[4096];
    const ssize_t count = ::read(client_, chunk, sizeof chunk);
    if (count <= 0) return false;
    received.append(chunk, static_cast<std::size_t>(count));
  }
  return true;
}

}  // namespace kioku::test
