// The signals that would leave the terminal in single-key mode behind them, caught while a
// RawMode has it: every way out puts the terminal back exactly once (docs/review-screen.md,
// "Always giving the terminal back"). kill -9 alone cannot be caught.
#pragma once

#include <signal.h>

#include <cstddef>
#include <iterator>

namespace kioku::cli {

class RawMode;

// What ends kioku from outside: `kill`, `kill -INT` or `timeout -s INT` (Ctrl-C is a key in
// single-key mode), `kill -QUIT`, the terminal closed, and a pipe reader gone (`| head`).
inline constexpr int kTerminalFatalSignals[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGPIPE};

// For its lifetime the fatal signals put the terminal back and then end the process as the
// signal would have (the shell sees kioku die of it); SIGTSTP puts it back and stops until
// `fg`; SIGCONT is noted for RawMode::resume_if_continued(). A handler installed over one of
// these for a while and put back after (InterruptWhileWaiting's SIGINT while kioku waits for
// kiokud) takes precedence meanwhile. A signal ignored when it starts (nohup) stays ignored.
// One at a time, like RawMode.
class RawModeSignals {
 public:
  explicit RawModeSignals(const RawMode& terminal);
  ~RawModeSignals();
  RawModeSignals(const RawModeSignals&) = delete;
  RawModeSignals& operator=(const RawModeSignals&) = delete;

  // True once after the process was continued, or after a stop that did not happen (an
  // orphaned process group, which the kernel does not stop): the terminal is to be taken again.
  static bool take_continued() noexcept;

 private:
  static constexpr std::size_t kCount = std::size(kTerminalFatalSignals) + 2;  // + TSTP, CONT
  static int signal_at(std::size_t slot) noexcept;

  bool caught_[kCount] = {};  // false for a signal that was ignored and stays so
  struct sigaction previous_[kCount] = {};
};

}  // namespace kioku::cli
