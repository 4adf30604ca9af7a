// Descriptors a client passes with a request line (SCM_RIGHTS; docs/protocol.md, "Passing a
// file"): kioku opens a deck file itself and hands kiokud the open file, so kiokud never opens a
// path it was given. A request keeps at most one; every other one is closed on arrival.
#pragma once

#include <sys/types.h>
#include <cstddef>
#include <span>

#include "protocol/unique_fd.hpp"

namespace kioku::daemon {

struct PassedDescriptors {
  protocol::UniqueFd first;  // the first one passed; closed with this unless a handler takes it
  std::size_t count = 0;     // how many were passed, including those closed on arrival
  bool lost = false;         // the kernel dropped some: no room for them, or out of descriptors

  bool empty() const noexcept { return count == 0 && !lost; }
  // Adds what arrived later for the same request: only the count grows, the rest are closed.
  void merge(PassedDescriptors&& more) noexcept;
};

// recvmsg(2) on the non-blocking `socket` into `into`, collecting the descriptors that came with
// the bytes (close-on-exec) into `passed`. Returns what recvmsg returns (-1 with errno, 0 at end
// of stream).
ssize_t receive_with_descriptors(int socket, std::span<char> into, PassedDescriptors& passed);

}  // namespace kioku::daemon
