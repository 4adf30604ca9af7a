// A deck's options as the collection stores them: a JSON object of option name -> text value,
// holding only what was set (everything else is the default).
#pragma once

#include <string>

#include "core/deck_options.hpp"

namespace kioku::daemon {

// Throws kioku::Error (kStorage) when the stored options cannot be applied.
DeckOptions deck_options_from_json(const std::string& options_json);

// Applies `name = value` on top of the stored JSON and returns the new JSON. Throws
// kioku::Error (kInvalidParams) naming the option and its range when the value is refused.
std::string with_option(const std::string& options_json, const std::string& name,
                        const std::string& value);

}  // namespace kioku::daemon
