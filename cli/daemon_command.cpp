// kioku daemon status|stop: whether kiokud runs, and stopping it.
#include <poll.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <iostream>

#include "cli/commands.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

// Waits (without polling in a loop) for process `pid` to exit, up to `timeout_ms`.
bool wait_for_exit(std::int64_t pid, int timeout_ms) {
  const int descriptor = static_cast<int>(::syscall(SYS_pidfd_open, static_cast<pid_t>(pid), 0));
  if (descriptor < 0) return true;  // already gone
  pollfd exited{descriptor, POLLIN, 0};
  const int result = ::poll(&exited, 1, timeout_ms);
  ::close(descriptor);
  return result > 0;
}

}  // namespace

void add_daemon_command(CLI::App& app, CliContext& context, int& exit_code) {
  auto* command = app.add_subcommand("daemon", "Show whether kiokud runs, or stop it");
  command->require_subcommand(1);
  auto* status = command->add_subcommand("status", "Show the daemon's version, pid and collection");
  status->callback([&context, &exit_code] {
    context.connect.autostart = false;
    json::value hello;
    try {
      hello = context.daemon().call(protocol::method::kHello);
    } catch (const Error& error) {
      if (error.code() != ErrorCode::kUnavailable) throw;
      if (context.json) {
        print_json(
            json::object{{"running", false}, {"socket", resolve_socket_path(context.connect)}});
      } else {
        std::cout << "kiokud is not running (" << resolve_socket_path(context.connect) << ")\n";
      }
      exit_code = 3;
      return;
    }
    json::object result = hello.as_object();
    result["running"] = true;
    result["socket"] = resolve_socket_path(context.connect);
    if (context.json) {
      print_json(result);
      return;
    }
    std::cout << "kiokud " << safe_line(result.at("version").as_string()) << " is running (pid "
              << integer_field(result, "pid") << ")\n"
              << "  socket:     " << safe_line(result.at("socket").as_string()) << '\n'
              << "  collection: " << safe_line(result.at("collection").as_string()) << '\n';
  });
  auto* stop = command->add_subcommand("stop", "Stop the daemon after its current request");
  stop->callback([&context, &exit_code] {
    context.connect.autostart = false;
    Client* daemon = nullptr;
    try {
      daemon = &context.daemon();
    } catch (const Error& error) {
      if (error.code() != ErrorCode::kUnavailable) throw;
      std::cout << "kiokud is not running\n";
      return;
    }
    const std::int64_t pid =
        integer_field(daemon->call(protocol::method::kHello).as_object(), "pid");
    daemon->call(protocol::method::kShutdown);
    daemon->wait_until_closed();
    if (!wait_for_exit(pid, 10'000)) {
      std::cerr << "kioku: kiokud (pid " << pid << ") has not exited after 10 s\n";
      exit_code = 1;
      return;
    }
    if (context.json) {
      print_json(json::object{{"stopped", true}, {"pid", pid}});
    } else {
      std::cout << "kiokud stopped (pid " << pid << ")\n";
    }
  });
}

}  // namespace kioku::cli
