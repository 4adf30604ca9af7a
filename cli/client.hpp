// A blocking JSON-RPC client over the daemon's Unix socket. The CLI makes one call at a time,
// so plain POSIX sockets serve better than an event loop (and start faster).
#pragma once

#include <boost/json.hpp>
#include <string>
#include <string_view>

#include "cli/call_error.hpp"

namespace kioku::cli {

class Client {
 public:
  // Connects to `socket_path`. Throws kioku::Error (kUnavailable) when nothing answers there.
  explicit Client(const std::string& socket_path);
  // Takes over an already connected descriptor.
  Client(const std::string& socket_path, int connected_descriptor)
      : socket_path_(socket_path), descriptor_(connected_descriptor) {}
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // Sends one request and waits for its response. Returns the result; throws kioku::Error with
  // the daemon's code and message for an error response, CallError (kNotSent, kClosedAfterSend)
  // when the daemon hangs up.
  boost::json::value call(std::string_view method, boost::json::object params = {});

  // Blocks until the daemon closes this connection (after system.shutdown).
  void wait_until_closed();

  const std::string& socket_path() const noexcept { return socket_path_; }

 private:
  std::string read_line();

  std::string socket_path_;
  int descriptor_ = -1;
  std::int64_t next_id_ = 1;
  std::string buffer_;
  bool request_sent_ = false;  // the current call's request went out whole
};

// Tries to connect; returns -1 with errno set instead of throwing (EPERM when the listener
// belongs to another user). The descriptor is blocking.
int try_connect(const std::string& socket_path);

}  // namespace kioku::cli
