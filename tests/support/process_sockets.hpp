// What another process (a kiokud the test started) holds in its sockets, seen from outside:
// which of its descriptors are sockets, and how many bytes wait unread in one of them. Lets a
// test act at a precise point: once the daemon dropped an idle client, or once a client's
// request sits in a stopped daemon's socket.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <set>

namespace kioku::test {

// The descriptors of `pid` that are sockets (from /proc/PID/fd).
std::set<int> socket_descriptors(pid_t pid);

// The socket descriptor of `pid` that is not among `before` (the one a new client connection
// opened); -1 when there is none.
int new_socket_descriptor(pid_t pid, const std::set<int>& before);

// Bytes received but not yet read on descriptor `descriptor` of process `pid` (a copy taken
// with pidfd_getfd, asked with FIONREAD and closed at once); -1 when it cannot be read.
std::int64_t unread_bytes(pid_t pid, int descriptor);

// Checks `condition` until it holds; false after `timeout_ms`. For states no event announces
// (another process's descriptors): the timeout is only a guard against a hung run.
bool poll_until(const std::function<bool()>& condition, int timeout_ms = 30'000);

}  // namespace kioku::test
