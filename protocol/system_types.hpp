// system.*: greeting, introspection, shutdown.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/config_problem_info.hpp"
#include "protocol/method_type.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct HelloParams {
  std::optional<std::string> client;
  std::optional<std::int64_t> protocol;
  static constexpr std::array kHelp{
      FieldHelp{"client", "the client's name and version"},
      FieldHelp{"protocol", "the protocol version the client speaks"}};
};
BOOST_DESCRIBE_STRUCT(HelloParams, (), (client, protocol))

struct HelloResult {
  std::string daemon;
  std::string version;
  std::int64_t protocol = 0;
  std::string collection;
  std::int64_t pid = 0;
};
BOOST_DESCRIBE_STRUCT(HelloResult, (), (daemon, version, protocol, collection, pid))

// A method without parameters.
struct NoParams {
  static constexpr std::array<FieldHelp, 0> kHelp{};
};
BOOST_DESCRIBE_STRUCT(NoParams, (), ())

struct ParamInfo {
  std::string name;
  std::string type;
  bool required = false;
  std::string help;
};
BOOST_DESCRIBE_STRUCT(ParamInfo, (), (name, type, required, help))

struct MethodInfo {
  std::string name;
  std::string help;
  std::vector<ParamInfo> params;
};
BOOST_DESCRIBE_STRUCT(MethodInfo, (), (name, help, params))

struct MethodsResult {
  std::vector<MethodInfo> methods;
};
BOOST_DESCRIBE_STRUCT(MethodsResult, (), (methods))

// What `kioku daemon status` shows: the daemon as it runs now (docs/daemon-life.md, "Lifecycle").
struct StatusResult {
  std::string daemon;
  std::string version;
  std::int64_t protocol = 0;
  std::int64_t pid = 0;
  std::int64_t uptime_seconds = 0;  // on a monotonic clock: a moved wall clock does not change it
  std::string socket;
  bool socket_activated = false;  // systemd passed the listening socket
  std::string collection;
  std::int64_t collection_bytes = 0;  // the collection file's size and its WAL's, if any
  std::int64_t cards = 0;
  std::int64_t clients = 0;  // connected now, the one asking included, due.watch listeners not
  // Where the settings come from: "defaults", "file", "command line" or "file and command line"
  // (docs/configuration.md); `options` names the command line's.
  std::string configuration;
  std::vector<std::string> options;
  std::string configuration_file;  // the file read (or that would be, when it does not exist)
  std::int64_t configuration_generation = 0;  // loads so far, refused ones included
  // The last reload's problem when it was refused: the settings are still the last good file's.
  std::optional<ConfigProblemInfo> configuration_refused;
  std::vector<std::string> restart_needed;     // keys the file changed that apply only on restart
  std::optional<std::string> last_backup;      // the newest file in the backups directory
  std::optional<std::int64_t> last_backup_at;  // its modification time, ms since the epoch
  // Always empty: the reminders are system.reminders'. Kept because clients that decode this
  // result (kioku of the same protocol, before reminders) require every field.
  std::vector<std::string> reminders;
};
BOOST_DESCRIBE_STRUCT(StatusResult, (),
                      (daemon, version, protocol, pid, uptime_seconds, socket, socket_activated,
                       collection, collection_bytes, cards, clients, configuration, options,
                       configuration_file, configuration_generation, configuration_refused,
                       restart_needed, last_backup, last_backup_at, reminders))

struct ShutdownResult {
  bool stopping = false;
};
BOOST_DESCRIBE_STRUCT(ShutdownResult, (), (stopping))

inline constexpr MethodType<HelloParams, HelloResult> kHello{
    "system.hello",
    "Greets the daemon: returns its version and protocol version. A client that names another "
    "protocol version is refused (invalid params, with the daemon's version in the error's "
    "data.protocol)."};
inline constexpr MethodType<NoParams, MethodsResult> kMethods{
    "system.methods", "Lists every method with its parameters and help."};
inline constexpr MethodType<NoParams, StatusResult> kStatus{
    "system.status",
    "The daemon's state: version, uptime, socket, collection and its size, cards, clients, "
    "configuration source, last backup."};
inline constexpr MethodType<NoParams, ShutdownResult> kShutdown{
    "system.shutdown", "Stops the daemon after answering."};

}  // namespace kioku::protocol
