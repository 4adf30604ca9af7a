// One thread: accept, then relay request and reply lines until the client leaves.
#include "tests/support/relay_proxy.hpp"

#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

#include "tests/support/line_client.hpp"
#include "tests/support/silent_listener.hpp"

namespace kioku::test {

namespace {

// The next '\n'-ended line from `descriptor` into `line` (without the '\n'); false when the
// client left or `stop` became readable.
bool read_line(int descriptor, int stop, std::string& buffer, std::string& line) {
  for (;;) {
    if (const auto newline = buffer.find('\n'); newline != std::string::npos) {
      line = buffer.substr(0, newline);
      buffer.erase(0, newline + 1);
      return true;
    }
    pollfd fds[2] = {{descriptor, POLLIN, 0}, {stop, POLLIN, 0}};
    if (::poll(fds, 2, -1) <= 0 || fds[1].revents != 0) return false;
    char chunk[65536];
    const ssize_t received = ::recv(descriptor, chunk, sizeof chunk, 0);
    if (received <= 0) return false;
    buffer.append(chunk, static_cast<std::size_t>(received));
  }
}

bool send_all(int descriptor, const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t written =
        ::send(descriptor, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (written <= 0) return false;
    sent += static_cast<std::size_t>(written);
  }
  return true;
}

}  // namespace

RelayProxy::RelayProxy(std::string listen_path, std::string daemon_path)
    : daemon_path_(std::move(daemon_path)) {
  listener_ = listen_unix(listen_path, 8);
  if (listener_ < 0 || ::pipe2(stop_, O_CLOEXEC) != 0) {
    throw std::runtime_error("cannot listen on " + listen_path);
  }
  thread_ = std::thread([this] { run(); });
}

RelayProxy::~RelayProxy() {
  [[maybe_unused]] const ssize_t written = ::write(stop_[1], "x", 1);
  thread_.join();
  for (int descriptor : {listener_, stop_[0], stop_[1]}) ::close(descriptor);
}

void RelayProxy::drop_next_reply_to(const std::string& marker) {
  std::lock_guard lock(mutex_);
  marker_ = marker;
  rewrite_ = nullptr;
}

void RelayProxy::rewrite_next_reply_to(const std::string& marker,
                                       std::function<std::string(const std::string&)> rewrite) {
  std::lock_guard lock(mutex_);
  marker_ = marker;
  rewrite_ = std::move(rewrite);
}

void RelayProxy::run() {
  for (;;) {
    pollfd fds[2] = {{listener_, POLLIN, 0}, {stop_[0], POLLIN, 0}};
    if (::poll(fds, 2, -1) <= 0 || fds[1].revents != 0) return;
    const int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
    if (client < 0) continue;
    relay(client);
    ::close(client);
  }
}

void RelayProxy::relay(int client) {
  LineClient daemon(daemon_path_);
  std::string buffer;
  std::string request;
  while (daemon.connected() && read_line(client, stop_[0], buffer, request)) {
    if (!daemon.send(request + "\n")) return;
    auto reply = daemon.read_line(60'000);
    if (!reply) return;
    {
      std::lock_guard lock(mutex_);
      if (marker_ && request.find(*marker_) != std::string::npos) {
        marker_.reset();
        if (!rewrite_) {
          ++dropped_;
          return;  // the daemon handled it; the client never hears
        }
        reply = std::exchange(rewrite_, nullptr)(*reply);
      }
    }
    if (!send_all(client, *reply + "\n")) return;
  }
}

}  // namespace kioku::test
