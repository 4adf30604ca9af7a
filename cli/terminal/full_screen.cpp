// The signal handlers: each does only what is async-signal-safe (write and tcsetattr through
// RawMode::restore, sigaction, sigprocmask, raise) and tells the main flow through flags.
#include "cli/terminal/full_screen.hpp"

#include <signal.h>

#include <atomic>
#include <cerrno>

#include "cli/terminal/screen_escapes.hpp"

namespace kioku::cli {

namespace {

std::atomic<const RawMode*> screen_terminal{nullptr};
volatile std::sig_atomic_t resized = 0;
volatile std::sig_atomic_t continued = 0;

constexpr int kHandled[] = {SIGWINCH, SIGCONT, SIGTSTP, SIGTERM, SIGHUP};
struct sigaction previous_actions[sizeof kHandled / sizeof kHandled[0]];

extern "C" void on_full_screen_signal(int signal_number);

void install(int signal_number, struct sigaction* previous) {
  struct sigaction action {};
  action.sa_handler = on_full_screen_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: the wait for a key ends, and the screen is redrawn
  ::sigaction(signal_number, &action, previous);
}

// The signal's default action now, with the terminal already put back: stop or end.
void take_default_action(int signal_number) {
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  ::sigaction(signal_number, &fallback, nullptr);
  sigset_t just_this;
  sigemptyset(&just_this);
  sigaddset(&just_this, signal_number);
  ::sigprocmask(SIG_UNBLOCK, &just_this, nullptr);
  ::raise(signal_number);
}

extern "C" void on_full_screen_signal(int signal_number) {
  const int saved_errno = errno;
  switch (signal_number) {
    case SIGWINCH:
      resized = 1;
      break;
    case SIGCONT:
      continued = 1;
      break;
    case SIGTSTP:
      if (const RawMode* terminal = screen_terminal.load()) terminal->restore();
      take_default_action(SIGTSTP);  // stopped here until `fg`
      install(SIGTSTP, nullptr);
      continued = 1;
      break;
    default:  // SIGTERM, SIGHUP
      if (const RawMode* terminal = screen_terminal.load()) terminal->restore();
      take_default_action(signal_number);
      break;
  }
  errno = saved_errno;
}

}  // namespace

FullScreen::FullScreen(RawMode& terminal) : terminal_(terminal) {
  resized = 0;
  continued = 0;
  terminal_.set_screen_sequences(escapes::kEnterFullScreen, escapes::kLeaveFullScreen);
  screen_terminal = &terminal_;
  for (std::size_t i = 0; i < sizeof kHandled / sizeof kHandled[0]; ++i) {
    install(kHandled[i], &previous_actions[i]);
  }
}

FullScreen::~FullScreen() {
  leave();
}

void FullScreen::leave() noexcept {
  if (left_) return;
  left_ = true;
  terminal_.restore();
  for (std::size_t i = 0; i < sizeof kHandled / sizeof kHandled[0]; ++i) {
    ::sigaction(kHandled[i], &previous_actions[i], nullptr);
  }
  screen_terminal = nullptr;
  terminal_.set_screen_sequences(nullptr, nullptr);
}

bool FullScreen::needs_redraw() {
  bool redraw = false;
  if (continued != 0) {
    continued = 0;
    terminal_.reenter();
    redraw = true;
  }
  if (resized != 0) {
    resized = 0;
    redraw = true;
  }
  return redraw;
}

void FullScreen::stop() {
  // To the whole process group, as the terminal's own Ctrl-Z would: a shell's subshell or
  // pipeline kioku runs in stops with it, and the shell sees the job stopped.
  ::kill(0, SIGTSTP);
}

}  // namespace kioku::cli
