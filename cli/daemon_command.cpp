// kioku daemon start|stop|restart|status: starting kiokud, whether it runs, and stopping it. A
// kiokud that does not answer (stopped, stuck, or without its socket file) is still found,
// through the socket's peer or the collection's lock, and `stop` then ends it with SIGTERM. The
// lifecycle commands talk to a kiokud of any protocol version: they are how a mismatch is
// mended (`kioku daemon restart`).
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "cli/daemon_messages.hpp"
#include "cli/daemon_status.hpp"
#include "cli/exit_codes.hpp"
#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "protocol/methods.hpp"
#include "protocol/paths.hpp"
#include "protocol/reminder_types.hpp"

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

// What every protocol version's system.hello holds: enough to stop a kiokud of another version.
struct HelloAnyProtocol {
  std::string version;
  std::int64_t protocol = 0;
  std::int64_t pid = 0;
};
BOOST_DESCRIBE_STRUCT(HelloAnyProtocol, (), (version, protocol, pid))

// A connection on which system.hello was sent without our protocol version, so that a kiokud of
// any version answers it (an ordinary command's would refuse ours, or be refused).
struct AnyProtocolConnection {
  std::unique_ptr<Client> client;
  HelloAnyProtocol hello;
};

AnyProtocolConnection connect_any_protocol(CliContext& context) {
  context.connect.language = context.language;
  AnyProtocolConnection connection{connect_to_daemon(context.connect), {}};
  if (context.reply_timeout) {
    connection.client->set_timeouts(ReplyTimeouts::uniform(*context.reply_timeout));
  }
  connection.hello = protocol::decode_result<HelloAnyProtocol>(
      protocol::kHello.name,
      connection.client->call(protocol::kHello.name,
                              json::object{{"client", std::string("kioku ") + KIOKU_VERSION}}));
  return connection;
}

