// The signal caught is the one piece of state a signal handler can safely set.
#include "cli/stop_signal_wait.hpp"

#include <cerrno>
#include <ctime>

namespace kioku::cli {

namespace {

volatile sig_atomic_t caught_signal = 0;

void note_signal(int number) {
  caught_signal = number;
}

}  // namespace

StopSignalWait::StopSignalWait() {
  sigset_t blocked;
  sigemptyset(&blocked);
  for (std::size_t index = 0; index < kStopSignalCount; ++index) {
    struct sigaction current {};
    if (::sigaction(kStopSignals[index], nullptr, &current) != 0 || current.sa_handler != SIG_DFL) {
      continue;
    }
    caught_[index] = true;
    sigaddset(&blocked, kStopSignals[index]);
  }
  if (sigisemptyset(&blocked)) return;  // each has a handler of the caller's, or is ignored
  caught_signal = 0;
  ::sigprocmask(SIG_BLOCK, &blocked, &previous_mask_);
  // The waits let them through, whatever held them before (StopSignalsHeld).
  waiting_mask_ = previous_mask_;
  for (std::size_t index = 0; index < kStopSignalCount; ++index) {
    if (caught_[index]) sigdelset(&waiting_mask_, kStopSignals[index]);
  }
  struct sigaction catching {};
  catching.sa_handler = note_signal;
  sigemptyset(&catching.sa_mask);
  for (std::size_t index = 0; index < kStopSignalCount; ++index) {
    if (caught_[index]) ::sigaction(kStopSignals[index], &catching, &previous_actions_[index]);
  }
  active_ = true;
}

StopSignalWait::~StopSignalWait() {
  if (!active_) return;
  // The default actions back first, then the mask: a signal still pending then ends the process
  // as it would have without this scope.
  for (std::size_t index = 0; index < kStopSignalCount; ++index) {
    if (caught_[index]) ::sigaction(kStopSignals[index], &previous_actions_[index], nullptr);
  }
  ::sigprocmask(SIG_SETMASK, &previous_mask_, nullptr);
}

int StopSignalWait::wait(pollfd* descriptors, nfds_t count, int timeout_ms) {
  if (!active_) return ::poll(descriptors, count, timeout_ms);
  if (caught_signal != 0) {
    errno = EINTR;
    return -1;
  }
  timespec timeout{timeout_ms / 1000, (timeout_ms % 1000) * 1'000'000L};
  // waiting_mask_ lets the signals through for exactly the time ppoll waits.
  return ::ppoll(descriptors, count, timeout_ms < 0 ? nullptr : &timeout, &waiting_mask_);
}

bool StopSignalWait::interrupted() const noexcept {
  return active_ && caught_signal != 0;
}

StopSignalsHeld::StopSignalsHeld() {
  sigset_t held;
  sigemptyset(&held);
  for (const int number : kStopSignals) sigaddset(&held, number);
  ::sigprocmask(SIG_BLOCK, &held, &previous_mask_);
}

StopSignalsHeld::~StopSignalsHeld() {
  ::sigprocmask(SIG_SETMASK, &previous_mask_, nullptr);
}

int exit_as_interrupted() {
  const int number = caught_signal != 0 ? static_cast<int>(caught_signal) : SIGINT;
  ::signal(number, SIG_DFL);
  sigset_t unblocked;
  sigemptyset(&unblocked);
  sigaddset(&unblocked, number);
  ::sigprocmask(SIG_UNBLOCK, &unblocked, nullptr);
  ::raise(number);
  return 128 + number;
}

}  // namespace kioku::cli
