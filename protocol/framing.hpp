// Newline-delimited JSON framing limits shared by the daemon and its clients.
#pragma once

#include <cstddef>

namespace kioku::protocol {

// kiokud refuses a request line longer than this and then closes the connection. Responses
// are not bounded by it (a client should accept long ones, such as a large deck list).
inline constexpr std::size_t kMaxLineBytes = 1024 * 1024;

// The most a reply line may hold: results beyond it become errors (docs/protocol.md, Limits),
// so that one batch cannot make kiokud build gigabytes and stall every other client. Large
// enough for any reply of a sane collection many times over; a quarter of what kioku reads.
inline constexpr std::size_t kMaxReplyBytes = 16 * 1024 * 1024;

}  // namespace kioku::protocol
