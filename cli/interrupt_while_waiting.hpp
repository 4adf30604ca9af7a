// Ctrl-C while the review screen waits for kiokud. In raw mode Ctrl-C is only a key, read
// between requests, so a daemon that does not answer (stopped, hung) froze the terminal.
// For the scope of a wait, Ctrl-C raises SIGINT again, and the handler puts the terminal back,
// writes what the session saved and exits with 130. The farewell is prepared beforehand: a
// signal handler may only make async-signal-safe calls (write, tcsetattr, _exit).
#pragma once

#include <signal.h>

#include <string>

#include "cli/terminal/terminal.hpp"

namespace kioku::cli {

inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

class InterruptWhileWaiting {
 public:
  // `terminal` is null when stdin is not a terminal (scripted review): Ctrl-C is a signal there
  // anyway, and ends the session with the same farewell. Flushes stdout first, so that the
  // farewell follows everything shown.
  InterruptWhileWaiting(RawMode* terminal, std::string farewell);
  ~InterruptWhileWaiting();
  InterruptWhileWaiting(const InterruptWhileWaiting&) = delete;
  InterruptWhileWaiting& operator=(const InterruptWhileWaiting&) = delete;

 private:
  RawMode* terminal_;
  std::string farewell_;
  struct sigaction previous_ {};
};

}  // namespace kioku::cli
