// The configuration's keys as data: name, type, the values allowed, when a change takes effect,
// and how to read and write each in a Configuration. The parser, `kioku config` and
// docs/configuration.md all follow this one table.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/configuration.hpp"

namespace kioku {

// kCommand: a program and its arguments, written as an array of strings or as one string split
// at spaces (core/reminder_settings.hpp split_command); always held as the array.
enum class ConfigType { kInteger, kString, kBoolean, kCommand };

// When a changed value takes effect in a running daemon.
enum class ConfigTakesEffect {
  kReload,   // at the next reload (SIGHUP, `kioku config reload`, `config set`)
  kRestart,  // only when kiokud starts again: a reload reports it as needing a restart
  kClient,   // read by each `kioku` command when it starts; the daemon only validates it
};

// A setting's value: nothing (not set: the default applies, see the key's help), a whole
// number, a string, a boolean or a command's words. Build it from a std::string, never from a
// string literal, which would convert to bool.
using ConfigValue =
    std::variant<std::monostate, std::int64_t, std::string, bool, std::vector<std::string>>;

// The type's name in problems and on the wire: "integer", "string", "boolean", "command".
std::string_view type_name(ConfigType type) noexcept;

struct ConfigKey {
  std::string_view name;  // dotted: "daemon.socket"
  ConfigType type;
  std::int64_t lowest = 0;  // kInteger: the range
  std::int64_t highest = 0;
  std::string_view choices;  // kString: the allowed values, comma separated; "" any
  ConfigTakesEffect takes_effect;
  ConfigValue (*get)(const Configuration&);
  void (*set)(Configuration&, const ConfigValue&);
};

// Every key, in the order docs/configuration.md lists them.
std::span<const ConfigKey> configuration_keys();
// The key named `name`; null when there is none.
const ConfigKey* find_config_key(std::string_view name);

// `value` as TOML writes it: 4, "ja", true, ["notify-send", "-u", "low"]; "" for nothing.
std::string toml_literal(const ConfigValue& value);

// What is wrong with `value` for `key` (its type, range, choices, path or time zone), as a
// problem with the kind, expected, lowest, highest and got filled (no file or place); nullopt
// when fine, and for nothing set (the default applies).
std::optional<ConfigProblem> check_value(const ConfigKey& key, const ConfigValue& value);

// The value of `key` from a command line's text (`kioku config set KEY VALUE`): a whole number
// for an integer key, true or false for a boolean, the words for a command (split_command),
// the text itself for a string key. Throws ConfigError (no file or place)
// when it is not one, or check_value() finds a problem.
ConfigValue value_from_text(const ConfigKey& key, std::string_view text);

}  // namespace kioku
