// posix_spawn rather than fork: kiokud's heap may be large (a big collection's caches) and
// spawn does not copy its page tables. The child's exit is heard through a pidfd on the
// server's loop instead of SIGCHLD, which would be process-wide and race with anything else
// that waits for children.
#include "daemon/server/reminder_command.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "core/system_error_reason.hpp"
#include "daemon/log_priority.hpp"

extern char** environ;

namespace kioku::daemon {

namespace {

// The pidfd of `pid`, or -1 (a kernel before 5.3): then the child is reaped at the next start.
int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  errno = ENOSYS;
  return -1;
#endif
}

std::string exit_problem(const std::string& program, int status) {
  if (WIFEXITED(status)) {
    if (WEXITSTATUS(status) == 0) return {};
    return program + " exited with " + std::to_string(WEXITSTATUS(status));
  }
  if (WIFSIGNALED(status)) {
    return program + " was killed by signal " + std::to_string(WTERMSIG(status));
  }
  return program + " ended with status " + std::to_string(status);
}

}  // namespace

std::optional<std::string> find_program(const std::string& program, const std::string& path) {
  if (program.find('/') != std::string::npos) {
    return ::access(program.c_str(), X_OK) == 0 ? std::optional(program) : std::nullopt;
  }
  std::size_t at = 0;
  while (at <= path.size()) {
    std::size_t end = path.find(':', at);
    if (end == std::string::npos) end = path.size();
    const std::string directory = end > at ? path.substr(at, end - at) : ".";
    const std::string candidate = directory + "/" + program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    at = end + 1;
  }
  return std::nullopt;
}

bool ReminderCommand::running() {
  return !reap();
}

bool ReminderCommand::reap() {
  if (child_ < 0) return true;
  int status = 0;
  const pid_t done = ::waitpid(child_, &status, WNOHANG);
  if (done == 0) return false;
  if (done < 0) {
    // Someone else reaped it (or it is not ours): nothing more to learn.
    last_problem_.reset();
  } else if (std::string problem = exit_problem(program_, status); !problem.empty()) {
    std::cerr << log_warning << "kiokud: reminder: " << problem << '\n';
    last_problem_ = std::move(problem);
  } else {
    last_problem_.reset();
  }
  child_ = -1;
  return true;
}

std::optional<std::string> ReminderCommand::start(const ReminderCall& call) {
  if (running()) {
    std::string problem = program_ + " (pid " + std::to_string(child_) +
                          ") from the last reminder is still running; this one is skipped";
    std::cerr << log_warning << "kiokud: reminder: " << problem << '\n';
    return problem;
  }
  program_ = call.command.front();
  std::vector<std::string> words = call.command;
  words.emplace_back("kioku");
  words.push_back(call.text);
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);

  std::vector<std::string> added{"KIOKU_DUE=" + std::to_string(call.due),
                                 "KIOKU_REMINDER_EN=" + call.english,
                                 "KIOKU_REMINDER_JA=" + call.japanese};
  std::vector<char*> environment;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (std::strncmp(*entry, "KIOKU_DUE=", 10) == 0 ||
        std::strncmp(*entry, "KIOKU_REMINDER_", 15) == 0) {
      continue;  // ours win over any inherited
    }
    environment.push_back(*entry);
  }
  for (std::string& entry : added) environment.push_back(entry.data());
  environment.push_back(nullptr);

  // The child starts with default signal handling and nothing blocked, reads nothing (stdin is
  // /dev/null), and writes to kiokud's stderr (the journal under systemd).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigset_t all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &all);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  pid_t pid = -1;
  const int error =
      ::posix_spawnp(&pid, argv.front(), &actions, &attributes, argv.data(), environment.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (error != 0) {
    // English, as the reminders' status gives every problem (protocol/reminder_types.hpp).
    std::string problem = "cannot run " + program_ + ": " + system_error_reason(error).english;
    std::cerr << log_error << "kiokud: reminder: " << problem << '\n';
    last_problem_ = problem;
    return problem;
  }
  child_ = pid;
  last_problem_.reset();
  const int descriptor = open_pidfd(pid);
  if (descriptor >= 0) {
    watch_exit_(descriptor, [this, pid] {
      if (child_ == pid) reap();
    });
  }
  return std::nullopt;
}

}  // namespace kioku::daemon
