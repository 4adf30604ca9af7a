// How a refused configuration file travels: in config.* errors' data and in system.status.
#pragma once

#include <cstdint>
#include <string>

#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

// A refused file (core ConfigProblem): the parts for a client to word in its own language, and
// `message`, the daemon's English line.
struct ConfigProblemInfo {
  std::string kind;  // unknown_key, wrong_type, out_of_range, ... (core/configuration.hpp)
  std::string file;
  std::int64_t line = 0;  // from 1; 0: the whole file
  std::int64_t column = 0;
  std::string key;
  std::string expected;
  std::int64_t lowest = 0;
  std::int64_t highest = 0;
  std::string got;
  std::string message;
};
BOOST_DESCRIBE_STRUCT(ConfigProblemInfo, (),
                      (kind, file, line, column, key, expected, lowest, highest, got, message))

}  // namespace kioku::protocol
