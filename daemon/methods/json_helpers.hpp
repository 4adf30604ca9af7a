// Small conversions shared by the handlers: optional parameters and card state as JSON.
#pragma once

#include <boost/json.hpp>
#include <optional>
#include <string>

#include "core/card_state.hpp"

namespace kioku::daemon {

// Parameters were type-checked by the dispatcher, so these only deal with absence.
std::optional<std::string> optional_string(const boost::json::object& params, std::string_view key);
std::optional<std::int64_t> optional_integer(const boost::json::object& params,
                                             std::string_view key);
// The `lang` parameter, "en" when absent. Throws kioku::Error (kInvalidParams) if malformed.
std::string language_param(const boost::json::object& params);

boost::json::object state_to_json(const CardState& state);

}  // namespace kioku::daemon
