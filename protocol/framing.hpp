// Newline-delimited JSON framing limits shared by the daemon and its clients.
#pragma once

#include <cstddef>

namespace kioku::protocol {

// kiokud refuses a request line longer than this and then closes the connection. Responses
// are not bounded by it (a client should accept long ones, such as a large deck list).
inline constexpr std::size_t kMaxLineBytes = 1024 * 1024;

}  // namespace kioku::protocol
