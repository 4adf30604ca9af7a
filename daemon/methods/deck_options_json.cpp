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
    throw Error(ErrorCode::kStorage,
                bilingual("stored deck options are not a JSON object: {options}",
                          "保存されているデッキのオプションが JSON オブジェクトではありません: "
                          "{options}",
                          {{"options", options_json}}));
  }
  return value.as_object();
}

}  // namespace

DeckOptions deck_options_from_json(const std::string& options_json) {
  DeckOptions options;
  for (const auto& [name, value] : parse_object(options_json)) {
    if (!value.is_string()) {
      throw Error(ErrorCode::kStorage,
                  bilingual("stored deck option '{option}' is not text",
                            "保存されているデッキのオプション '{option}' がテキストではありません",
                            {{"option", std::string(name)}}));
    }
    try {
      set_deck_option(options, name, value.as_string());
    } catch (const Error& error) {
      const BilingualMessage problem = error.message();
      throw Error(ErrorCode::kStorage,
                  BilingualMessage{"stored deck option: " + problem.english,
                                   "保存されているデッキのオプション: " + problem.japanese});
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
