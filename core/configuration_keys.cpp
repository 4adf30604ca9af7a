#include "core/configuration_keys.hpp"

#include <array>
#include <charconv>
#include <limits>

#include "core/reminder_settings.hpp"
#include "core/time_zone_check.hpp"
#include "core/toml_string.hpp"

namespace kioku {

namespace {

constexpr std::int64_t kMaxSeconds = std::numeric_limits<std::int32_t>::max();

std::int64_t number(const ConfigValue& value) {
  return std::get<std::int64_t>(value);
}
const std::string& text(const ConfigValue& value) {
  return std::get<std::string>(value);
}
bool boolean(const ConfigValue& value) {
  return std::get<bool>(value);
}
const std::vector<std::string>& words(const ConfigValue& value) {
  return std::get<std::vector<std::string>>(value);
}
// An empty command reads as nothing: the default (notify-send when it is on PATH) applies.
ConfigValue optional_words(const std::vector<std::string>& value) {
  return value.empty() ? ConfigValue() : ConfigValue(value);
}

// The type a value holds, as type_name() spells a key's.
std::string_view held_type(const ConfigValue& value) {
  if (std::holds_alternative<std::int64_t>(value)) return "integer";
  if (std::holds_alternative<bool>(value)) return "boolean";
  if (std::holds_alternative<std::vector<std::string>>(value)) return "command";
  return "string";
}

bool holds(ConfigType type, const ConfigValue& value) {
  switch (type) {
    case ConfigType::kInteger:
      return std::holds_alternative<std::int64_t>(value);
    case ConfigType::kString:
      return std::holds_alternative<std::string>(value);
    case ConfigType::kBoolean:
      return std::holds_alternative<bool>(value);
    case ConfigType::kCommand:
      return std::holds_alternative<std::vector<std::string>>(value);
  }
  return false;
}

// An unset optional reads as nothing; a set one as its number.
ConfigValue optional_number(const std::optional<std::int64_t>& value) {
  return value ? ConfigValue(*value) : ConfigValue();
}
ConfigValue optional_text(const std::string& value) {
  return value.empty() ? ConfigValue() : ConfigValue(value);
}

// The daemon's limits match kiokud's options of the same meaning (daemon/main.cpp).
constexpr std::array kKeys{
    ConfigKey{"day_starts_at", ConfigType::kInteger, 0, 23, "", ConfigTakesEffect::kReload,
              [](const Configuration& c) { return ConfigValue(std::int64_t{c.day_starts_at}); },
              [](Configuration& c, const ConfigValue& v) {
                c.day_starts_at = static_cast<int>(number(v));
              }},
    // Days are counted in the process's zone, which glibc reads once: a new zone needs a new
    // process.
    ConfigKey{"time_zone", ConfigType::kString, 0, 0, "", ConfigTakesEffect::kRestart,
              [](const Configuration& c) { return optional_text(c.time_zone); },
              [](Configuration& c, const ConfigValue& v) { c.time_zone = text(v); }},
    ConfigKey{"language", ConfigType::kString, 0, 0, "en,ja,both", ConfigTakesEffect::kClient,
              [](const Configuration& c) { return optional_text(c.language); },
              [](Configuration& c, const ConfigValue& v) { c.language = text(v); }},
    ConfigKey{"color", ConfigType::kString, 0, 0, "auto,always,never", ConfigTakesEffect::kClient,
              [](const Configuration& c) { return ConfigValue(c.color); },
              [](Configuration& c, const ConfigValue& v) { c.color = text(v); }},
    // The socket is bound once; clients (kioku reads this key too) look for it there.
    ConfigKey{"daemon.socket", ConfigType::kString, 0, 0, "", ConfigTakesEffect::kRestart,
              [](const Configuration& c) { return optional_text(c.socket); },
              [](Configuration& c, const ConfigValue& v) { c.socket = text(v); }},
    ConfigKey{"daemon.idle_exit", ConfigType::kInteger, 0, kMaxSeconds, "",
              ConfigTakesEffect::kRestart,
              [](const Configuration& c) { return optional_number(c.idle_exit); },
              [](Configuration& c, const ConfigValue& v) { c.idle_exit = number(v); }},
    ConfigKey{"daemon.idle_timeout", ConfigType::kInteger, 1, kMaxSeconds, "",
              ConfigTakesEffect::kRestart,
              [](const Configuration& c) { return ConfigValue(c.idle_timeout); },
              [](Configuration& c, const ConfigValue& v) { c.idle_timeout = number(v); }},
    ConfigKey{"daemon.max_clients", ConfigType::kInteger, 1, 1'000'000, "",
              ConfigTakesEffect::kRestart,
              [](const Configuration& c) { return ConfigValue(c.max_clients); },
              [](Configuration& c, const ConfigValue& v) { c.max_clients = number(v); }},
    // A year of dailies and ten years of weeklies: more is a mistake, not a policy.
    ConfigKey{"backups.daily", ConfigType::kInteger, 0, 366, "", ConfigTakesEffect::kReload,
              [](const Configuration& c) { return ConfigValue(c.backups_daily); },
              [](Configuration& c, const ConfigValue& v) { c.backups_daily = number(v); }},
    ConfigKey{"backups.weekly", ConfigType::kInteger, 0, 520, "", ConfigTakesEffect::kReload,
              [](const Configuration& c) { return ConfigValue(c.backups_weekly); },
              [](Configuration& c, const ConfigValue& v) { c.backups_weekly = number(v); }},
    // Reminders apply at the next reload: kiokud reads them afresh each time they change.
    ConfigKey{"reminders.notify", ConfigType::kBoolean, 0, 0, "", ConfigTakesEffect::kReload,
              [](const Configuration& c) { return ConfigValue(c.reminders_notify); },
              [](Configuration& c, const ConfigValue& v) { c.reminders_notify = boolean(v); }},
    ConfigKey{
        "reminders.notify_command", ConfigType::kCommand, 0, 0, "", ConfigTakesEffect::kReload,
        [](const Configuration& c) { return optional_words(c.reminders_notify_command); },
        [](Configuration& c, const ConfigValue& v) { c.reminders_notify_command = words(v); }},
    ConfigKey{"reminders.threshold", ConfigType::kInteger, 1, 1'000'000, "",
              ConfigTakesEffect::kReload,
              [](const Configuration& c) { return ConfigValue(c.reminders_threshold); },
              [](Configuration& c, const ConfigValue& v) { c.reminders_threshold = number(v); }},
    ConfigKey{"reminders.quiet_hours", ConfigType::kString, 0, 0, "", ConfigTakesEffect::kReload,
              [](const Configuration& c) { return optional_text(c.reminders_quiet_hours); },
              [](Configuration& c, const ConfigValue& v) { c.reminders_quiet_hours = text(v); }},
    ConfigKey{"reminders.interval", ConfigType::kString, 0, 0, "", ConfigTakesEffect::kReload,
              [](const Configuration& c) { return ConfigValue(c.reminders_interval); },
              [](Configuration& c, const ConfigValue& v) { c.reminders_interval = text(v); }},
};

bool is_choice(std::string_view choices, std::string_view value) {
  while (!choices.empty()) {
    const std::size_t comma = choices.find(',');
    if (choices.substr(0, comma) == value) return true;
    if (comma == std::string_view::npos) break;
    choices.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

std::string_view type_name(ConfigType type) noexcept {
  switch (type) {
    case ConfigType::kInteger:
      return "integer";
    case ConfigType::kString:
      return "string";
    case ConfigType::kBoolean:
      return "boolean";
    case ConfigType::kCommand:
      return "command";
  }
  return "string";
}

std::span<const ConfigKey> configuration_keys() {
  return kKeys;
}

const ConfigKey* find_config_key(std::string_view name) {
  for (const ConfigKey& key : kKeys) {
    if (key.name == name) return &key;
  }
  return nullptr;
}

std::string toml_literal(const ConfigValue& value) {
  if (const auto* whole = std::get_if<std::int64_t>(&value)) return std::to_string(*whole);
  if (const auto* string = std::get_if<std::string>(&value)) return toml_string(*string);
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "true" : "false";
  if (const auto* list = std::get_if<std::vector<std::string>>(&value)) {
    std::string out = "[";
    for (const std::string& word : *list) out += (out.size() > 1 ? ", " : "") + toml_string(word);
    return out + "]";
  }
  return {};
}

std::optional<ConfigProblem> check_value(const ConfigKey& key, const ConfigValue& value) {
  // Nothing set: the default applies, which is always fine.
  if (std::holds_alternative<std::monostate>(value)) return std::nullopt;
  ConfigProblem problem;
  problem.key = std::string(key.name);
  if (!holds(key.type, value)) {
    problem.kind = ConfigProblemKind::kWrongType;
    problem.expected = std::string(type_name(key.type));
    problem.got = std::string(held_type(value));
    return problem;
  }
  if (key.type == ConfigType::kBoolean) return std::nullopt;
  if (key.type == ConfigType::kCommand) {
    const std::vector<std::string>& command = words(value);
    if (!command.empty() && !command.front().empty()) return std::nullopt;
    problem.kind = ConfigProblemKind::kNoProgram;
    problem.got = toml_literal(value);
    return problem;
  }
  if (key.type == ConfigType::kInteger) {
    const std::int64_t whole = number(value);
    if (whole >= key.lowest && whole <= key.highest) return std::nullopt;
    problem.kind = ConfigProblemKind::kOutOfRange;
    problem.lowest = key.lowest;
    problem.highest = key.highest;
    problem.got = std::to_string(whole);
    return problem;
  }
  const std::string& string = text(value);
  problem.got = string;
  if (!key.choices.empty()) {
    if (is_choice(key.choices, string)) return std::nullopt;
    problem.kind = ConfigProblemKind::kNotAChoice;
    problem.expected = std::string(key.choices);
    return problem;
  }
  if (key.name == "daemon.socket" && (string.empty() || string.front() != '/')) {
    problem.kind = ConfigProblemKind::kNotAbsolutePath;
    return problem;
  }
  if (key.name == "time_zone" && (string.empty() || time_zone_problem(string.c_str()))) {
    problem.kind = ConfigProblemKind::kUnknownTimeZone;
    return problem;
  }
  if (key.name == "reminders.interval" && !parse_reminder_interval(string)) {
    problem.kind = ConfigProblemKind::kNotADuration;
    return problem;
  }
  // "" is no quiet hours, so that `kioku config set reminders.quiet_hours ""` turns them off.
  if (key.name == "reminders.quiet_hours" && !string.empty() && !parse_quiet_hours(string)) {
    problem.kind = ConfigProblemKind::kNotQuietHours;
    return problem;
  }
  return std::nullopt;
}

ConfigValue value_from_text(const ConfigKey& key, std::string_view text) {
  ConfigValue value = std::string(text);
  if (key.type == ConfigType::kBoolean) {
    if (text != "true" && text != "false") {
      ConfigProblem problem;
      problem.kind = ConfigProblemKind::kNotAChoice;
      problem.key = std::string(key.name);
      problem.expected = "true,false";
      problem.got = std::string(text);
      throw ConfigError(problem);
    }
    value = text == "true";
  }
  if (key.type == ConfigType::kCommand) value = split_command(text);
  if (key.type == ConfigType::kInteger) {
    std::int64_t whole = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), whole);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
      ConfigProblem problem;
      problem.kind = ConfigProblemKind::kNotAWholeNumber;
      problem.key = std::string(key.name);
      problem.got = std::string(text);
      throw ConfigError(problem);
    }
    value = whole;
  }
  if (auto problem = check_value(key, value)) throw ConfigError(std::move(*problem));
  return value;
}

}  // namespace kioku
