// A raw Unix-socket client for protocol tests: sends arbitrary bytes, reads response lines.
#pragma once

#include <atomic>
#include <boost/json.hpp>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/line_framing.hpp"

namespace kioku::test {

// A JSON-RPC request line (without the '\n') with named parameters.
std::string request_line(std::int64_t id, std::string_view method, boost::json::object params = {});

class LineClient {
 public:
  // Connects to `socket_path`; connected() tells whether it worked.
  explicit LineClient(const std::string& socket_path);
  ~LineClient();
  LineClient(const LineClient&) = delete;
  LineClient& operator=(const LineClient&) = delete;

  bool connected() const noexcept { return descriptor_ >= 0; }
  // Sends the bytes as they are; false when the peer has gone.
  bool send(const std::string& bytes);
  // Sends the bytes in one sendmsg with `descriptors` passed beside them (SCM_RIGHTS), as kioku
  // passes a deck file; false when that failed.
  bool send_with_descriptors(const std::string& bytes, const std::vector<int>& descriptors);
  // The next line (without '\n' and a '\r' before it), or nullopt when the connection closed or
  // nothing came within `timeout_ms`.
  std::optional<std::string> read_line(int timeout_ms = 10'000);
  // Sends one line and parses the response line as JSON (null value when none came within
  // `timeout_ms`).
  boost::json::value request(const std::string& line, int timeout_ms = 10'000);
  // Bytes received but not read yet (in the socket or this client's buffer), without waiting.
  std::size_t bytes_waiting() const;
  // True when the daemon closed the connection (reads EOF) within `timeout_ms`.
  bool closed_by_peer(int timeout_ms = 10'000);
  // Shuts the writing half (the peer reads the end), still reading what comes back.
  void shutdown_sending();
  void close();

 private:
  int descriptor_ = -1;
  // No limit of its own: how long kiokud's lines may be is for the tests to check.
  protocol::LineFraming lines_{std::numeric_limits<std::size_t>::max()};
  // lines_.pending().size(), kept apart for bytes_waiting(), which another thread may call (a
  // server test's commit hook) while this one reads: the socket orders the two, but a race
  // detector cannot see that.
  std::atomic<std::size_t> unread_bytes_ = 0;
};

}  // namespace kioku::test
