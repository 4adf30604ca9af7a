// config.*: the configuration file as the running kiokud holds it (docs/configuration.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/config_problem_info.hpp"
#include "protocol/method_type.hpp"
#include "protocol/system_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

// One setting as the daemon holds it now.
struct ConfigEntry {
  std::string key;
  boost::json::value value;  // a number, a string, or null: not set (its default applies)
  std::string source;        // "default", "file" or "command line"
  std::string takes_effect;  // "reload", "restart" or "client"
  // The file says otherwise than the value this kiokud started with, and only a restart
  // applies it.
  bool restart_needed = false;
};
BOOST_DESCRIBE_STRUCT(ConfigEntry, (), (key, value, source, takes_effect, restart_needed))

struct ConfigKeyParams {
  std::string key;
  static constexpr std::array kHelp{FieldHelp{"key", "a setting's name, e.g. day_starts_at"}};
};
BOOST_DESCRIBE_STRUCT(ConfigKeyParams, (), (key))

struct ConfigSetParams {
  std::string key;
  std::string value;
  static constexpr std::array kHelp{
      FieldHelp{"key", "a setting's name, e.g. day_starts_at"},
      FieldHelp{"value", "the value as text: digits for a number, else the string itself"}};
};
BOOST_DESCRIBE_STRUCT(ConfigSetParams, (), (key, value))

struct ConfigListResult {
  std::string file;
  std::int64_t generation = 0;  // loads so far, the start-up's included; refused ones too
  std::vector<ConfigEntry> entries;
  std::optional<ConfigProblemInfo> refused;  // the last reload's problem, if it was refused
};
BOOST_DESCRIBE_STRUCT(ConfigListResult, (), (file, generation, entries, refused))

struct ConfigReloadResult {
  std::string file;
  std::int64_t generation = 0;
  bool loaded = false;  // false: refused, the last good configuration stays
  std::optional<ConfigProblemInfo> refused;
  std::vector<std::string> changed;         // keys whose value changed and now apply
  std::vector<std::string> restart_needed;  // keys that differ from the running ones
};
BOOST_DESCRIBE_STRUCT(ConfigReloadResult, (),
                      (file, generation, loaded, refused, changed, restart_needed))

struct ConfigTextResult {
  std::string file;
  std::string text;  // "" when there is no file yet
};
BOOST_DESCRIBE_STRUCT(ConfigTextResult, (), (file, text))

struct ConfigWriteParams {
  std::string text;
  static constexpr std::array kHelp{FieldHelp{"text", "the whole file's new text"}};
};
BOOST_DESCRIBE_STRUCT(ConfigWriteParams, (), (text))

inline constexpr MethodType<ConfigKeyParams, ConfigEntry> kConfigGet{
    "config.get", "One setting: its value, where it comes from and when a change applies."};
inline constexpr MethodType<ConfigSetParams, ConfigReloadResult> kConfigSet{
    "config.set",
    "Sets one setting in the configuration file (checked first; the file is replaced whole, "
    "its other lines kept) and reloads it. A refused value is an error naming the key, with "
    "data.config_problem."};
inline constexpr MethodType<NoParams, ConfigListResult> kConfigList{
    "config.list", "Every setting with its value and source, and the file's last refusal."};
inline constexpr MethodType<NoParams, ConfigReloadResult> kConfigReload{
    "config.reload",
    "Reads the configuration file again, as SIGHUP does. A bad file is refused and the last good "
    "configuration kept (loaded false, refused says why)."};
inline constexpr MethodType<NoParams, ConfigTextResult> kConfigRead{
    "config.read", "The configuration file's text, for an editor."};
inline constexpr MethodType<ConfigWriteParams, ConfigReloadResult> kConfigWrite{
    "config.write",
    "Replaces the configuration file with `text` once it is checked, and reloads it. A refused "
    "text is an error with data.config_problem, and the file is left as it was."};

}  // namespace kioku::protocol
