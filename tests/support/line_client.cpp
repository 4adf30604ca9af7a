// Blocking socket I/O with poll-based timeouts for protocol tests.
#include "tests/support/line_client.hpp"

#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace kioku::test {

std::string request_line(std::int64_t id, std::string_view method, boost::json::object params) {
  return boost::json::serialize(boost::json::object{
      {"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
}

LineClient::LineClient(const std::string& socket_path) {
  descriptor_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  socket_path.copy(address.sun_path, sizeof address.sun_path - 1);
  if (::connect(descriptor_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    close();
  }
}

LineClient::~LineClient() {
  close();
}

void LineClient::shutdown_sending() {
  if (descriptor_ >= 0) ::shutdown(descriptor_, SHUT_WR);
}

void LineClient::close() {
  if (descriptor_ >= 0) ::close(descriptor_);
  descriptor_ = -1;
}

bool LineClient::send(const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t written =
        ::send(descriptor_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    sent += static_cast<std::size_t>(written);
  }
  return true;
}

bool LineClient::send_with_descriptors(const std::string& bytes,
                                       const std::vector<int>& descriptors) {
  iovec data{const_cast<char*>(bytes.data()), bytes.size()};
  std::vector<char> control(CMSG_SPACE(sizeof(int) * descriptors.size()));
  msghdr message{};
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  message.msg_control = control.data();
  message.msg_controllen = control.size();
  cmsghdr* header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int) * descriptors.size());
  std::memcpy(CMSG_DATA(header), descriptors.data(), sizeof(int) * descriptors.size());
  ssize_t sent = -1;
  do {
    sent = ::sendmsg(descriptor_, &message, MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  if (sent < 0) return false;
  return send(bytes.substr(static_cast<std::size_t>(sent)));
}

std::optional<std::string> LineClient::read_line(int timeout_ms) {
  for (;;) {
    if (const auto line = lines_.next_line()) {
      unread_bytes_ = lines_.pending().size();
      return std::string(*line);
    }
    pollfd readable{descriptor_, POLLIN, 0};
    if (::poll(&readable, 1, timeout_ms) <= 0) return std::nullopt;
    const auto room = lines_.prepare(65536);
    const ssize_t received = ::recv(descriptor_, room.data(), room.size(), 0);
    if (received <= 0) return std::nullopt;
    lines_.commit(static_cast<std::size_t>(received));
    unread_bytes_ = lines_.pending().size();
  }
}

boost::json::value LineClient::request(const std::string& line, int timeout_ms) {
  if (!send(line + "\n")) return nullptr;
  const auto response = read_line(timeout_ms);
  if (!response) return nullptr;
  boost::json::error_code error;
  boost::json::value value = boost::json::parse(*response, error);
  return error ? boost::json::value(nullptr) : value;
}

std::size_t LineClient::bytes_waiting() const {
  int in_socket = 0;
  if (::ioctl(descriptor_, FIONREAD, &in_socket) != 0) in_socket = 0;
  return unread_bytes_.load() + static_cast<std::size_t>(in_socket);
}

bool LineClient::closed_by_peer(int timeout_ms) {
  for (;;) {
    pollfd readable{descriptor_, POLLIN, 0};
    if (::poll(&readable, 1, timeout_ms) <= 0) return false;
    char chunk[4096];
    const ssize_t received = ::recv(descriptor_, chunk, sizeof chunk, 0);
    if (received == 0) return true;
    if (received < 0) return errno == ECONNRESET;
  }
}

}  // namespace kioku::test
