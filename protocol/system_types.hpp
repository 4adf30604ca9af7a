// system.*: greeting, introspection, shutdown.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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

struct ShutdownResult {
  bool stopping = false;
};
BOOST_DESCRIBE_STRUCT(ShutdownResult, (), (stopping))

inline constexpr MethodType<HelloParams, HelloResult> kHello{
    "system.hello", "Greets the daemon: returns its version and protocol version."};
inline constexpr MethodType<NoParams, MethodsResult> kMethods{
    "system.methods", "Lists every method with its parameters and help."};
inline constexpr MethodType<NoParams, ShutdownResult> kShutdown{
    "system.shutdown", "Stops the daemon after answering."};

}  // namespace kioku::protocol
