// Precedence: a setting given on kiokud's command line wins over the file's, which wins over
// the default (docs/configuration.md). Pure: the daemon holds the layers and asks these.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/configuration.hpp"
#include "core/configuration_keys.hpp"

namespace kioku {

enum class ConfigSource { kDefault, kFile, kCommandLine };

// "default", "file", "command line".
std::string_view to_string(ConfigSource source) noexcept;
// "reload", "restart", "client".
std::string_view to_string(ConfigTakesEffect takes_effect) noexcept;

struct ConfigLayers {
  Configuration command_line;  // only its command_line_keys mean anything
  std::vector<std::string> command_line_keys;
  ParsedConfiguration file;  // the last good file's
};

ConfigSource source_of(const ConfigLayers& layers, std::string_view key);
// The value of every key from the layer it comes from.
Configuration effective(const ConfigLayers& layers);
// The keys (in table order) whose value differs between `before` and `after`.
std::vector<std::string> changed_keys(const Configuration& before, const Configuration& after);
// Those of changed_keys() that a running daemon cannot apply (ConfigTakesEffect::kRestart).
std::vector<std::string> restart_keys(const Configuration& running, const Configuration& wanted);

}  // namespace kioku
