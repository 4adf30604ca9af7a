// The resize handler only sets a flag, the one thing a signal handler may safely do here; the
// signals that end or stop the process are RawMode's (raw_mode_signals.hpp).
#include "cli/terminal/full_screen.hpp"

#include <signal.h>

#include "cli/terminal/screen_escapes.hpp"

namespace kioku::cli {

namespace {

volatile std::sig_atomic_t resized = 0;

extern "C" void on_resize(int) {
  resized = 1;
}

}  // namespace

FullScreen::FullScreen(RawMode& terminal) : terminal_(terminal) {
  resized = 0;
  terminal_.set_screen_sequences(escapes::kEnterFullScreen, escapes::kLeaveFullScreen);
  struct sigaction action {};
  action.sa_handler = on_resize;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: the wait for a key ends, and the screen is redrawn
  ::sigaction(SIGWINCH, &action, &previous_resize_action_);
}

FullScreen::~FullScreen() {
  leave();
}

void FullScreen::leave() noexcept {
  if (left_) return;
  left_ = true;
  terminal_.restore();
  ::sigaction(SIGWINCH, &previous_resize_action_, nullptr);
  terminal_.set_screen_sequences(nullptr, nullptr);
}

bool FullScreen::needs_redraw() {
  bool redraw = terminal_.resume_if_continued();
  if (resized != 0) {
    resized = 0;
    redraw = true;
  }
  return redraw;
}

}  // namespace kioku::cli
