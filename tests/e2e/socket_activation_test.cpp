// kiokud under systemd's socket activation, with Debian's systemd-socket-activate standing in for
// the service manager: it binds the socket, execs kiokud in its own process on the first
// connection and passes the socket as descriptor 3. kiokud serves on it, never removes or
// replaces its file, tells a NOTIFY_SOCKET that it is ready and stopping, stops by itself after
// --idle-exit, refuses a descriptor 3 that is not a listening socket, and marks its log lines
// with their priority when stderr is the journal. Every wait is on a line, a socket or the exit.
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <memory>

#include "protocol/system_types.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/piped_process.hpp"
#include "tests/support/skip.hpp"

using namespace kioku::test;

namespace {

constexpr const char* kSocketActivate = "/usr/bin/systemd-socket-activate";

bool socket_activate_installed() {
  return ::access(kSocketActivate, X_OK) == 0;
}

struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  bool is_socket = false;
  bool operator==(const FileIdentity&) const = default;
};

FileIdentity identity_of(const std::string& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) return {};
  return {info.st_dev, info.st_ino, S_ISSOCK(info.st_mode)};
}

// kiokud (with `arguments` after --no-bundled-decks) behind systemd-socket-activate on the home's
// socket path. systemd-socket-activate passes its children only the variables named with
// --setenv, so the home's environment and `environment_changes` are named one by one.
std::unique_ptr<PipedProcess> start_socket_activated(
    const TempHome& home, const std::vector<std::string>& arguments,
    const std::map<std::string, std::string>& environment_changes = {}) {
  ::mkdir((home.runtime_dir() + "/kioku").c_str(), 0700);
  auto environment = home.environment();
  for (const auto& [name, value] : environment_changes) environment[name] = value;
  std::vector<std::string> argv = {kSocketActivate, "--listen=" + home.socket_path()};
  for (const auto& [name, value] : environment) {
    if (!value.empty()) argv.push_back("--setenv=" + name);
  }
  argv.push_back(kiokud_path());
  argv.push_back("--no-bundled-decks");
  argv.insert(argv.end(), arguments.begin(), arguments.end());
  auto process = std::make_unique<PipedProcess>(argv, environment);
  // Printed once the socket listens: a client connecting from now on is queued, not refused.
  REQUIRE(process->wait_for_error_output("Listening on " + home.socket_path(), 60'000));
  return process;
}

// A datagram socket standing in for systemd's notification socket ($NOTIFY_SOCKET).
class NotifySocket {
 public:
  explicit NotifySocket(std::string path) : path_(std::move(path)) {
    descriptor_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    path_.copy(address.sun_path, sizeof address.sun_path - 1);
    REQUIRE(::bind(descriptor_, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
  }
  ~NotifySocket() { ::close(descriptor_); }
  NotifySocket(const NotifySocket&) = delete;
  NotifySocket& operator=(const NotifySocket&) = delete;

  const std::string& path() const noexcept { return path_; }

  // Every message queued now, oldest first, without waiting for more.
  std::vector<std::string> received() const {
    std::vector<std::string> messages;
    char buffer[4096];
    for (;;) {
      const ssize_t length = ::recv(descriptor_, buffer, sizeof buffer, MSG_DONTWAIT);
      if (length < 0) break;
      messages.emplace_back(buffer, static_cast<std::size_t>(length));
    }
    return messages;
  }

 private:
  std::string path_;
  int descriptor_ = -1;
};

}  // namespace

TEST_CASE("e2e: a socket-activated kiokud serves on systemd's socket and leaves its file alone",
          "[e2e][systemd]") {
  if (!socket_activate_installed()) KIOKU_SKIP(kSocketActivate << " is not installed");
  TempHome home;
  const auto daemon = start_socket_activated(home, {});
  const FileIdentity bound = identity_of(home.socket_path());
  REQUIRE(bound.is_socket);

  // The first connection starts kiokud; it waits in the backlog meanwhile.
  expect_still_serving(home);
  // The CLI finds it on the same path, and starts no kiokud of its own.
  const CommandResult due = run_kioku(home, {"due", "--json"});
  INFO("kioku: " << due.err);
  CHECK(due.exit_code == 0);
  // systemd-socket-activate became kiokud (exec, same pid): the process the test waits on.
  REQUIRE(daemon->wait_for_error_output("kiokud: listening on " + home.socket_path() + " (pid " +
                                        std::to_string(daemon->pid()) +
                                        ", socket from systemd)\n"));
  // Activated without --idle-exit: the default idle exit, docs/daemon-life.md's 300 s.
  CHECK(
      daemon->wait_for_error_output("kiokud: exits after 300 s without a client (--idle-exit)\n"));
  CHECK(identity_of(home.socket_path()) == bound);
  // kioku daemon status knows how it was started.
  const CommandResult status = run_kioku(home, {"daemon", "status", "--json"});
  REQUIRE(status.exit_code == 0);
  CHECK(parse_output(status).at("socket_activated").as_bool());
  CHECK(parse_output(status).at("pid").as_int64() == daemon->pid());

  ::kill(daemon->pid(), SIGTERM);
  const CommandResult stopped = daemon->finish(60);
  INFO("stderr: " << stopped.err);
  CHECK(stopped.exit_code == 0);
  CHECK(stopped.err.find("kiokud: SIGTERM received, stopping\nkiokud: stopped\n") !=
        std::string::npos);
  // The file is systemd's: still there, still the one it bound.
  CHECK(identity_of(home.socket_path()) == bound);
}

TEST_CASE("e2e: a socket-activated kiokud stops by itself after --idle-exit without clients",
          "[e2e][systemd]") {
  if (!socket_activate_installed()) KIOKU_SKIP(kSocketActivate << " is not installed");
  TempHome home;
  const auto daemon = start_socket_activated(home, {"--idle-exit", "1"});
  const FileIdentity bound = identity_of(home.socket_path());
  expect_still_serving(home);
  // No signal: it exits by itself once the client above has been gone a second. finish() waits
  // for that exit, and fails the test (killing kiokud) only if it has not come in a minute.
  const CommandResult stopped = daemon->finish(60);
  INFO("stderr: " << stopped.err);
  CHECK(stopped.exit_code == 0);
  CHECK(stopped.err.find("kiokud: no client for 1 s (--idle-exit); stopping\nkiokud: stopped\n") !=
        std::string::npos);
  CHECK(identity_of(home.socket_path()) == bound);
}

TEST_CASE(
    "e2e: a socket-activated kiokud tells NOTIFY_SOCKET it is ready before it answers, "
    "and that it stops",
    "[e2e][systemd]") {
  if (!socket_activate_installed()) KIOKU_SKIP(kSocketActivate << " is not installed");
  TempHome home;
  const NotifySocket notify(home.root() + "/notify.sock");
  const auto daemon = start_socket_activated(home, {}, {{"NOTIFY_SOCKET", notify.path()}});
  CHECK(notify.received().empty());  // kiokud has not started yet: nobody connected

  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  const boost::json::value hello = rpc(client, kioku::protocol::kHello.name, {}, 300'000);
  CHECK(result_of(hello).at("daemon").as_string() == "kiokud");
  // A datagram is queued on the notification socket when it is sent, so READY=1, sent before
  // kiokud served anyone, is there now that the answer has come.
  const std::vector<std::string> while_serving = notify.received();
  REQUIRE(while_serving.size() == 1);
  CHECK(while_serving[0].starts_with("READY=1\nSTATUS=serving " + home.collection_path() + " on " +
                                     home.socket_path()));
  client.close();

  ::kill(daemon->pid(), SIGTERM);
  const CommandResult stopped = daemon->finish(60);
  INFO("stderr: " << stopped.err);
  CHECK(stopped.exit_code == 0);
  const std::vector<std::string> after_stop = notify.received();
  REQUIRE(after_stop.size() == 1);
  CHECK(after_stop[0].starts_with("STOPPING=1"));
}

TEST_CASE("e2e: kiokud refuses a descriptor 3 that is not a listening socket", "[e2e][systemd]") {
  TempHome home;
  // LISTEN_PID must be kiokud's own pid: the shell's, which exec keeps.
  auto environment = home.environment();
  environment["LISTEN_FDS"] = "1";
  const CommandResult result =
      run_command({"/bin/sh", "-c", "LISTEN_PID=$$ exec \"$0\" 3</dev/null", kiokud_path()},
                  environment, "", 30);
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 1);
  CHECK(result.err ==
        "kiokud: LISTEN_FDS=1, but descriptor 3 is not a listening Unix stream socket bound to a "
        "path; kiokud.socket needs one ListenStream= with a path\n");
  // Refused before anything was made on disk.
  CHECK(::access(home.data_dir().c_str(), F_OK) != 0);
}

TEST_CASE("e2e: kiokud's log lines carry journald priorities only when stderr is the journal",
          "[e2e][systemd]") {
  TempHome home;
  // A TZ it warns about, then a socket path it cannot use: a warning, then an error.
  const std::string log = home.write_file("journal.log", "");
  struct stat info {};
  REQUIRE(::stat(log.c_str(), &info) == 0);
  const std::string log_identity = std::to_string(info.st_dev) + ":" + std::to_string(info.st_ino);
  const std::vector<std::string> argv = {"/bin/sh",
                                         "-c",
                                         "exec \"$0\" --socket \"$1\" 2>>\"$2\"",
                                         kiokud_path(),
                                         home.root() + "/no/such/kiokud.sock",
                                         log};
  auto environment = home.environment();
  environment["TZ"] = "garbage";

  SECTION("JOURNAL_STREAM names stderr: sd-daemon prefixes") {
    environment["JOURNAL_STREAM"] = log_identity;
    CHECK(run_command(argv, environment, "", 30).exit_code == 1);
    const std::string written = read_file(log);
    INFO(written);
    CHECK(written.starts_with("<4>kiokud: warning: TZ='garbage'"));
    CHECK(written.find("\n<3>kiokud: cannot listen on " + home.root() + "/no/such/kiokud.sock") !=
          std::string::npos);
  }
  SECTION("JOURNAL_STREAM names another file (inherited by a child): lines as ever") {
    environment["JOURNAL_STREAM"] = std::to_string(info.st_dev) + ":1";
    CHECK(run_command(argv, environment, "", 30).exit_code == 1);
    const std::string written = read_file(log);
    INFO(written);
    CHECK(written.starts_with("kiokud: warning: TZ='garbage'"));
    CHECK(written.find('<') == std::string::npos);
  }
}

TEST_CASE("e2e: a kiokud that kioku starts leaves kioku's NOTIFY_SOCKET alone",
          "[e2e][systemd][autostart]") {
  TempHome home;
  const NotifySocket notify(home.root() + "/notify.sock");
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  environment["NOTIFY_SOCKET"] = notify.path();
  ::mkdir((home.runtime_dir() + "/kioku").c_str(), 0700);  // as kioku makes it for its default
  const auto due =
      run_command({kioku_path(), "--socket", home.socket_path(), "due", "--json"}, environment);
  INFO(due.err);
  REQUIRE(due.exit_code == 0);
  // kiokud says READY=1 before it serves and STOPPING=1 before it stops, so both would be
  // queued by now had it been given the socket.
  const auto stop =
      run_command({kioku_path(), "--socket", home.socket_path(), "daemon", "stop"}, environment);
  REQUIRE(stop.exit_code == 0);
  CHECK(notify.received().empty());
}

TEST_CASE("e2e: a kiokud started without systemd has no idle exit unless asked", "[e2e][systemd]") {
  {
    RunningDaemon daemon({"--no-bundled-decks"});
    daemon.stop_cleanly();
    CHECK(daemon.log().find("without a client") == std::string::npos);
  }
  RunningDaemon asked({"--no-bundled-decks", "--idle-exit", "600"});
  CHECK(asked.log().find("kiokud: exits after 600 s without a client (--idle-exit)\n") !=
        std::string::npos);
}
