#include "core/configuration_layers.hpp"

#include <algorithm>

namespace kioku {

namespace {

bool contains(const std::vector<std::string>& keys, std::string_view key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace

std::string_view to_string(ConfigSource source) noexcept {
  switch (source) {
    case ConfigSource::kDefault:
      return "default";
    case ConfigSource::kFile:
      return "file";
    case ConfigSource::kCommandLine:
      return "command line";
  }
  return "default";
}

std::string_view to_string(ConfigTakesEffect takes_effect) noexcept {
  switch (takes_effect) {
    case ConfigTakesEffect::kReload:
      return "reload";
    case ConfigTakesEffect::kRestart:
      return "restart";
    case ConfigTakesEffect::kClient:
      return "client";
  }
  return "reload";
}

ConfigSource source_of(const ConfigLayers& layers, std::string_view key) {
  if (contains(layers.command_line_keys, key)) return ConfigSource::kCommandLine;
  if (contains(layers.file.keys_set, key)) return ConfigSource::kFile;
  return ConfigSource::kDefault;
}

Configuration effective(const ConfigLayers& layers) {
  Configuration values;
  for (const ConfigKey& key : configuration_keys()) {
    const ConfigSource source = source_of(layers, key.name);
    if (source == ConfigSource::kDefault) continue;
    const ConfigValue value =
        key.get(source == ConfigSource::kCommandLine ? layers.command_line : layers.file.values);
    if (!std::holds_alternative<std::monostate>(value)) key.set(values, value);
  }
  return values;
}

std::vector<std::string> changed_keys(const Configuration& before, const Configuration& after) {
  std::vector<std::string> keys;
  for (const ConfigKey& key : configuration_keys()) {
    if (key.get(before) != key.get(after)) keys.emplace_back(key.name);
  }
  return keys;
}

std::vector<std::string> restart_keys(const Configuration& running, const Configuration& wanted) {
  std::vector<std::string> keys;
  for (const std::string& name : changed_keys(running, wanted)) {
    if (find_config_key(name)->takes_effect == ConfigTakesEffect::kRestart) keys.push_back(name);
  }
  return keys;
}

}  // namespace kioku
