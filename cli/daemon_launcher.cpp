// Daemon autostart: spawn lock, detached child, readiness pipe.
#include "cli/daemon_launcher.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <vector>

#include "cli/connection_messages.hpp"
#include "cli/messages.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "protocol/daemon_lock.hpp"
#include "protocol/paths.hpp"

namespace kioku::cli {

namespace {

// How long a starting daemon may take to open its collection and listen.
constexpr int kStartTimeoutMs = 30'000;

bool nobody_listens(int error_number) {
  return error_number == ENOENT || error_number == ECONNREFUSED;
}

std::string last_line_of(const std::string& path) {
  std::ifstream log(path);
  std::string line;
  std::string last;
  while (std::getline(log, line)) {
    if (!line.empty()) last = line;
  }
  return last;
}

// Holds an exclusive flock for the scope.
class SpawnLock {
 public:
  explicit SpawnLock(const std::string& path) {
    descriptor_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (descriptor_ >= 0) {
      while (::flock(descriptor_, LOCK_EX) != 0 && errno == EINTR) {
      }
    }
  }
  ~SpawnLock() {
    if (descriptor_ >= 0) ::close(descriptor_);
  }
  SpawnLock(const SpawnLock&) = delete;
  SpawnLock& operator=(const SpawnLock&) = delete;

 private:
  int descriptor_ = -1;
};

// Starts kiokud detached from this terminal and waits for "ready" on a pipe. Throws when it
// exits instead.
void start_daemon(const std::string& socket_path, bool explicit_socket,
                  const ConnectionMessages& words, const std::string& language) {
  const std::string executable = daemon_executable();
  const std::string log_directory = protocol::state_directory();
  protocol::make_directories(log_directory);
  const std::string log_path = log_directory + "/kiokud.log";

  int ready[2];
  if (::pipe2(ready, O_CLOEXEC) != 0) {
    const int error = errno;
    throw Error(
        ErrorCode::kUnavailable,
        fill_in(words.cannot_create_pipe, {{"error", system_error_reason_in(error, language)}}));
  }
  std::vector<std::string> arguments = {executable, "--ready-fd", "3"};
  if (explicit_socket) {
    arguments.push_back("--socket");
    arguments.push_back(socket_path);
  }
  const pid_t child = ::fork();
  if (child < 0) {
    const int error = errno;
    throw Error(ErrorCode::kUnavailable,
                fill_in(words.cannot_fork, {{"error", system_error_reason_in(error, language)}}));
  }
  if (child == 0) {
    // First child: a new session so the daemon outlives the terminal; a second fork so it is
    // not a session leader and is reparented away from us.
    ::setsid();
    if (::fork() != 0) ::_exit(0);
    const int null_input = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const int log = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (null_input >= 0) ::dup2(null_input, STDIN_FILENO);
    if (log >= 0) {
      ::dup2(log, STDOUT_FILENO);
      ::dup2(log, STDERR_FILENO);
    }
    ::dup2(ready[1], 3);  // dup2 clears close-on-exec on the copy
    // A kioku run inside a Type=notify service (NotifyAccess=all) would otherwise hand kiokud
    // that service's notification socket, and kiokud would tell its manager it is ready and
    // stopping. kioku has no other thread, so changing the environment after fork is safe.
    ::unsetenv("NOTIFY_SOCKET");
    std::vector<char*> argv;
    for (std::string& argument : arguments) argv.push_back(argument.data());
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    const int error = errno;
    const std::string message =
        fill_in(words.cannot_run,
                {{"program", executable}, {"error", system_error_reason_in(error, language)}}) +
        "\n";
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message.data(), message.size());
    ::_exit(127);
  }
  ::close(ready[1]);
  int status = 0;
  ::waitpid(child, &status, 0);

