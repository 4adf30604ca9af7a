// kioku daemon status|stop: whether kiokud runs, and stopping it. A kiokud that does not answer
// (stopped, stuck, or without its socket file) is still found, through the socket's peer or the
// collection's lock, and `stop` then ends it with SIGTERM.
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"
#include "protocol/paths.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

// How long kiokud may take to exit once asked (its request in flight, closing the collection).
constexpr int kExitTimeoutMs = 10'000;

// Waits (without polling in a loop) for process `pid` to exit, up to `timeout_ms`.
bool wait_for_exit(std::int64_t pid, int timeout_ms) {
  const int descriptor = static_cast<int>(::syscall(SYS_pidfd_open, static_cast<pid_t>(pid), 0));
  if (descriptor < 0) return true;  // already gone
  pollfd exited{descriptor, POLLIN, 0};
  int result = 0;
  do {
    result = ::poll(&exited, 1, timeout_ms);
  } while (result < 0 && errno == EINTR);
  ::close(descriptor);
  return result > 0;
}

// A kiokud that runs but cannot be talked to: who it is and what is wrong with it.
struct SilentDaemon {
  pid_t pid = 0;       // 0 when not even that is known
  std::string reason;  // "is not answering ...", "does not listen on ..."
};

// What is wrong when `failure` kept us from talking to kiokud; nullopt when no kiokud runs.
// Rethrows what is not about reaching the daemon, and an interruption.
std::optional<SilentDaemon> diagnose(const Error& failure, const std::string& socket_path) {
  if (const auto* call = dynamic_cast<const CallError*>(&failure)) {
    if (call->failure() == CallFailure::kInterrupted) throw;
    return SilentDaemon{call->daemon_pid(), "is not answering on " + socket_path};
  }
  if (failure.code() != ErrorCode::kUnavailable) throw;
  if (const std::optional<pid_t> holder = daemon_holding_collection()) {
    return SilentDaemon{*holder,
                        "does not listen on " + socket_path +
                            " (was its socket file removed?), though it holds the collection "
                            "in " +
                            protocol::data_directory()};
  }
  return std::nullopt;
}

// The name the kernel gives process `pid` (/proc/PID/comm); empty when it is gone.
std::string process_name(pid_t pid) {
  std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  std::getline(comm, name);
  return name;
}

std::string name_of(pid_t pid) {
  return pid > 0 ? "kiokud (pid " + std::to_string(pid) + ")" : std::string("kiokud");
}

// A kiokud that answered: its version, pid, socket and collection.
void print_status(const protocol::HelloResult& daemon, const std::string& socket,
                  std::ostream& out) {
  out << "kiokud " << safe_line(daemon.version) << " is running (pid " << daemon.pid << ")\n"
      << "  socket:     " << safe_line(socket) << '\n'
      << "  collection: " << safe_line(daemon.collection) << '\n';
}

int show_status(CliContext& context) {
  context.connect.autostart = false;
  const std::string socket = resolve_socket_path(context.connect);
  json::value hello;
  try {
    hello = context.daemon().call(protocol::kHello.name);
  } catch (const Error& error) {
    const std::optional<SilentDaemon> silent = diagnose(error, socket);
    if (context.json) {
      json::object result{{"running", silent.has_value()}, {"socket", socket}};
      if (silent) {
        result["answering"] = false;
        result["pid"] = silent->pid;
        result["problem"] = silent->reason;
      }
      print_json(result);
    } else if (silent) {
      std::cout << name_of(silent->pid) << " is running but " << silent->reason
                << "; `kioku daemon stop` ends it\n";
    } else {
      std::cout << "kiokud is not running (" << socket << ")\n";
    }
    return kExitUnavailable;
  }
  const auto daemon = protocol::decode_result<protocol::HelloResult>(protocol::kHello.name, hello);
  if (context.json) {
    json::object result = hello.as_object();
    result["running"] = true;
    result["answering"] = true;
    result["socket"] = socket;
    print_json(result);
    return kExitOk;
  }
  print_status(daemon, socket, std::cout);
  return kExitOk;
}

// Asks kiokud to stop over the socket. Returns its pid once it has closed the connection; throws
// what kept it from being asked.
pid_t ask_to_stop(CliContext& context) {
  Client& daemon = context.daemon();
  const auto pid = static_cast<pid_t>(protocol::decode_result<protocol::HelloResult>(
                                          protocol::kHello.name, daemon.call(protocol::kHello.name))
                                          .pid);
  daemon.call(protocol::kShutdown.name);
  if (!daemon.wait_until_closed(daemon.timeouts().ordinary)) {
    throw CallError(CallFailure::kNotAnswering,
                    "kiokud (pid " + std::to_string(pid) +
                        ") answered system.shutdown but did not close the connection",
                    pid);
  }
  return pid;
}

int stop_daemon(CliContext& context) {
  context.connect.autostart = false;
  const std::string socket = resolve_socket_path(context.connect);
  pid_t pid = 0;
  bool signalled = false;
  try {
    pid = ask_to_stop(context);
  } catch (const Error& error) {
    const std::optional<SilentDaemon> silent = diagnose(error, socket);
    if (!silent) {
      std::cout << "kiokud is not running\n";
      return kExitOk;
    }
    if (silent->pid <= 0) {
      std::cerr << "kioku: kiokud " << silent->reason << ", and its pid is unknown\n";
      return kExitUnavailable;
    }
    pid = silent->pid;
    // Whatever listens on the socket has our uid, but it is only signalled if it is a kiokud.
    if (const std::string name = process_name(pid); name != "kiokud") {
      std::cerr << "kioku: the process (pid " << pid << ") that " << silent->reason << " is "
                << (name.empty() ? std::string("gone") : "'" + name + "', not kiokud")
                << "; not signalling it\n";
      return kExitFailure;
    }
    context.disconnect();
    // SIGCONT after SIGTERM (as systemd does): a stopped kiokud acts on the SIGTERM at once.
    if (::kill(pid, SIGTERM) != 0) {
      std::cerr << "kioku: " << name_of(pid) << ' ' << silent->reason
                << ", and SIGTERM failed: " << std::strerror(errno) << '\n';
      return kExitFailure;
    }
    ::kill(pid, SIGCONT);
    signalled = true;
    std::cerr << "kioku: " << name_of(pid) << ' ' << silent->reason << "; sent it SIGTERM\n";
  }
  if (!wait_for_exit(pid, kExitTimeoutMs)) {
    std::cerr << "kioku: " << name_of(pid) << " has not exited after " << kExitTimeoutMs / 1000
              << " s" << (signalled ? "; `kill -KILL " + std::to_string(pid) + "` ends it" : "")
              << '\n';
    return kExitFailure;
  }
  if (context.json) {
    json::object result{{"stopped", true}, {"pid", pid}};
    if (signalled) result["signal"] = "SIGTERM";
    print_json(result);
  } else {
    std::cout << "kiokud stopped (pid " << pid << ")\n";
  }
  return kExitOk;
}

}  // namespace

CommandGroup daemon_commands() {
  const auto status = [](CliContext& context, const NoArgs&) { return show_status(context); };
  const auto stop = [](CliContext& context, const NoArgs&) { return stop_daemon(context); };
  return {noun("daemon", "Show whether kiokud runs, or stop it",
               {Command<>("status", "Show the daemon's version, pid and collection").runs(status),
                Command<>("stop", "Stop the daemon after its current request").runs(stop)})};
}

}  // namespace kioku::cli
