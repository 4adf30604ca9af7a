// How a call to kiokud can fail on the connection itself, as opposed to an error reply: each
// tells the caller something different about whether the request ran, so that the review screen
// can resend an answer that never reached the daemon and report one that might have.
#pragma once

#include <sys/types.h>

#include <string>

#include "core/error.hpp"

namespace kioku::cli {

enum class CallFailure {
  // The connection was closed before the whole request was sent: kiokud never handles a
  // request line without its '\n', so it did not run. Safe to resend on a new connection.
  kNotSent,
  // The connection was closed after the request was sent, before its reply came: it may have
  // run (a daemon killed while committing) or not (killed before reading it).
  kClosedAfterSend,
  // No reply within the call's timeout (a stopped or stuck daemon). It may still run.
  kNotAnswering,
  // SIGINT (Ctrl-C), or the caller's interrupt watch, ended the wait. It may have run.
  kInterrupted,
};

// Thrown by Client::call for the failures above. Its code is kUnavailable (exit code 3), except
// that the CLI's main ends an interrupted command the way SIGINT would have (exit status 130).
class CallError : public Error {
 public:
  CallError(CallFailure failure, const std::string& message, pid_t daemon_pid)
      : Error(ErrorCode::kUnavailable, message), failure_(failure), daemon_pid_(daemon_pid) {}
  CallFailure failure() const noexcept { return failure_; }
  // The daemon's pid as the kernel reported it for the socket (SO_PEERCRED); 0 when unknown.
  pid_t daemon_pid() const noexcept { return daemon_pid_; }

 private:
  CallFailure failure_;
  pid_t daemon_pid_;
};

}  // namespace kioku::cli
