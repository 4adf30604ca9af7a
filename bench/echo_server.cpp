// kioku_echo_server: the floor under kiokud's round trip. A raw Unix-socket server with
// kiokud's framing (one request per '\n'-terminated line, at most protocol::kMaxLineBytes;
// a longer line gets one error line and the connection is closed) that does no work per
// request: it answers each line at once, from one thread, with poll().
//
// The answer is the line itself, or, when the line starts with a decimal number and a space
// ("412 xxxx..."), a line of that many bytes including its '\n'. The round-trip benchmark
// uses the second form to make request and response exactly as long as kiokud's.
//
// Usage: kioku_echo_server SOCKET_PATH [READY_FD]   (writes "ready\n" to READY_FD once
// listening; stops on SIGTERM or SIGINT)
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/framing.hpp"

namespace {

volatile std::sig_atomic_t stop_requested = 0;

struct Client {
  int descriptor;
  std::string buffer;
};

bool send_all(int descriptor, std::string_view data) {
  while (!data.empty()) {
    const ssize_t written = ::send(descriptor, data.data(), data.size(), MSG_NOSIGNAL);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

// The response to one request line (without its '\n').
std::string_view response_for(std::string_view line, std::string& scratch) {
  std::size_t digits = 0;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
  if (digits > 0 && digits < 10 && digits < line.size() && line[digits] == ' ') {
    const std::size_t bytes =
        std::strtoul(std::string(line.substr(0, digits)).c_str(), nullptr, 10);
    scratch.assign(bytes > 0 ? bytes - 1 : 0, 'x');
  } else {
    scratch.assign(line);
  }
  scratch += '\n';
  return scratch;
}

// Answers every complete line in the client's buffer; false when the client must be dropped.
bool serve(Client& client, std::string& scratch) {
  std::size_t start = 0;
  for (;;) {
    const std::size_t newline = client.buffer.find('\n', start);
    if (newline == std::string::npos) break;
    if (newline - start > kioku::protocol::kMaxLineBytes) break;
    if (!send_all(client.descriptor,
                  response_for(std::string_view(client.buffer).substr(start, newline - start),
                               scratch))) {
      return false;
    }
    start = newline + 1;
  }
  client.buffer.erase(0, start);
  if (client.buffer.size() > kioku::protocol::kMaxLineBytes) {
    send_all(client.descriptor,
             "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
             "\"message\":\"request line too long\"}}\n");
    return false;
  }
  return true;
}

int listen_on(const char* path) {
  sockaddr_un address{};
  if (std::strlen(path) >= sizeof address.sun_path) {
    std::fprintf(stderr, "kioku_echo_server: socket path too long: %s\n", path);
    return -1;
  }
  const int descriptor = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  address.sun_family = AF_UNIX;
  std::strcpy(address.sun_path, path);
  ::unlink(path);
  if (descriptor < 0 ||
      ::bind(descriptor, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(descriptor, SOMAXCONN) != 0) {
    std::fprintf(stderr, "kioku_echo_server: cannot listen on %s: %s\n", path,
                 std::strerror(errno));
    return -1;
  }
  return descriptor;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: kioku_echo_server SOCKET_PATH [READY_FD]\n");
    return 2;
  }
  const int listener = listen_on(argv[1]);
  if (listener < 0) return 1;
  struct sigaction action {};
  action.sa_handler = [](int) { stop_requested = 1; };
  ::sigaction(SIGTERM, &action, nullptr);
  ::sigaction(SIGINT, &action, nullptr);
  if (argc == 3) {
    const int ready_fd = std::atoi(argv[2]);
    [[maybe_unused]] const ssize_t written = ::write(ready_fd, "ready\n", 6);
    ::close(ready_fd);
  }

  std::vector<Client> clients;
  std::vector<pollfd> watched;
  std::string scratch;
  char chunk[65536];
  while (!stop_requested) {
    watched.assign(1, pollfd{listener, POLLIN, 0});
    for (const Client& client : clients) watched.push_back(pollfd{client.descriptor, POLLIN, 0});
    if (::poll(watched.data(), watched.size(), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (watched[0].revents & POLLIN) {
      const int accepted = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
      if (accepted >= 0) clients.push_back(Client{accepted, {}});
    }
    for (std::size_t index = watched.size() - 1; index >= 1; --index) {
      if (watched[index].revents == 0) continue;
      Client& client = clients[index - 1];
      const ssize_t received = ::recv(client.descriptor, chunk, sizeof chunk, 0);
      bool keep = received > 0 || (received < 0 && errno == EINTR);
      if (received > 0) {
        client.buffer.append(chunk, static_cast<std::size_t>(received));
        keep = serve(client, scratch);
      }
      if (!keep) {
        ::close(client.descriptor);
        clients.erase(clients.begin() + static_cast<std::ptrdiff_t>(index - 1));
      }
    }
  }
  ::close(listener);
  ::unlink(argv[1]);
  return 0;
}
