// Splits a client's byte stream into request lines (protocol/line_framing.hpp) and gives each line
// the descriptors that were passed with it. The kernel delivers descriptors with the bytes of the
// sendmsg(2) that carried them and ends that recvmsg(2) there, so they belong to the line holding
// the last byte received with them; a client sends the request line and its descriptor in one
// sendmsg with nothing after it (docs/protocol.md). No I/O here, so it is tested without sockets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>

#include "daemon/server/passed_descriptors.hpp"
#include "protocol/line_framing.hpp"

namespace kioku::daemon {

struct RequestLine {
  std::string text;  // without its '\n' (and a '\r' before it)
  PassedDescriptors descriptors;
};

class RequestLines {
 public:
  explicit RequestLines(std::size_t max_line_bytes) : framing_(max_line_bytes) {}

  // Room for up to `size` more bytes at the end of the buffer to receive into; commit() then
  // says how many arrived and what came with them. Valid until the next call.
  std::span<char> prepare(std::size_t size);
  void commit(std::size_t received, PassedDescriptors descriptors);

  // The next complete line, or nullopt when none is complete yet or the next one is too long.
  std::optional<RequestLine> next();
  // True when the next line is longer than the limit (complete or not): the connection is then
  // beyond repair, since nothing tells where the next request starts.
  bool overlong() noexcept { return framing_.overlong(); }

 private:
  struct Held {
    std::uint64_t line_start;  // offset in the stream of the line they came with
    PassedDescriptors descriptors;
  };

  protocol::LineFraming framing_;
  std::deque<Held> held_;  // in stream order; at most one entry per line
};

}  // namespace kioku::daemon