  pollfd wait_for{ready[0], POLLIN, 0};
  int polled = 0;
  do {
    polled = ::poll(&wait_for, 1, kStartTimeoutMs);
  } while (polled < 0 && errno == EINTR);
  char reply[16] = {};
  const ssize_t received = polled > 0 ? ::read(ready[0], reply, sizeof reply - 1) : -1;
  ::close(ready[0]);
  if (received > 0 && std::strncmp(reply, "ready", 5) == 0) return;
  const std::string reason = last_line_of(log_path);
  if (polled == 0) {
    throw Error(ErrorCode::kUnavailable,
                fill_in(words.not_ready,
                        {{"seconds", std::to_string(kStartTimeoutMs / 1000)}, {"log", log_path}}));
  }
  throw Error(ErrorCode::kUnavailable, reason.empty()
                                           ? fill_in(words.failed_to_start, {{"log", log_path}})
                                           : fill_in(words.failed_to_start_because,
                                                     {{"reason", reason}, {"log", log_path}}));
}

}  // namespace

std::optional<pid_t> daemon_holding_collection() {
  return protocol::lock_holder(protocol::lock_file_path(protocol::data_directory()));
}

std::string daemon_executable() {
  if (const char* configured = std::getenv("KIOKU_DAEMON"); configured && *configured) {
    return configured;
  }
  char self[4096];
  const ssize_t length = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (length > 0) {
    const std::string sibling =
        protocol::parent_directory(std::string(self, static_cast<std::size_t>(length))) + "/kiokud";
    if (::access(sibling.c_str(), X_OK) == 0) return sibling;
  }
  return "kiokud";
}

std::string resolve_socket_path(const ConnectOptions& options) {
  return options.socket_path.empty() ? protocol::default_socket_path() : options.socket_path;
}

// A client of the socket that speaks `options`' language.
std::unique_ptr<Client> client_for(const std::string& socket_path, int descriptor,
                                   const ConnectOptions& options) {
  auto client = std::make_unique<Client>(socket_path, descriptor);
  client->set_language(options.language);
  return client;
}

std::unique_ptr<Client> connect_to_daemon(const ConnectOptions& options) {
  const ConnectionMessages& words = connection_messages_for(options.language);
  const std::string socket_path = resolve_socket_path(options);
  const bool explicit_socket = !options.socket_path.empty();
  // Before trusting what answers on the default socket, make sure nobody else could have put
  // it there.
  protocol::check_socket_path_length(socket_path);
  if (!explicit_socket) protocol::ensure_private_directory(protocol::runtime_directory());
  const int first = try_connect(socket_path);
  if (first >= 0) return client_for(socket_path, first, options);
  const int error_number = errno;
  if (error_number == EPERM) {
    throw Error(ErrorCode::kPermission, fill_in(words.other_user, {{"socket", socket_path}}));
  }
  if (!options.autostart || !nobody_listens(error_number)) {
    throw Error(ErrorCode::kUnavailable,
                fill_in(options.autostart ? words.not_running_at : words.not_running_no_autostart,
                        {{"socket", socket_path},
                         {"error", system_error_reason_in(error_number, options.language)}}));
  }
  {
    SpawnLock lock(socket_path + ".spawn-lock");
    // Another client may have started it while we waited for the lock.
    const int again = try_connect(socket_path);
    if (again >= 0) return client_for(socket_path, again, options);
    if (const std::optional<pid_t> holder = daemon_holding_collection()) {
      throw Error(ErrorCode::kUnavailable,
                  fill_in(words.holds_without_socket, {{"pid", std::to_string(*holder)},
                                                       {"directory", protocol::data_directory()},
                                                       {"socket", socket_path}}));
    }
    start_daemon(socket_path, explicit_socket, words, options.language);
  }
  const int started = try_connect(socket_path);
  if (started < 0) {
    const int error = errno;
    throw Error(ErrorCode::kUnavailable,
                fill_in(words.cannot_connect,
                        {{"socket", socket_path},
                         {"error", system_error_reason_in(error, options.language)}}));
  }
  return client_for(socket_path, started, options);
}

}  // namespace kioku::cli
