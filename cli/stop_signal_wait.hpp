// Ctrl-C (SIGINT), and SIGTERM or SIGHUP (a closed terminal, a `kill`), while kioku waits for
// kiokud. kioku otherwise leaves these signals at their default (the command dies at once, as a
// reader of standard input should); but a wait ends through an exception, so that what is on
// screen, the terminal's mode and the files a command made (the temporary file beside an
// export's target) are put right before the command exits.
#pragma once

#include <poll.h>
#include <signal.h>

#include <cstddef>
#include <iterator>

namespace kioku::cli {

// What stops kioku from outside: Ctrl-C, a `kill`, a closed terminal.
inline constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};
inline constexpr std::size_t kStopSignalCount = std::size(kStopSignals);

// For its lifetime SIGINT, SIGTERM and SIGHUP are caught rather than fatal, and blocked except
// inside wait(), so that none slips in between a check and the wait. One that arrives after the
// last wait() is delivered, as before, when the scope ends. A signal that is ignored or already
// has a handler of the caller's is left alone (the caller decides what it does: the review
// screen's Ctrl-C). One per thread at a time; the CLI is single-threaded.
class StopSignalWait {
 public:
  StopSignalWait();
  ~StopSignalWait();
  StopSignalWait(const StopSignalWait&) = delete;
  StopSignalWait& operator=(const StopSignalWait&) = delete;

  // poll(2) on `descriptors` for up to `timeout_ms` (-1: no limit) with those signals let
  // through. Returns poll's result; -1 with errno EINTR also for any other signal.
  int wait(pollfd* descriptors, nfds_t count, int timeout_ms);
  // True once one of them arrived during this scope.
  bool interrupted() const noexcept;

 private:
  bool active_ = false;
  bool caught_[kStopSignalCount] = {};  // which of kStopSignals this scope catches
  struct sigaction previous_actions_[kStopSignalCount] = {};
  sigset_t previous_mask_{};
  sigset_t waiting_mask_{};  // previous_mask_ less the signals caught
};

// For its lifetime SIGINT, SIGTERM and SIGHUP are held (blocked) outside StopSignalWait's waits,
// which let them through: a command that has made a file it must put in place or remove (an
// export's temporary file) is not killed before or after its wait, between making the file and
// settling it. A signal held is delivered, as its default action, once the scope ends.
class StopSignalsHeld {
 public:
  StopSignalsHeld();
  ~StopSignalsHeld();
  StopSignalsHeld(const StopSignalsHeld&) = delete;
  StopSignalsHeld& operator=(const StopSignalsHeld&) = delete;

 private:
  sigset_t previous_mask_{};
};

// Ends the process as the signal caught (SIGINT when none was) would have, once the caller has
// cleaned up: shells tell "stopped by Ctrl-C" from "failed" by that (a loop in a script stops),
// so kioku exits through the signal rather than with a code. Returns 128 + the signal's number
// if the signal could not end it.
int exit_as_interrupted();

}  // namespace kioku::cli
