// The client's side of system.hello and `kioku daemon status` against a scripted peer on a Unix
// socket (no kiokud): the protocol version is read first, and a reply without a field is an
// error naming it, never a zero.

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_table.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"
#include "tests/support/scripted_daemon.hpp"

using namespace kioku;
using namespace kioku::cli;
using kioku::test::scripted_error;
using kioku::test::scripted_result;
using kioku::test::ScriptedDaemon;
namespace json = boost::json;

namespace {

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

std::string mismatch(std::int64_t theirs) {
  return "kiokud speaks protocol " + std::to_string(theirs) + " but this kioku speaks " +
         std::to_string(protocol::kProtocolVersion) +
         " (one of them was upgraded while the daemon ran); run `kioku daemon restart`";
}

// system.status's result as kiokud 0.1.0 would give it.
const std::string kStatus =
    "{\"daemon\":\"kiokud\",\"version\":\"0.1.0\",\"protocol\":" +
    std::to_string(protocol::kProtocolVersion) +
    ",\"pid\":42,\"uptime_seconds\":125,\"socket\":\"/run/kioku/kiokud.sock\","
    "\"socket_activated\":false,\"collection\":\"/data/collection.sqlite\","
    "\"collection_bytes\":1572864,\"cards\":120,\"clients\":2,\"configuration\":\"command line\","
    "\"options\":[\"--socket\",\"--idle-exit\"],"
    "\"configuration_file\":\"/home/u/.config/kioku/config.toml\",\"configuration_generation\":2,"
    "\"configuration_refused\":{\"kind\":\"out_of_range\",\"file\":\"/home/u/.config/kioku/"
    "config.toml\",\"line\":3,\"column\":17,\"key\":\"day_starts_at\",\"expected\":\"\","
    "\"lowest\":0,\"highest\":23,\"got\":\"30\",\"message\":\"(English)\"},"
    "\"restart_needed\":[],\"last_backup\":null,\"last_backup_at\":null,\"reminders\":[]}";

// system.reminders' result: on, none run yet.
const std::string kReminders =
    "{\"on\":true,\"off_reason\":\"\",\"command\":[\"notify-send\",\"-u\",\"low\"],"
    "\"threshold\":20,\"interval\":\"2h\",\"quiet_hours\":\"22:00-07:00\",\"last_run_at\":null,"
    "\"last_due\":null,\"last_problem\":null,\"next_at\":null}";

}  // namespace

TEST_CASE("hello check: a daemon of our protocol is used, another is told to restart",
          "[cli][hello]") {
  SECTION("ours") {
    ScriptedDaemon daemon({scripted_result(kOurs)});
    {
      CliContext context = context_for(daemon);
      context.daemon();
      CHECK(context.connected());
    }
    CHECK(daemon.methods() == std::vector<std::string>{"system.hello"});
  }
  SECTION("an older or a newer version, whatever else its result holds") {
    for (const std::int64_t theirs : {std::int64_t{protocol::kProtocolVersion} - 1,
                                      std::int64_t{protocol::kProtocolVersion} + 1}) {
      ScriptedDaemon daemon({scripted_result("{\"protocol\":" + std::to_string(theirs) + "}")});
      CliContext context = context_for(daemon);
      CHECK(error_of([&] { context.daemon(); }) == mismatch(theirs));
      CHECK_FALSE(context.connected());
    }
  }
  SECTION("a kiokud that refuses our version says which it speaks, in the error's data") {
    ScriptedDaemon daemon({scripted_error(
        "{\"code\":-32602,\"message\":\"kioku 9 speaks protocol 3 but...\",\"data\":{"
        "\"protocol\":9,\"version\":\"9.0.0\"}}")});
    CliContext context = context_for(daemon);
    CHECK(error_of([&] { context.daemon(); }) == mismatch(9));
  }
  SECTION("in Japanese") {
    ScriptedDaemon daemon({scripted_result("{\"protocol\":99}")});
    CliContext context = context_for(daemon);
    context.language = "ja";
    CHECK(error_of([&] { context.daemon(); }) ==
          "kiokud のプロトコルは 99、この kioku は " + std::to_string(protocol::kProtocolVersion) +
              " です（デーモンの稼働中にどちらかが更新されました）。`kioku daemon restart` "
              "を実行してください");
  }
  SECTION("an error without a version is the daemon's own") {
    ScriptedDaemon daemon(
        {scripted_error("{\"code\":-32005,\"message\":\"kiokud is shutting down\"}")});
    CliContext context = context_for(daemon);
    CHECK(error_of([&] { context.daemon(); }) == "kiokud is shutting down");
  }
  SECTION("no version at all") {
    ScriptedDaemon daemon({scripted_result(hello("\"pid\":42,"))});
    CliContext context = context_for(daemon);
    CHECK(error_of([&] { context.daemon(); }) ==
          "kiokud's reply to system.hello: field 'protocol' is missing");
  }
  SECTION("a version that is not a number") {
    ScriptedDaemon daemon({scripted_result(hello("\"protocol\":\"1\",\"pid\":42,"))});
    CliContext context = context_for(daemon);
    CHECK(error_of([&] { context.daemon(); }) ==
          "kiokud's reply to system.hello: field 'protocol' must be an integer");
  }
}

TEST_CASE("daemon status: system.status's result as labelled lines, read as its type",
          "[cli][hello]") {
  SECTION("a whole reply") {
    ScriptedDaemon daemon(
        {scripted_result(kOurs), scripted_result(kStatus), scripted_result(kReminders)});
    CliContext context = context_for(daemon);
    std::string out;
    CHECK(daemon_status(context, out) == kExitOk);
    CHECK(out ==
          "kiokud 0.1.0 is running (pid 42)\n"
          "  protocol:          " +
              std::to_string(protocol::kProtocolVersion) +
              "\n"
              "  uptime:            2m 5s\n"
              "  socket:            /run/kioku/kiokud.sock\n"
              "  socket activation: no\n"
              "  collection:        /data/collection.sqlite\n"
              "  size:              1.5 MiB\n"
              "  cards:             120\n"
              "  clients:           2\n"
              "  configuration:     command line (--socket, --idle-exit)\n"
              "  config file:       /home/u/.config/kioku/config.toml; refused, the last good "
              "configuration is in use: /home/u/.config/kioku/config.toml:3:17: day_starts_at: "
              "must be from 0 to 23, got 30\n"
              "  last backup:       none\n"
              "  reminders:         on: notify-send -u low when 20 or more cards are due, at "
              "most every 2h, none 22:00-07:00\n"
              "  last reminder:     none yet\n");
    CHECK(daemon.methods() ==
          std::vector<std::string>{"system.hello", "system.status", "system.reminders"});
  }
  SECTION("a kiokud of another protocol is told to restart, not asked for its status") {
    ScriptedDaemon daemon({scripted_result(hello("\"protocol\":1,\"pid\":42,"))});
    CliContext context = context_for(daemon);
    std::string out;
    CHECK(error_of([&] { daemon_status(context, out); }) == mismatch(1));
    CHECK(out.empty());
  }
  SECTION("a reply without the cards") {
    std::string partial = kStatus;
    partial.replace(partial.find("\"cards\":120,"), std::string("\"cards\":120,").size(), "");
    ScriptedDaemon daemon({scripted_result(kOurs), scripted_result(partial)});
    CliContext context = context_for(daemon);
    std::string out;
    CHECK(error_of([&] { daemon_status(context, out); }) ==
          "kiokud's reply to system.status: field 'cards' is missing");
    CHECK(out.empty());
  }
}
