// fork/exec with pipes, poll for output, and waitpid; no fixed sleeps anywhere.
#include "tests/support/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace kioku::test {

namespace {

// argv and envp for execve, built in the parent. The test process has other threads (the
// crash test's reviewers), so between fork and exec the child may only make async-signal-safe
// calls: no malloc, no setenv, no std::string. A lock another thread held at the fork (the
// allocator's, the environment's) stays locked in the child forever; under ASan that hung the
// 50-restart test in CI at d00f452 (a child that never reached exec, waited for without end).
class ExecImage {
 public:
  ExecImage(const std::vector<std::string>& argv,
            const std::map<std::string, std::string>& environment)
      : arguments_(argv) {
    for (char** entry = environ; *entry != nullptr; ++entry) {
      const std::string variable(*entry);
      if (!environment.contains(variable.substr(0, variable.find('=')))) {
        variables_.push_back(variable);
      }
    }
    for (const auto& [name, value] : environment) {
      if (!value.empty()) variables_.push_back(name + "=" + value);  // an empty value unsets
    }
    for (std::string& argument : arguments_) argv_.push_back(argument.data());
    argv_.push_back(nullptr);
    for (std::string& variable : variables_) envp_.push_back(variable.data());
    envp_.push_back(nullptr);
  }

  // In the child: only async-signal-safe calls (sigaction, sigprocmask, execve, write, _exit).
  [[noreturn]] void exec_or_die() const {
    // Tests signal their children (Ctrl-C as SIGINT) and expect the default dispositions, but a
    // test run started in the background of a shell has SIGINT ignored, which exec keeps.
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    ::sigaction(SIGINT, &default_action, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execve(argv_[0], argv_.data(), envp_.data());
    const char message[] = "exec failed: ";
    [[maybe_unused]] auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
    written = ::write(STDERR_FILENO, argv_[0], std::strlen(argv_[0]));
    written = ::write(STDERR_FILENO, "\n", 1);
    ::_exit(127);
  }

 private:
  std::vector<std::string> arguments_;
  std::vector<std::string> variables_;
  std::vector<char*> argv_;
  std::vector<char*> envp_;
};

}  // namespace

int exit_code_from_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

std::string kiokud_path() {
  return std::string(KIOKU_BIN_DIR) + "/kiokud";
}
std::string kioku_path() {
  return std::string(KIOKU_BIN_DIR) + "/kioku";
}
std::string source_path(const std::string& relative) {
  return std::string(KIOKU_SOURCE_DIR) + "/" + relative;
}

CommandResult run_command(const std::vector<std::string>& argv,
                          const std::map<std::string, std::string>& environment,
                          const std::string& input, int timeout_seconds,
                          const std::function<void(pid_t)>& started) {
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) || ::pipe2(out, O_CLOEXEC) || ::pipe2(err, O_CLOEXEC)) {
    throw std::runtime_error("pipe failed");
  }
  const ExecImage image(argv, environment);
  const pid_t child = ::fork();
  if (child < 0) throw std::runtime_error("fork failed");
  if (child == 0) {
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(err[1], STDERR_FILENO);
    image.exec_or_die();
  }
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  ::signal(SIGPIPE, SIG_IGN);
  if (started) started(child);

  CommandResult result;
  std::size_t written = 0;
  int input_fd = in[1];
  if (input.empty()) {
    ::close(input_fd);
    input_fd = -1;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    pollfd fds[3];
    int count = 0;
    if (out_open) fds[count++] = {out[0], POLLIN, 0};
    if (err_open) fds[count++] = {err[0], POLLIN, 0};
    if (input_fd >= 0) fds[count++] = {input_fd, POLLOUT, 0};
    const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (remaining.count() <= 0) {
      ::kill(child, SIGKILL);
      result.err += "\n[test: killed after " + std::to_string(timeout_seconds) + " s]";
      break;
    }
    if (::poll(fds, static_cast<nfds_t>(count), static_cast<int>(remaining.count())) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < count; ++i) {
      if (fds[i].revents == 0) continue;
      if (fds[i].fd == input_fd) {
        const ssize_t sent = ::write(input_fd, input.data() + written, input.size() - written);
        if (sent > 0) written += static_cast<std::size_t>(sent);
        if (sent < 0 || written == input.size()) {
          ::close(input_fd);
          input_fd = -1;
        }
        continue;
      }
      char buffer[65536];
      const ssize_t received = ::read(fds[i].fd, buffer, sizeof buffer);
      if (received <= 0) {
        (fds[i].fd == out[0] ? out_open : err_open) = false;
        continue;
      }
      (fds[i].fd == out[0] ? result.out : result.err)
          .append(buffer, static_cast<std::size_t>(received));
    }
  }
  if (input_fd >= 0) ::close(input_fd);
  ::close(out[0]);
  ::close(err[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  result.exit_code = exit_code_from_status(status);
  return result;
}

CommandResult run_kioku(const TempHome& home, std::vector<std::string> arguments,
                        const std::string& input) {
  arguments.insert(arguments.begin(), {kioku_path(), "--socket", home.socket_path()});
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  return run_command(arguments, environment, input);
}

DaemonProcess::DaemonProcess(const TempHome& home, std::vector<std::string> extra_arguments,
                             const std::map<std::string, std::string>& environment_changes)
    : log_path_(home.root() + "/kiokud-" + std::to_string(::getpid()) + "-" +
                std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) +
                ".log") {
  int ready[2];
  if (::pipe2(ready, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> argv = {kiokud_path(), "--socket", home.socket_path(), "--ready-fd",
                                   "3"};
  argv.insert(argv.end(), extra_arguments.begin(), extra_arguments.end());
  ::mkdir((home.runtime_dir() + "/kioku").c_str(), 0700);
  auto environment = home.environment();
  for (const auto& [name, value] : environment_changes) environment[name] = value;
  const ExecImage image(argv, environment);
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    const int log = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    ::dup2(log, STDERR_FILENO);
    ::dup2(ready[1], 3);
    image.exec_or_die();
  }
  ::close(ready[1]);
  char reply[16] = {};
  pollfd wait_for{ready[0], POLLIN, 0};
  // The only wait: for "ready" or for the pipe to close because the daemon exited.
  const bool answered = ::poll(&wait_for, 1, 60'000) > 0;
  if (answered) {
    started_ =
        ::read(ready[0], reply, sizeof reply - 1) > 0 && std::strncmp(reply, "ready", 5) == 0;
  }
  ::close(ready[0]);
  // Neither ready nor gone within the minute: it is stuck, so end it rather than wait forever.
  if (!answered) ::kill(pid_, SIGKILL);
  if (!started_) wait();
}

DaemonProcess::~DaemonProcess() {
  if (exit_code_ < 0 && pid_ > 0) stop(SIGKILL);
}

int DaemonProcess::stop(int signal_number) {
  if (exit_code_ >= 0) return exit_code_;
  ::kill(pid_, signal_number);
  return wait();
}

int DaemonProcess::wait() {
  if (exit_code_ >= 0) return exit_code_;
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  exit_code_ = exit_code_from_status(status);
  return exit_code_;
}

bool DaemonProcess::exits_within(std::chrono::seconds limit) {
  if (exit_code_ >= 0) return true;
  // A pidfd reads as ready once the process has exited: a wait with a deadline, no polling.
  const int descriptor = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
  if (descriptor < 0) {
    wait();  // gone already, or no pidfd: the plain wait
    return true;
  }
  pollfd exited{descriptor, POLLIN, 0};
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int ready = 0;
  do {
    const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    ready = ::poll(&exited, 1, static_cast<int>(std::max<std::int64_t>(remaining.count(), 0)));
  } while (ready < 0 && errno == EINTR);
  ::close(descriptor);
  if (ready <= 0) return false;
  wait();
  return true;
}

std::string thread_states(pid_t pid) {
  const auto first_line = [](const std::filesystem::path& file) {
    std::ifstream stream(file);
    std::string line;
    std::getline(stream, line);
    return line;
  };
  std::string states;
  std::error_code error;
  const std::filesystem::path tasks = "/proc/" + std::to_string(pid) + "/task";
  for (const auto& task : std::filesystem::directory_iterator(tasks, error)) {
    const std::string stat = first_line(task.path() / "stat");
    const std::size_t name_end = stat.rfind(')');
    const std::string state = name_end == std::string::npos ? "?" : stat.substr(name_end + 2, 1);
    states += task.path().filename().string() + " " + first_line(task.path() / "comm") + " " +
              state + " " + first_line(task.path() / "wchan") + "\n";
  }
  return states;
}

std::string DaemonProcess::log() const {
  try {
    return read_file(log_path_);
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace kioku::test
