// A process whose stdin the test writes to while it runs, for scripted sessions that must be
// driven step by step (answer, then act on the daemon, then answer again). Waiting is on the
// process's output, never on time.
#pragma once

#include <sys/types.h>

#include <map>
#include <string>
#include <vector>

#include "tests/support/process.hpp"

namespace kioku::test {

class PipedProcess {
 public:
  // Starts `argv` with the environment changes (an empty value unsets), stdin a pipe.
  PipedProcess(const std::vector<std::string>& argv,
               const std::map<std::string, std::string>& environment);
  // Kills the process if it still runs.
  ~PipedProcess();
  PipedProcess(const PipedProcess&) = delete;
  PipedProcess& operator=(const PipedProcess&) = delete;

  pid_t pid() const noexcept { return pid_; }
  // Writes to its stdin; false when it no longer reads.
  bool write(const std::string& text);
  void close_input();
  // Waits until stdout holds `text` at least `occurrences` times; false when the process
  // closed its output first or `timeout_ms` passed.
  bool wait_for_output(const std::string& text, int occurrences = 1, int timeout_ms = 30'000);
  // The same on stderr.
  bool wait_for_error_output(const std::string& text, int timeout_ms = 30'000);
  // Closes stdin and waits (at most `timeout_seconds`, then kills it) for the exit.
  CommandResult finish(int timeout_seconds = 60);
  const std::string& out() const noexcept { return result_.out; }
  const std::string& err() const noexcept { return result_.err; }

 private:
  // Reads whatever output is ready within `timeout_ms`; false once both outputs are closed.
  bool read_some(int timeout_ms);
  // Reads until `output` (result_.out or result_.err) holds `text` `occurrences` times.
  bool wait_until_written(const std::string& output, const std::string& text, int occurrences,
                          int timeout_ms);

  pid_t pid_ = -1;
  int input_ = -1;
  int output_ = -1;
  int errors_ = -1;
  bool exited_ = false;
  CommandResult result_;
};

// `kioku --socket SOCKET arguments...` inside `home`, as run_kioku runs it, but left running.
std::vector<std::string> kioku_argv(const TempHome& home, std::vector<std::string> arguments);
std::map<std::string, std::string> kioku_environment(const TempHome& home);

}  // namespace kioku::test
