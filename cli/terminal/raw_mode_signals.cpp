// The handlers do only what is async-signal-safe (write and tcsetattr through RawMode,
// sigaction, sigprocmask, raise) and tell the main flow through a flag.
#include "cli/terminal/raw_mode_signals.hpp"

#include <atomic>
#include <cerrno>

#include "cli/terminal/terminal.hpp"

namespace kioku::cli {

namespace {

std::atomic<const RawMode*> held_terminal{nullptr};
volatile std::sig_atomic_t continued = 0;

constexpr int kStopAndGo[] = {SIGTSTP, SIGCONT};

extern "C" void on_raw_mode_signal(int signal_number);

void install(int signal_number, struct sigaction* previous = nullptr) {
  struct sigaction action {};
  action.sa_handler = on_raw_mode_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: the wait for a key ends, and the terminal is taken again
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

extern "C" void on_raw_mode_signal(int signal_number) {
  const int saved_errno = errno;
  const RawMode* terminal = held_terminal.load();
  switch (signal_number) {
    case SIGCONT:
      continued = 1;
      break;
    case SIGTSTP:
      if (terminal != nullptr) terminal->suspend();
      take_default_action(SIGTSTP);  // stopped here until `fg`
      install(SIGTSTP);
      continued = 1;
      break;
    default:  // kTerminalFatalSignals
      if (terminal != nullptr) terminal->restore();
      take_default_action(signal_number);
      break;
  }
  errno = saved_errno;
}

}  // namespace

RawModeSignals::RawModeSignals(const RawMode& terminal) {
  continued = 0;
  held_terminal = &terminal;
  for (std::size_t slot = 0; slot < kCount; ++slot) {
    const int number = signal_at(slot);
    // One ignored by whoever started kioku (nohup's SIGHUP) stays ignored: nothing to put back.
    if (::sigaction(number, nullptr, &previous_[slot]) != 0 ||
        previous_[slot].sa_handler == SIG_IGN) {
      continue;
    }
    caught_[slot] = true;
    install(number);
  }
}

RawModeSignals::~RawModeSignals() {
  for (std::size_t slot = 0; slot < kCount; ++slot) {
    if (caught_[slot]) ::sigaction(signal_at(slot), &previous_[slot], nullptr);
  }
  held_terminal = nullptr;
}

int RawModeSignals::signal_at(std::size_t slot) noexcept {
  constexpr std::size_t fatal = std::size(kTerminalFatalSignals);
  return slot < fatal ? kTerminalFatalSignals[slot] : kStopAndGo[slot - fatal];
}

bool RawModeSignals::take_continued() noexcept {
  if (continued == 0) return false;
  continued = 0;
  return true;
}

}  // namespace kioku::cli
