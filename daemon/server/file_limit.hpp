// The open-file budget kiokud needs for its clients: one descriptor per client plus a fixed
// reserve for the collection, its WAL and shared memory, the lock, the listener and Asio.
#pragma once

#include <cstddef>
#include <optional>

namespace kioku::daemon {

// Descriptors kiokud uses besides its clients.
inline constexpr std::size_t kReservedDescriptors = 64;

// The soft open-file limit before and after ensure_descriptors_for raised it.
struct RaisedDescriptorLimit {
  std::size_t previous = 0;
  std::size_t now = 0;
};

// Makes sure the soft RLIMIT_NOFILE covers `max_clients` clients plus the reserve, raising it
// (never past the hard limit) when it is too low. Returns both limits when it raised it,
// nullopt when it already sufficed. Throws kioku::Error naming both limits and what to do
// when even the hard limit is too low.
std::optional<RaisedDescriptorLimit> ensure_descriptors_for(std::size_t max_clients);

}  // namespace kioku::daemon
