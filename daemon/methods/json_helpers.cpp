// Parameter access and state rendering for handlers.
#include "daemon/methods/json_helpers.hpp"

#include "core/error.hpp"
#include "core/time_format.hpp"

namespace kioku::daemon {

std::optional<std::string> optional_string(const boost::json::object& params,
                                           std::string_view key) {
  const boost::json::value* value = params.if_contains(key);
  if (value == nullptr || !value->is_string()) return std::nullopt;
  return std::string(value->as_string());
}

std::optional<std::int64_t> optional_integer(const boost::json::object& params,
                                             std::string_view key) {
  const boost::json::value* value = params.if_contains(key);
  if (value == nullptr) return std::nullopt;
  if (value->is_int64()) return value->as_int64();
  if (value->is_uint64()) {
    if (value->as_uint64() > static_cast<std::uint64_t>(INT64_MAX)) {
      throw Error(ErrorCode::kInvalidParams, "parameter '" + std::string(key) + "' is too large");
    }
    return static_cast<std::int64_t>(value->as_uint64());
  }
  return std::nullopt;
}

std::string language_param(const boost::json::object& params) {
  const std::string language = optional_string(params, "lang").value_or("en");
  if (language.empty() || language.size() > 8) {
    throw Error(ErrorCode::kInvalidParams,
                "parameter 'lang' must be a language code such as en or ja");
  }
  return language;
}

boost::json::object state_to_json(const CardState& state) {
  boost::json::object object;
  object["phase"] = to_string(state.phase);
  object["due_ms"] = state.due;
  object["due"] = state.phase == Phase::kNew ? boost::json::value(nullptr)
                                             : boost::json::value(format_rfc3339_utc(state.due));
  object["interval_days"] = state.interval_days;
  object["remaining_steps"] = state.remaining_steps;
  object["interday"] = state.interday;
  object["ease"] = state.ease;
  object["reps"] = state.reps;
  object["lapses"] = state.lapses;
  object["leech"] = state.leech;
  object["suspended"] = state.suspended;
  return object;
}

}  // namespace kioku::daemon
