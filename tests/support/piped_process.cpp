// fork/exec with three pipes; output read as it comes with poll.
#include "tests/support/piped_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <stdexcept>

namespace kioku::test {

namespace {

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

}  // namespace

PipedProcess::PipedProcess(const std::vector<std::string>& argv,
                           const std::map<std::string, std::string>& environment) {
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) || ::pipe2(out, O_CLOEXEC) || ::pipe2(err, O_CLOEXEC)) {
    throw std::runtime_error("pipe failed");
  }
  // Built before the fork: the child may only exec (see process.cpp's ExecImage).
  std::vector<std::string> variables;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string variable(*entry);
    if (!environment.contains(variable.substr(0, variable.find('=')))) {
      variables.push_back(variable);
    }
  }
  for (const auto& [name, value] : environment) {
    if (!value.empty()) variables.push_back(name + "=" + value);
  }
  std::vector<std::string> arguments = argv;
  std::vector<char*> argv_pointers;
  for (std::string& argument : arguments) argv_pointers.push_back(argument.data());
  argv_pointers.push_back(nullptr);
  std::vector<char*> envp;
  for (std::string& variable : variables) envp.push_back(variable.data());
  envp.push_back(nullptr);

  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(err[1], STDERR_FILENO);
    ::execve(argv_pointers[0], argv_pointers.data(), envp.data());
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  ::signal(SIGPIPE, SIG_IGN);
  input_ = in[1];
  output_ = out[0];
  errors_ = err[0];
}

PipedProcess::~PipedProcess() {
  if (!exited_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  for (int descriptor : {input_, output_, errors_}) {
    if (descriptor >= 0) ::close(descriptor);
  }
}

bool PipedProcess::write(const std::string& text) {
  std::size_t written = 0;
  while (input_ >= 0 && written < text.size()) {
    const ssize_t sent = ::write(input_, text.data() + written, text.size() - written);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) return false;
    written += static_cast<std::size_t>(sent);
  }
  return input_ >= 0;
}

void PipedProcess::close_input() {
  if (input_ >= 0) ::close(input_);
  input_ = -1;
}

bool PipedProcess::read_some(int timeout_ms) {
  pollfd fds[2];
  int count = 0;
  if (output_ >= 0) fds[count++] = {output_, POLLIN, 0};
  if (errors_ >= 0) fds[count++] = {errors_, POLLIN, 0};
  if (count == 0) return false;
  const int ready = ::poll(fds, static_cast<nfds_t>(count), timeout_ms);
  if (ready < 0 && errno == EINTR) return true;
  if (ready <= 0) return true;
  for (int i = 0; i < count; ++i) {
    if (fds[i].revents == 0) continue;
    char buffer[65536];
    const ssize_t received = ::read(fds[i].fd, buffer, sizeof buffer);
    int& descriptor = fds[i].fd == output_ ? output_ : errors_;
    if (received <= 0) {
      ::close(descriptor);
      descriptor = -1;
      continue;
    }
    (fds[i].fd == output_ ? result_.out : result_.err)
        .append(buffer, static_cast<std::size_t>(received));
  }
  return output_ >= 0 || errors_ >= 0;
}

bool PipedProcess::wait_for_output(const std::string& text, int occurrences, int timeout_ms) {
  return wait_until_written(result_.out, text, occurrences, timeout_ms);
}

bool PipedProcess::wait_for_error_output(const std::string& text, int timeout_ms) {
  return wait_until_written(result_.err, text, 1, timeout_ms);
}

bool PipedProcess::wait_until_written(const std::string& output, const std::string& text,
                                      int occurrences, int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (count_of(output, text) < static_cast<std::size_t>(occurrences)) {
    const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(
                               deadline - std::chrono::steady_clock::now())
                               .count();
    if (remaining <= 0 || !read_some(static_cast<int>(remaining))) return false;
  }
  return true;
}

CommandResult PipedProcess::finish(int timeout_seconds) {
  close_input();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
  for (;;) {
    const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(
                               deadline - std::chrono::steady_clock::now())
                               .count();
    if (remaining <= 0) {
      ::kill(pid_, SIGKILL);
      result_.err += "\n[test: killed after " + std::to_string(timeout_seconds) + " s]";
      break;
    }
    if (!read_some(static_cast<int>(remaining))) break;
  }
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  exited_ = true;
  result_.exit_code = exit_code_from_status(status);
  return result_;
}

std::vector<std::string> kioku_argv(const TempHome& home, std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), {kioku_path(), "--socket", home.socket_path()});
  return arguments;
}

std::map<std::string, std::string> kioku_environment(const TempHome& home) {
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  return environment;
}

}  // namespace kioku::test
