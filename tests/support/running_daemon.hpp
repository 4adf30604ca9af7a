// The fixture of the end-to-end tests: a real kiokud on a real SQLite file in a temporary XDG
// home, started and waited for on its readiness signal (never a sleep), with helpers to call
// it over its socket and to run the `kioku` CLI against it, and a stop that checks how it
// exited. A test that needs a daemon writes
//   RunningDaemon daemon({"--no-bundled-decks"});
// and, to restart one on the same collection, gives each the one home:
//   TempHome home;  RunningDaemon first(home);  first.stop_cleanly();  RunningDaemon again(home);
#pragma once

#include <sys/types.h>

#include <boost/json.hpp>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/process.hpp"
#include "tests/support/temp_home.hpp"

namespace kioku::test {

class RunningDaemon {
 public:
  // Starts kiokud with `arguments` in a home of its own; the test fails here, with the
  // daemon's log, when it does not start. `environment_changes` go over the home's environment.
  explicit RunningDaemon(std::vector<std::string> arguments = {},
                         const std::map<std::string, std::string>& environment_changes = {});
  // The same in `home`, which the caller keeps (several daemons one after another on one
  // collection, or a collection prepared before the start).
  explicit RunningDaemon(const TempHome& home, std::vector<std::string> arguments = {},
                         const std::map<std::string, std::string>& environment_changes = {});
  // A daemon still running is stopped as stop_cleanly() does, checking its exit; after a failed
  // assertion (an exception on its way) it is killed instead, so as not to pile up failures.
  ~RunningDaemon();
  RunningDaemon(const RunningDaemon&) = delete;
  RunningDaemon& operator=(const RunningDaemon&) = delete;

  const TempHome& home() const noexcept { return *home_; }
  std::string socket_path() const { return home_->socket_path(); }
  pid_t pid() const noexcept { return process_.pid(); }
  std::string log() const { return process_.log(); }

  // Runs the real `kioku` against this daemon (--socket), inside the home.
  CommandResult kioku(std::vector<std::string> arguments, const std::string& input = "") const;
  // The whole JSON-RPC response to one request on a fresh connection (null when none came).
  boost::json::value rpc(std::string_view method, boost::json::object params = {}) const;
  // The result of one request on a fresh connection; fails the test on an error.
  boost::json::value call(std::string_view method, boost::json::object params = {}) const;

  // Sends `signal_number` and waits; returns the exit code (128 + the signal if killed by it).
  // Once the daemon has exited, returns that exit code again.
  int stop(int signal_number);
  // Waits for the daemon to exit by itself (`kioku daemon stop`, a shutdown request).
  int wait();
  // SIGCONT (should the test have stopped it) and SIGTERM, and checks that kiokud exited with
  // 0 and said it stopped.
  void stop_cleanly();

 private:
  std::unique_ptr<TempHome> own_home_;  // null when the caller gave the home
  const TempHome* home_;
  DaemonProcess process_;
};

}  // namespace kioku::test
