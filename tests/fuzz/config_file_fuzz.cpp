// libFuzzer target for the configuration file (core/configuration.hpp, docs/configuration.md):
// any bytes a config.toml may hold. A text is either refused with a problem that names the file
// and a place, or read into values each within its key's range; and `kioku config set`'s edit
// (core/configuration_edit.hpp) of a text that was read keeps it readable, with the new value.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/configuration.hpp"
#include "core/configuration_edit.hpp"
#include "core/configuration_keys.hpp"

namespace {

constexpr const char* kSourceName = "fuzz.toml";

void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "config_file_fuzz: broken invariant: %s\n", what);
  std::abort();
}

// A value `key` accepts, to set with the editor; nothing when the key takes no plain one here.
kioku::ConfigValue acceptable_value(const kioku::ConfigKey& key) {
  if (key.type == kioku::ConfigType::kInteger) return key.lowest;
  if (key.type == kioku::ConfigType::kBoolean) return true;
  if (key.type == kioku::ConfigType::kCommand) {
    return std::vector<std::string>{"notify-send", "-u", "low"};
  }
  if (!key.choices.empty()) {
    return std::string(key.choices.substr(0, key.choices.find(',')));
  }
  const kioku::ConfigValue candidates[] = {std::string("UTC"), std::string("/run/kioku/fuzz.sock"),
                                           std::string("90m"), std::string("22:00-07:00")};
  for (const kioku::ConfigValue& value : candidates) {
    if (!kioku::check_value(key, value)) return value;
  }
  return std::monostate{};
}

void check_edits(std::string_view text) {
  for (const kioku::ConfigKey& key : kioku::configuration_keys()) {
    const kioku::ConfigValue value = acceptable_value(key);
    if (std::holds_alternative<std::monostate>(value)) continue;
    std::string edited;
    try {
      edited = kioku::with_setting(text, key, value, kSourceName);
    } catch (const kioku::Error&) {
      continue;  // the documented refusal: the key's section is an inline table
    }
    kioku::ParsedConfiguration reread;
    try {
      reread = kioku::parse_configuration(edited, kSourceName);
    } catch (const kioku::ConfigError& error) {
      std::fprintf(stderr, "config_file_fuzz: %s after setting %.*s\n", error.what(),
                   static_cast<int>(key.name.size()), key.name.data());
      check(false, "an edit of a readable file stays readable");
    }
    check(key.get(reread.values) == value, "the edit sets the value");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  kioku::ParsedConfiguration parsed;
  try {
    parsed = kioku::parse_configuration(text, kSourceName);
  } catch (const kioku::ConfigError& error) {
    const kioku::ConfigProblem& problem = error.problem();
    check(problem.file == kSourceName, "the problem names the file");
    check(problem.line >= 0 && problem.column >= 0, "the place is not negative");
    check(std::string_view(error.what()).starts_with(kSourceName), "the message names the file");
    return 0;
  }
  for (const kioku::ConfigKey& key : kioku::configuration_keys()) {
    check(!kioku::check_value(key, key.get(parsed.values)),
          "every value is within its key's rules");
  }
  check_edits(text);
  // Anything else (another exception, a sanitizer report) escapes and crashes the fuzzer.
  return 0;
}
