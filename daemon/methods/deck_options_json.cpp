// Stored deck options, applied through core's option table so the ranges live in one place.
#include "daemon/methods/deck_options_json.hpp"

#include <boost/json.hpp>

#include "core/deck_config.hpp"
#include "core/error.hpp"

namespace kioku::daemon {

namespace json = boost::json;

namespace {

json::object parse_object(const std::string& options_json) {
  json::error_code error;
  json::value value = json::parse(options_json, error);
  if (error || !value.is_object()) {
    throw Error(ErrorCode::kStorage, "stored deck options are not a JSON object: " + options_json);
  }
  return value.as_object();
}

}  // namespace

DeckOptions deck_options_from_json(const std::string& options_json) {
  DeckOptions options;
  for (const auto& [name, value] : parse_object(options_json)) {
    if (!value.is_string()) {
      throw Error(ErrorCode::kStorage,
                  "stored deck option '" + std::string(name) + "' is not text");
    }
    try {
      set_deck_option(options, name, value.as_string());
    } catch (const Error& error) {
      throw Error(ErrorCode::kStorage, std::string("stored deck option: ") + error.what());
    }
  }
  return options;
}

std::string with_option(const std::string& options_json, const std::string& name,
                        const std::string& value) {
  json::object object = parse_object(options_json);
  DeckOptions check = deck_options_from_json(options_json);
  set_deck_option(check, name, value);  // throws with the allowed range
  object[name] = deck_option_text(check, name);
  return json::serialize(object);
}

}  // namespace kioku::daemon
