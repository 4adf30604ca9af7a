// The full-screen mode's hold on the terminal: the alternate screen and single-key input for
// its lifetime. Whatever ends or pauses the process puts the terminal back through RawMode,
// whose leave sequence leaves the alternate screen too (raw_mode_signals.hpp): Ctrl-Z (the
// key, or SIGTSTP from elsewhere) leaves the screen and stops; `fg` (SIGCONT) enters it again
// and asks for a redraw, as does a resize (SIGWINCH, the one signal handled here). Ctrl-C
// while kioku waits for kiokud is InterruptWhileWaiting's, which restores through the same
// RawMode.
#pragma once

#include <signal.h>

#include "cli/terminal/terminal.hpp"

namespace kioku::cli {

class FullScreen {
 public:
  // `terminal` must be in single-key mode and outlive this object. One at a time.
  explicit FullScreen(RawMode& terminal);
  ~FullScreen();
  FullScreen(const FullScreen&) = delete;
  FullScreen& operator=(const FullScreen&) = delete;

  // The normal screen and the terminal's own modes, for good (before the session's summary).
  void leave() noexcept;
  // True once after the terminal changed size or the process was continued: the screen must
  // be drawn again from scratch. A continued process is put back in single-key mode first.
  bool needs_redraw();

 private:
  RawMode& terminal_;
  bool left_ = false;
  struct sigaction previous_resize_action_ {};
};

}  // namespace kioku::cli
