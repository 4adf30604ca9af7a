// The configuration as a running kiokud holds it: the command line's settings, the last good
// file, and what the last load said. Loads read the file and hand its text to the pure parser
// (core/configuration.hpp); a refused reload keeps the last good file's settings
// (docs/configuration.md "Reloading").
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/configuration.hpp"
#include "core/configuration_layers.hpp"

namespace kioku::daemon {

// The largest configuration file read: a real one is a few hundred bytes.
inline constexpr std::size_t kMaxConfigFileBytes = 1024 * 1024;

// The file's text; "" when it does not exist and `required` is false. Throws ConfigError
// (kUnreadable) when it cannot be read, is too large or (when `required`) is missing.
std::string read_config_file(const std::string& path, bool required);

struct ReloadOutcome {
  bool loaded = false;
  std::optional<ConfigProblem> refused;
  std::vector<std::string> changed;         // effective values that changed and apply now
  std::vector<std::string> restart_needed;  // effective values that differ from the running ones
};

class ConfigurationState {
 public:
  // Loads `path` (required: it was named with --config; else a missing file is all defaults).
  // Throws ConfigError when the file is refused: kiokud does not start on a bad file.
  ConfigurationState(std::string path, bool required, Configuration command_line,
                     std::vector<std::string> command_line_keys);

  const std::string& path() const noexcept { return path_; }
  const ConfigLayers& layers() const noexcept { return layers_; }
  // Every key's value, each from its layer (kept as each load leaves it).
  const Configuration& effective() const noexcept { return effective_; }
  // The values this process started with: what the keys that need a restart still are.
  const Configuration& running() const noexcept { return running_; }
  // The keys whose effective value a running daemon cannot take (ConfigTakesEffect::kRestart)
  // and that differ from what it started with.
  std::vector<std::string> restart_needed() const { return restart_keys(running_, effective_); }
  // Whether `key` is one of restart_needed().
  bool restart_needed(const ConfigKey& key) const {
    return key.takes_effect == ConfigTakesEffect::kRestart &&
           key.get(running_) != key.get(effective_);
  }
  // Loads so far, refused ones included; the start-up's is 1.
  std::int64_t generation() const noexcept { return generation_; }
  const std::optional<ConfigProblem>& refused() const noexcept { return refused_; }

  // Runs `changed` with the new effective configuration after a load that changed a value.
  void when_changed(std::function<void(const Configuration&)> changed) {
    changed_ = std::move(changed);
  }
  // Runs `loaded` with the effective configuration after every load that was accepted, changed
  // or not (the reminders look for notify-send on PATH again at each reload).
  void when_loaded(std::function<void(const Configuration&)> loaded) {
    loaded_ = std::move(loaded);
  }

  // Reads the file again. A refused file keeps the last good settings and is remembered for
  // `kioku daemon status`; either way the outcome is logged.
  ReloadOutcome reload();
  // Checks `text` as the file's; writes it (a temporary file beside it, then rename) only when
  // it is accepted, then reloads. Throws ConfigError when refused (nothing written), and
  // kioku::Error when it cannot be written.
  ReloadOutcome replace(const std::string& text);

 private:
  ReloadOutcome apply(ParsedConfiguration parsed);

  std::string path_;
  bool required_;
  ConfigLayers layers_;
  Configuration effective_;  // kioku::effective(layers_)
  Configuration running_;
  std::int64_t generation_ = 0;
  std::optional<ConfigProblem> refused_;
  std::function<void(const Configuration&)> changed_ = [](const Configuration&) {};
  std::function<void(const Configuration&)> loaded_ = [](const Configuration&) {};
};

}  // namespace kioku::daemon
