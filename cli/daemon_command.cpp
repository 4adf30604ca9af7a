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
#include "cli/daemon_messages.hpp"
#include "cli/exit_codes.hpp"
#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
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
  pid_t pid = 0;          // 0 when not even that is known
  bool listening = true;  // false: it holds the collection but does not listen on the socket
  std::string socket;

  // "is not answering on ...", "does not listen on ..." in words' language (--json's "problem"
  // is always the English).
  std::string reason(const DaemonMessages& words) const {
    if (listening) return fill_in(words.not_answering_on, {{"socket", socket}});
    return fill_in(words.no_socket,
                   {{"socket", socket}, {"directory", protocol::data_directory()}});
  }
};

// What is wrong when `failure` kept us from talking to kiokud; nullopt when no kiokud runs.
// Rethrows what is not about reaching the daemon, and an interruption.
std::optional<SilentDaemon> diagnose(const Error& failure, const std::string& socket_path) {
  if (const auto* call = dynamic_cast<const CallError*>(&failure)) {
    if (call->failure() == CallFailure::kInterrupted) throw;
    return SilentDaemon{call->daemon_pid(), true, socket_path};
  }
  if (failure.code() != ErrorCode::kUnavailable) throw;
  if (const std::optional<pid_t> holder = daemon_holding_collection()) {
    return SilentDaemon{*holder, false, socket_path};
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
                  const DaemonMessages& words, std::ostream& out) {
  const std::string socket_label = std::string(words.socket_label) + ":";
  const std::string collection_label = std::string(words.collection_label) + ":";
  const int width = std::max(display_width(socket_label), display_width(collection_label)) + 1;
  out << fill_in(words.running,
                 {{"version", safe_line(daemon.version)}, {"pid", std::to_string(daemon.pid)}})
      << '\n'
      << "  " << pad_after(socket_label, width) << safe_line(socket) << '\n'
      << "  " << pad_after(collection_label, width) << safe_line(daemon.collection) << '\n';
}

int show_status(CliContext& context) {
  const DaemonMessages& words = daemon_messages_for(context.language);
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
        result["problem"] = silent->reason(daemon_messages_for("en"));
      }
      print_json(result);
    } else if (silent) {
      std::cout << fill_in(words.running_but,
                           {{"daemon", name_of(silent->pid)}, {"reason", silent->reason(words)}})
                << '\n';
    } else {
      std::cout << fill_in(words.not_running_at, {{"socket", socket}}) << '\n';
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
  print_status(daemon, socket, words, std::cout);
  return kExitOk;
}

// Asks kiokud to stop over the socket. Returns its pid once it has closed the connection; throws
// what kept it from being asked.
pid_t ask_to_stop(CliContext& context, const DaemonMessages& words) {
  Client& daemon = context.daemon();
  const auto pid = static_cast<pid_t>(protocol::decode_result<protocol::HelloResult>(
                                          protocol::kHello.name, daemon.call(protocol::kHello.name))
                                          .pid);
  daemon.call(protocol::kShutdown.name);
  if (!daemon.wait_until_closed(daemon.timeouts().ordinary)) {
    throw CallError(CallFailure::kNotAnswering,
                    fill_in(words.shutdown_not_closed, {{"pid", std::to_string(pid)}}), pid);
  }
  return pid;
}

int stop_daemon(CliContext& context) {
  const DaemonMessages& words = daemon_messages_for(context.language);
  context.connect.autostart = false;
  const std::string socket = resolve_socket_path(context.connect);
  pid_t pid = 0;
  bool signalled = false;
  try {
    pid = ask_to_stop(context, words);
  } catch (const Error& error) {
    const std::optional<SilentDaemon> silent = diagnose(error, socket);
    if (!silent) {
      std::cout << words.not_running << '\n';
      return kExitOk;
    }
    const std::string reason = silent->reason(words);
    if (silent->pid <= 0) {
      std::cerr << "kioku: " << fill_in(words.pid_unknown, {{"reason", reason}}) << '\n';
      return kExitUnavailable;
    }
    pid = silent->pid;
    // Whatever listens on the socket has our uid, but it is only signalled if it is a kiokud.
    if (const std::string name = process_name(pid); name != "kiokud") {
      std::cerr << "kioku: "
                << (name.empty() ? fill_in(words.process_gone,
                                           {{"pid", std::to_string(pid)}, {"reason", reason}})
                                 : fill_in(words.not_kiokud, {{"pid", std::to_string(pid)},
                                                              {"reason", reason},
                                                              {"name", name}}))
                << '\n';
      return kExitFailure;
    }
    context.disconnect();
    // SIGCONT after SIGTERM (as systemd does): a stopped kiokud acts on the SIGTERM at once.
    if (::kill(pid, SIGTERM) != 0) {
      std::cerr << "kioku: "
                << fill_in(words.sigterm_failed, {{"daemon", name_of(pid)},
                                                  {"reason", reason},
                                                  {"error", std::strerror(errno)}})
                << '\n';
      return kExitFailure;
    }
    ::kill(pid, SIGCONT);
    signalled = true;
    std::cerr << "kioku: "
              << fill_in(words.sent_sigterm, {{"daemon", name_of(pid)}, {"reason", reason}})
              << '\n';
  }
  if (!wait_for_exit(pid, kExitTimeoutMs)) {
    std::cerr << "kioku: "
              << fill_in(words.not_exited, {{"daemon", name_of(pid)},
                                            {"seconds", std::to_string(kExitTimeoutMs / 1000)}})
              << (signalled ? fill_in(words.kill_hint, {{"pid", std::to_string(pid)}}) : "")
              << '\n';
    return kExitFailure;
  }
  if (context.json) {
    json::object result{{"stopped", true}, {"pid", pid}};
    if (signalled) result["signal"] = "SIGTERM";
    print_json(result);
  } else {
    std::cout << fill_in(words.stopped, {{"pid", std::to_string(pid)}}) << '\n';
  }
  return kExitOk;
}

}  // namespace

CommandGroup daemon_commands() {
  const auto status = [](CliContext& context, const NoArgs&) { return show_status(context); };
  const auto stop = [](CliContext& context, const NoArgs&) { return stop_daemon(context); };
  return {noun("daemon",
               {"Show whether kiokud runs, or stop it", "kiokud の稼働状況を表示、または停止する"},
               {Command<>("status", {"Show the daemon's version, pid and collection",
                                     "デーモンのバージョン、pid、コレクションを表示"})
                    .runs(status),
                Command<>("stop", {"Stop the daemon after its current request",
                                   "処理中のリクエストが終わってからデーモンを停止"})
                    .runs(stop)})};
}

}  // namespace kioku::cli
