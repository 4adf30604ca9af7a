#include "cli/deck_refusal.hpp"

#include <boost/json.hpp>
#include <string_view>

#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::cli {

namespace {

// `object[key]` when it is a string, else "" (the reply is kiokud's, not trusted to be whole).
std::string json_text(const boost::json::value& object, std::string_view key) {
  const boost::json::value* value =
      object.is_object() ? object.as_object().if_contains(key) : nullptr;
  return value && value->is_string() ? std::string(value->as_string()) : std::string();
}

// A candidate's name in `language`, else in English, else in the first language it has.
std::string name_in(const boost::json::value& candidate, const std::string& language) {
  const boost::json::value* names =
      candidate.is_object() ? candidate.as_object().if_contains("names") : nullptr;
  if (names == nullptr || !names->is_object() || names->as_object().empty()) return {};
  for (const std::string& wanted : {language, std::string("en")}) {
    if (const std::string name = json_text(*names, wanted); !name.empty()) return name;
  }
  return json_text(*names, names->as_object().begin()->key());
}

}  // namespace

Error deck_refusal(const std::string& deck, const Error& refusal, const std::string& language) {
  const Messages& text = messages_for(language);
  const auto* detailed = dynamic_cast<const protocol::ErrorWithData*>(&refusal);
  const boost::json::value* named = detailed ? detailed->data().if_contains("candidates") : nullptr;
  if (named == nullptr || !named->is_array()) {
    return Error(ErrorCode::kNotFound, fill_in(text.no_deck_named, {{"deck", safe_line(deck)}}));
  }
  std::string candidates;
  for (const boost::json::value& candidate : named->as_array()) {
    if (!candidates.empty()) candidates += ", ";
    candidates += safe_line(json_text(candidate, "id")) + " (" +
                  safe_line(name_in(candidate, language)) + ")";
  }
  return Error(ErrorCode::kNotFound, fill_in(text.deck_ambiguous, {{"deck", safe_line(deck)},
                                                                   {"candidates", candidates}}));
}

}  // namespace kioku::cli
