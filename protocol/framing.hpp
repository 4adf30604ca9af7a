// Newline-delimited JSON framing limits shared by the daemon and its clients.
#pragma once

#include <cstddef>

namespace kioku::protocol {

// A request or response line longer than this is refused; the connection is then closed.
inline constexpr std::size_t kMaxLineBytes = 1024 * 1024;

}  // namespace kioku::protocol
