// Ctrl-C while kioku waits for kiokud. kioku otherwise leaves SIGINT at its default (the command
// dies at once, as a reader of standard input should); but a wait ends through an exception, so
// that what is on screen and in the terminal's mode is put right before the command exits.
#pragma once

#include <poll.h>
#include <signal.h>

namespace kioku::cli {

// For its lifetime SIGINT is caught rather than fatal, and blocked except inside wait(), so that
// none slips in between a check and the wait. A SIGINT that arrives after the last wait() is
// delivered, as before, when the scope ends. Does nothing when SIGINT is ignored or already has a
// handler of the caller's (then the caller decides what Ctrl-C does). One per thread at a time;
// the CLI is single-threaded.
class SigintWait {
 public:
  SigintWait();
  ~SigintWait();
  SigintWait(const SigintWait&) = delete;
  SigintWait& operator=(const SigintWait&) = delete;

  // poll(2) on `descriptors` for up to `timeout_ms` (-1: no limit) with SIGINT let through.
  // Returns poll's result; -1 with errno EINTR also for any other signal.
  int wait(pollfd* descriptors, nfds_t count, int timeout_ms);
  // True once a SIGINT arrived during this scope.
  bool interrupted() const noexcept;

 private:
  bool active_ = false;
  struct sigaction previous_action_ {};
  sigset_t previous_mask_{};
};

// Ends the process as SIGINT would have, once the caller has cleaned up: shells tell "stopped by
// Ctrl-C" from "failed" by that (a loop in a script stops), so kioku exits through the signal
// rather than with a code. Returns 130 (128 + SIGINT) if the signal could not end it.
int exit_as_interrupted();

}  // namespace kioku::cli
