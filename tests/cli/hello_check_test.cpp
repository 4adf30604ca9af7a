// The client's side of system.hello and `kioku daemon status` against a scripted peer on a Unix
// socket (no kiokud): the protocol version is read first, and a reply without a field is an
// error naming it, never a zero.
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/command_table.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::cli;
namespace json = boost::json;

namespace {

// Listens on a socket in a fresh directory and answers the requests of one connection, in
// turn, with `results` (JSON texts), then closes it.
class ScriptedDaemon {
 public:
  explicit ScriptedDaemon(std::vector<std::string> results)
      : path_(home_.root() + "/scripted.sock") {
    listener_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    REQUIRE(listener_ >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path_.c_str(), sizeof(address.sun_path) - 1);
    REQUIRE(::bind(listener_, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) == 0);
    REQUIRE(::listen(listener_, 1) == 0);
    thread_ = std::thread([this, results = std::move(results)] { serve(results); });
  }
  ~ScriptedDaemon() {
    ::shutdown(listener_, SHUT_RDWR);
    if (thread_.joinable()) thread_.join();
    ::close(listener_);
  }
  ScriptedDaemon(const ScriptedDaemon&) = delete;
  ScriptedDaemon& operator=(const ScriptedDaemon&) = delete;

  const std::string& path() const noexcept { return path_; }
  // The methods asked for, in order, once the client has closed the connection.
  const std::vector<std::string>& methods() {
    thread_.join();
    return methods_;
  }

 private:
  void serve(const std::vector<std::string>& results) {
    const int connection = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
    if (connection < 0) return;
    for (const std::string& result : results) {
      std::string line;
      char byte = 0;
      while (::read(connection, &byte, 1) == 1 && byte != '\n') line += byte;
      if (line.empty()) break;
      const json::object request = json::parse(line).as_object();
      methods_.emplace_back(request.at("method").as_string());
      const std::string reply = "{\"jsonrpc\":\"2.0\",\"id\":" + json::serialize(request.at("id")) +
                                ",\"result\":" + result + "}\n";
      if (::write(connection, reply.data(), reply.size()) != static_cast<ssize_t>(reply.size())) {
        break;
      }
    }
    ::close(connection);
  }

  test::TempHome home_;
  std::string path_;
  int listener_ = -1;
  std::vector<std::string> methods_;
  std::thread thread_;
};

std::string hello(const std::string& fields) {
  return "{\"daemon\":\"kiokud\",\"version\":\"0.1.0\"," + fields +
         "\"collection\":\"/data/collection.sqlite\"}";
}

const std::string kOurs =
    hello("\"protocol\":" + std::to_string(protocol::kProtocolVersion) + ",\"pid\":42,");

CliContext context_for(const ScriptedDaemon& daemon) {
  CliContext context;
  context.language = "en";
  context.connect.socket_path = daemon.path();
  context.connect.autostart = false;
  return context;
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& error) {
    return error.what();
  }
  return "(no error)";
}

// Runs `kioku daemon status` on `context`, with what it writes to stdout.
int daemon_status(CliContext& context, std::string& out) {
  const CommandTable table = command_table();
  std::ostringstream ignored;
  const ParsedLine line = parse_command_line(
      table, "kioku", {"--socket", context.connect.socket_path, "daemon", "status"}, ignored,
      ignored);
  REQUIRE_FALSE(line.exit_code);
  std::ostringstream captured;
  std::streambuf* const stdout_buffer = std::cout.rdbuf(captured.rdbuf());
  int code = kExitOk;
  try {
    code = run_parsed_line(line, context);
  } catch (...) {
    std::cout.rdbuf(stdout_buffer);
    out = captured.str();
    throw;
  }
  std::cout.rdbuf(stdout_buffer);
  out = captured.str();
  return code;
}

}  // namespace

TEST_CASE("hello check: a daemon of our protocol is used, another is told to restart",
          "[cli][hello]") {
  SECTION("ours") {
    ScriptedDaemon daemon({kOurs});
    {
      CliContext context = context_for(daemon);
      context.daemon();
      CHECK(context.connected());
    }
    CHECK(daemon.methods() == std::vector<std::string>{"system.hello"});
  }
  SECTION("another version, whatever else its result holds") {
    ScriptedDaemon daemon({"{\"protocol\":99}"});
    CliContext context = context_for(daemon);
    CHECK(error_of([&] { context.daemon(); }) ==
          "kiokud speaks protocol 99 but this kioku speaks " +
              std::to_string(protocol::kProtocolVersion) +
              "; restart the daemon with `kioku daemon stop` and try again");
  }
  SECTION("no version at all") {
    ScriptedDaemon daemon({hello("\"pid\":42,")});
    CliContext context = context_for(daemon);
    CHECK(error_of([&] { context.daemon(); }) ==
          "kiokud's reply to system.hello: field 'protocol' is missing");
  }
  SECTION("a version that is not a number") {
    ScriptedDaemon daemon({hello("\"protocol\":\"1\",\"pid\":42,")});
    CliContext context = context_for(daemon);
    CHECK(error_of([&] { context.daemon(); }) ==
          "kiokud's reply to system.hello: field 'protocol' must be an integer");
  }
}

TEST_CASE("daemon status: the daemon's version, pid, socket and collection, read as its type",
          "[cli][hello]") {
  SECTION("a whole reply") {
    ScriptedDaemon daemon({kOurs, kOurs});
    CliContext context = context_for(daemon);
    std::string out;
    CHECK(daemon_status(context, out) == kExitOk);
    CHECK(out ==
          "kiokud 0.1.0 is running (pid 42)\n"
          "  socket:     " +
              daemon.path() +
              "\n"
              "  collection: /data/collection.sqlite\n");
  }
  SECTION("a reply without the pid") {
    ScriptedDaemon daemon({kOurs, hello("\"protocol\":1,")});
    CliContext context = context_for(daemon);
    std::string out;
    CHECK(error_of([&] { daemon_status(context, out); }) ==
          "kiokud's reply to system.hello: field 'pid' is missing");
    CHECK(out.empty());
  }
}