int show_status(CliContext& context) {
  const DaemonMessages& words = daemon_messages_for(context.language);
  context.connect.autostart = false;
  const std::string socket = resolve_socket_path(context.connect);
  AnyProtocolConnection connection;
  try {
    connection = connect_any_protocol(context);
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
  // A kiokud of another version has no system.status of ours to ask.
  if (connection.hello.protocol != protocol::kProtocolVersion) {
    throw protocol_mismatch(connection.hello.protocol, context.language);
  }
  const json::value status = connection.client->call(protocol::kStatus.name);
  if (context.json) {
    json::object result = status.as_object();
    result["running"] = true;
    result["answering"] = true;
    result["reminder_status"] = connection.client->call(protocol::kSystemReminders.name);
    print_json(result);
    return kExitOk;
  }
  // Read before the second question, so that a reply missing a field is named as such.
  const auto decoded =
      protocol::decode_result<protocol::StatusResult>(protocol::kStatus.name, status);
  const json::value reminders = connection.client->call(protocol::kSystemReminders.name);
  print_daemon_status(
      decoded,
      protocol::decode_result<protocol::ReminderStatus>(protocol::kSystemReminders.name, reminders),
      context.language, std::cout);
  return kExitOk;
}

// Asks kiokud to stop over the socket. Returns its pid once it has closed the connection; throws
// what kept it from being asked.
pid_t ask_to_stop(CliContext& context, const DaemonMessages& words) {
  const AnyProtocolConnection connection = connect_any_protocol(context);
  Client& daemon = *connection.client;
  const auto pid = static_cast<pid_t>(connection.hello.pid);
  daemon.call(protocol::kShutdown.name);
  if (!daemon.wait_until_closed(daemon.timeouts().ordinary)) {
    throw CallError(CallFailure::kNotAnswering,
                    fill_in(words.shutdown_not_closed, {{"pid", std::to_string(pid)}}), pid);
  }
  return pid;
}

// How a stop ended: its exit code, and the kiokud stopped (pid 0 when none ran).
struct Stopped {
  int exit_code = kExitOk;
  pid_t pid = 0;
  bool signalled = false;
};

// Stops the kiokud on the socket, if one runs, and waits until it has exited. Says on stderr
// what went wrong; the caller reports a success.
Stopped stop_running(CliContext& context, const DaemonMessages& words) {
  context.connect.autostart = false;
  const std::string socket = resolve_socket_path(context.connect);
  pid_t pid = 0;
  bool signalled = false;
  try {
    pid = ask_to_stop(context, words);
  } catch (const Error& error) {
    const std::optional<SilentDaemon> silent = diagnose(error, socket);
    if (!silent) return {};
    const std::string reason = silent->reason(words);
    if (silent->pid <= 0) {
      std::cerr << "kioku: " << fill_in(words.pid_unknown, {{"reason", reason}}) << '\n';
      return {kExitUnavailable};
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
      return {kExitFailure};
    }
    context.disconnect();
    // SIGCONT with the SIGTERM, so that a stopped kiokud acts on it at once; before it, not
    // after as systemd sends it: a SIGCONT that arrives as kiokud exits discards any stop
    // pending then, and the ptrace attach of an ASan build's leak check at exit waited for its
    // stop for good.
    ::kill(pid, SIGCONT);
    if (::kill(pid, SIGTERM) != 0) {
      const int error = errno;
      std::cerr << "kioku: "
                << fill_in(words.sigterm_failed,
                           {{"daemon", name_of(pid)},
                            {"reason", reason},
                            {"error", system_error_reason_in(error, context.language)}})
                << '\n';
      return {kExitFailure};
    }
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
    return {kExitFailure};
  }
  return {kExitOk, pid, signalled};
}

int stop_daemon(CliContext& context) {
  const DaemonMessages& words = daemon_messages_for(context.language);
  const Stopped stopped = stop_running(context, words);
  if (stopped.exit_code != kExitOk) return stopped.exit_code;
  if (stopped.pid == 0) {
    if (context.json) {
      print_json(json::object{{"stopped", false}});
    } else {
      std::cout << words.not_running << '\n';
    }
    return kExitOk;
  }
  if (context.json) {
    json::object result{{"stopped", true}, {"pid", stopped.pid}};
    if (stopped.signalled) result["signal"] = "SIGTERM";
    print_json(result);
  } else {
    std::cout << fill_in(words.stopped, {{"pid", std::to_string(stopped.pid)}}) << '\n';
  }
  return kExitOk;
}

// Starts kiokud unless one answers (with the launcher every command uses: the spawn lock, the
// readiness pipe), then says which one serves the socket. `stopped`: the pid restart stopped.
int start_daemon(CliContext& context, std::optional<pid_t> stopped = std::nullopt) {
  const DaemonMessages& words = daemon_messages_for(context.language);
  const std::string socket = resolve_socket_path(context.connect);
  context.connect.autostart = false;
  bool started = false;
  AnyProtocolConnection connection;
  try {
    try {
      connection = connect_any_protocol(context);
    } catch (const Error& error) {
      if (error.code() != ErrorCode::kUnavailable || dynamic_cast<const CallError*>(&error) ||
          daemon_holding_collection()) {
        throw;
      }
      context.connect.autostart = true;
      connection = connect_any_protocol(context);
      started = true;
    }
  } catch (const Error& error) {
    const std::optional<SilentDaemon> silent = diagnose(error, socket);
    if (!silent) throw;
    std::cerr << "kioku: "
              << fill_in(words.running_but,
                         {{"daemon", name_of(silent->pid)}, {"reason", silent->reason(words)}})
              << '\n';
    return kExitUnavailable;
  }
  const HelloAnyProtocol& daemon = connection.hello;
  // One that runs already but speaks another protocol is of no use to this kioku.
  if (daemon.protocol != protocol::kProtocolVersion) {
    throw protocol_mismatch(daemon.protocol, context.language);
  }
  // After a restart under socket activation systemd, not this kioku, started the new kiokud.
  if (stopped && daemon.pid != *stopped) started = true;
  if (context.json) {
    json::object result{
        {"started", started}, {"pid", daemon.pid}, {"version", daemon.version}, {"socket", socket}};
    if (stopped) result["stopped"] = *stopped;
    print_json(result);
    return kExitOk;
  }
  if (stopped) std::cout << fill_in(words.stopped, {{"pid", std::to_string(*stopped)}}) << '\n';
  std::cout << fill_in(started ? words.started : words.already_running,
                       {{"version", safe_line(daemon.version)},
                        {"pid", std::to_string(daemon.pid)},
                        {"socket", safe_line(socket)}})
            << '\n';
  return kExitOk;
}

// Stops kiokud as `stop` does, waits until it has exited, and starts it again: how a kiokud left
// running across an upgrade is replaced by the one installed beside kioku.
int restart_daemon(CliContext& context) {
  const DaemonMessages& words = daemon_messages_for(context.language);
  const Stopped stopped = stop_running(context, words);
  if (stopped.exit_code != kExitOk) return stopped.exit_code;
  return start_daemon(context, stopped.pid > 0 ? std::optional<pid_t>(stopped.pid) : std::nullopt);
}

}  // namespace

CommandGroup daemon_commands() {
  const auto start = [](CliContext& context, const NoArgs&) { return start_daemon(context); };
  const auto status = [](CliContext& context, const NoArgs&) { return show_status(context); };
  const auto stop = [](CliContext& context, const NoArgs&) { return stop_daemon(context); };
  const auto restart = [](CliContext& context, const NoArgs&) { return restart_daemon(context); };
  return {
      noun("daemon",
           {"Start, stop or restart kiokud, or show how it runs",
            "kiokud の起動・停止・再起動、稼働状況の表示"},
           {Command<>("start", {"Start the daemon unless one runs, and wait until it is ready",
                                "デーモンが稼働していなければ起動し、準備完了まで待つ"})
                .runs(start),
            Command<>("status",
                      {"Show the daemon's version, uptime, collection, cards, clients and "
                       "last backup",
                       "デーモンのバージョン、稼働時間、コレクション、カード数、クライアント数、"
                       "最新のバックアップを表示"})
                .runs(status),
            Command<>("stop", {"Stop the daemon after its current request",
                               "処理中のリクエストが終わってからデーモンを停止"})
                .runs(stop),
            Command<>("restart", {"Stop the daemon, wait until it has exited, and start it "
                                  "again (after an upgrade)",
                                  "デーモンを停止し、終了を待って再び起動する（更新後に）"})
                .runs(restart)})};
}

}  // namespace kioku::cli
