// The flag is the one piece of state a signal handler can safely set.
#include "cli/sigint_wait.hpp"

#include <cerrno>
#include <ctime>

namespace kioku::cli {

namespace {

volatile sig_atomic_t sigint_caught = 0;

void note_sigint(int) {
  sigint_caught = 1;
}

}  // namespace

SigintWait::SigintWait() {
  struct sigaction current {};
  if (::sigaction(SIGINT, nullptr, &current) != 0 || current.sa_handler != SIG_DFL) return;
  sigint_caught = 0;
  sigset_t blocked;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGINT);
  ::sigprocmask(SIG_BLOCK, &blocked, &previous_mask_);
  struct sigaction catching {};
  catching.sa_handler = note_sigint;
  sigemptyset(&catching.sa_mask);
  ::sigaction(SIGINT, &catching, &previous_action_);
  active_ = true;
}

SigintWait::~SigintWait() {
  if (!active_) return;
  // The default action back first, then the mask: a SIGINT still pending then ends the process
  // as it would have without this scope.
  ::sigaction(SIGINT, &previous_action_, nullptr);
  ::sigprocmask(SIG_SETMASK, &previous_mask_, nullptr);
}

int SigintWait::wait(pollfd* descriptors, nfds_t count, int timeout_ms) {
  if (!active_) return ::poll(descriptors, count, timeout_ms);
  if (sigint_caught) {
    errno = EINTR;
    return -1;
  }
  timespec timeout{timeout_ms / 1000, (timeout_ms % 1000) * 1'000'000L};
  // previous_mask_ lets SIGINT through for exactly the time ppoll waits.
  return ::ppoll(descriptors, count, timeout_ms < 0 ? nullptr : &timeout, &previous_mask_);
}

bool SigintWait::interrupted() const noexcept {
  return active_ && sigint_caught != 0;
}

int exit_as_interrupted() {
  ::signal(SIGINT, SIG_DFL);
  sigset_t sigint;
  sigemptyset(&sigint);
  sigaddset(&sigint, SIGINT);
  ::sigprocmask(SIG_UNBLOCK, &sigint, nullptr);
  ::raise(SIGINT);
  return 130;
}

}  // namespace kioku::cli
