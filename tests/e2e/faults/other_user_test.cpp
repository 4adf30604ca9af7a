// A process of another user (nobody) that reaches kiokud's socket is refused by the daemon, and
// the kioku CLI refuses a daemon of another user. The socket is 0600 in a 0700 directory, so
// the test first opens them up; otherwise the kernel would refuse the stranger before kiokud
// could.
#include <signal.h>
#include <sys/stat.h>

#include "tests/e2e/faults/fault_helpers.hpp"
#include "tests/support/other_user.hpp"

using namespace kioku::test;
namespace json = boost::json;
namespace code = kioku::protocol::code;

namespace {

// Lets everyone reach and connect to the home's socket.
void open_socket_to_everyone(const TempHome& home) {
  for (const std::string& directory :
       {home.root(), home.runtime_dir(), home.runtime_dir() + "/kioku"}) {
    REQUIRE(::chmod(directory.c_str(), 0711) == 0);
  }
  REQUIRE(::chmod(home.socket_path().c_str(), 0666) == 0);
}

}  // namespace

TEST_CASE("faults: kiokud refuses a client of another user with a clear error", "[e2e][faults]") {
  const auto stranger = nobody_user();
  if (!stranger) KIOKU_SKIP("needs root and a user named nobody to connect as another user");
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  open_socket_to_everyone(home);

  const std::string socket_path = home.socket_path();
  const std::string reply = run_as(*stranger, [&socket_path] {
    LineClient client(socket_path);
    if (!client.connected()) return std::string("could not connect");
    std::string lines = first_reply_line(client).value_or("(nothing)");
    // The daemon closes the connection after saying why.
    lines += client.closed_by_peer() ? "\nclosed" : "\nstill open";
    return lines;
  });
  INFO("the stranger read: " << reply);
  const auto newline = reply.find('\n');
  REQUIRE(newline != std::string::npos);
  const json::value refusal = json::parse(reply.substr(0, newline));
  CHECK(error_code_of(refusal) == code::kPermission);
  CHECK(error_message_of(refusal) == "refused: this kiokud serves only uid 0, not uid " +
                                         std::to_string(stranger->uid) + "; run your own kiokud");
  CHECK(refusal.at("id").is_null());
  CHECK(reply.substr(newline + 1) == "closed");

  // The owner is still served.
  expect_still_serving(home);
  CHECK(daemon.stop(SIGTERM) == 0);
}

TEST_CASE("faults: the kioku CLI run by another user refuses the daemon it reaches",
          "[e2e][faults]") {
  const auto stranger = nobody_user();
  if (!stranger) KIOKU_SKIP("needs root and a user named nobody to run kioku as another user");
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  open_socket_to_everyone(home);

  std::vector<std::string> command = as_user_prefix(*stranger);
  command.insert(command.end(),
                 {kioku_path(), "--socket", home.socket_path(), "--no-autostart", "decks"});
  const CommandResult result = run_command(command, home.environment());
  INFO("stdout: " << result.out << "\nstderr: " << result.err);
  CHECK(result.exit_code != 0);
  CHECK(result.out.empty());
  CHECK(result.err == "kioku: the process listening on " + home.socket_path() +
                          " belongs to another user; refusing it\n");
  CHECK(daemon.stop(SIGTERM) == 0);
}
