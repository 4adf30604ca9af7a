// Listening Unix sockets that stand in for kiokud: one that accepts and never answers (a daemon
// that hangs), and the bound, listening descriptor the stand-ins are made from.
#pragma once

#include <string>

namespace kioku::test {

// A socket bound to `path` and listening, close-on-exec; -1 when that failed (errno says why).
int listen_unix(const std::string& path, int backlog);

// A socket that takes connections and never says a word: the kernel completes each connect into
// its backlog; accept() is only for reading what a client sent.
class SilentListener {
 public:
  explicit SilentListener(const std::string& path);
  ~SilentListener();
  SilentListener(const SilentListener&) = delete;
  SilentListener& operator=(const SilentListener&) = delete;

  // Accepts the next client and waits until its request line has arrived; false when none did
  // within `timeout_ms`.
  bool take_request(int timeout_ms = 30'000);

 private:
  int descriptor_;
  int client_ = -1;
};

}  // namespace kioku::test
