// `kioku config set`'s edit of the file's text: only the one setting's value changes (or one
// line is added), so the user's comments, order and spacing stay as they were.
#pragma once

#include <string>
#include <string_view>

#include "core/configuration_keys.hpp"

namespace kioku {

// `text` with `key` set to `value`: the value's characters replaced where the key is already
// set; else a `name = value` line added after its section's header (a new section at the end
// when there is none), or for a key outside any section, before the first section. Throws
// ConfigError when `text` is not TOML (`file` names it), and kioku::Error (kInvalidInput) when
// the key's section is an inline table, which a line cannot be added to. The caller checks the
// result with parse_configuration(), as it would any other text.
std::string with_setting(std::string_view text, const ConfigKey& key, const ConfigValue& value,
                         const std::string& file);

}  // namespace kioku
