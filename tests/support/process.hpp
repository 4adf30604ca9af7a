// Real processes for end-to-end tests: run a command to completion, or keep a kiokud running
// and wait for its readiness signal instead of sleeping.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tests/support/temp_home.hpp"

namespace kioku::test {

struct CommandResult {
  int exit_code = -1;  // 128 + signal when killed by one
  std::string out;
  std::string err;
};

// The exit code a waitpid status stands for: the code, 128 + the signal that killed it, or -1.
int exit_code_from_status(int status);

// One line per thread of process `pid`: its id, name, state and the kernel function it waits
// in (what a test that gave up waiting for the process reports).
std::string thread_states(pid_t pid);

// Runs `argv` with the environment changes (an empty value unsets), feeding `input` to stdin.
// A command still running after `timeout_seconds` is killed and the test fails on its output.
// `started`, when given, is called with the child's pid once it runs (to signal it).
CommandResult run_command(const std::vector<std::string>& argv,
                          const std::map<std::string, std::string>& environment,
                          const std::string& input = "", int timeout_seconds = 60,
                          const std::function<void(pid_t)>& started = {});

// Paths of the built binaries.
std::string kiokud_path();
std::string kioku_path();
std::string source_path(const std::string& relative);

// Runs the real `kioku` inside `home`, with --socket pointing at the home's socket.
CommandResult run_kioku(const TempHome& home, std::vector<std::string> arguments,
                        const std::string& input = "");

// A kiokud process in a temporary home.
class DaemonProcess {
 public:
  // Starts kiokud with --ready-fd and returns once it accepts clients. When the daemon exits
  // instead, started() is false and exit_code()/log() say why. `environment_changes` go over
  // the home's environment (an empty value unsets).
  DaemonProcess(const TempHome& home, std::vector<std::string> extra_arguments = {},
                const std::map<std::string, std::string>& environment_changes = {});
  ~DaemonProcess();
  DaemonProcess(const DaemonProcess&) = delete;
  DaemonProcess& operator=(const DaemonProcess&) = delete;

  bool started() const noexcept { return started_; }
  pid_t pid() const noexcept { return pid_; }
  // Sends `signal_number` and waits for the exit; returns the exit code (128 + signal if killed).
  int stop(int signal_number);
  // Waits for the process to exit by itself; returns its exit code.
  int wait();
  // Waits at most `limit` for the process to exit; false when it still runs then.
  bool exits_within(std::chrono::seconds limit);
  int exit_code() const noexcept { return exit_code_; }
  std::string log() const;

 private:
  std::string log_path_;
  pid_t pid_ = -1;
  bool started_ = false;
  int exit_code_ = -1;
};

}  // namespace kioku::test
