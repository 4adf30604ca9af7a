// The configuration file's text as a TOML table, for the parser and the editor alike: a text
// that is not TOML is a ConfigError naming the file, line and column (core/configuration.hpp).
// Inside core's configuration code only: it brings toml++ with it.
#pragma once

#include <string>
#include <string_view>

#include "core/toml.hpp"

namespace kioku {

toml::table parse_config_toml(std::string_view text, const std::string& file);

}  // namespace kioku
