// JSON encoding of card content, and the fingerprint re-imports compare.
#include "daemon/store/card_content.hpp"

#include <boost/json.hpp>
#include <cstdio>

#include "core/card_sides.hpp"
#include "core/error.hpp"
#include "core/fnv1a.hpp"

namespace kioku::daemon {

namespace json = boost::json;

namespace {

json::object localized_object(const LocalizedText& text) {
  json::object object;
  for (const auto& [language, value] : text) object[language] = value;
  return object;
}

LocalizedText localized_from_value(const json::value& value) {
  LocalizedText text;
  if (!value.is_object()) return text;
  for (const auto& [language, entry] : value.as_object()) {
    if (entry.is_string()) text[std::string(language)] = std::string(entry.as_string());
  }
  return text;
}

}  // namespace

std::string localized_to_json(const LocalizedText& text) {
  return json::serialize(localized_object(text));
}

LocalizedText localized_from_json(const std::string& text) {
  json::error_code error;
  const json::value value = json::parse(text, error);
  if (error) return {};
  return localized_from_value(value);
}

std::string content_to_json(const Note& choice_note) {
  const auto texts = [&](std::string_view name) {
    const LocalizedText* text = choice_note.field(name);
    return text == nullptr ? LocalizedText{} : *text;
  };
  json::object choices;
  for (const auto& [language, list] : choice_note.choices) {
    json::array array;
    for (const std::string& choice : list) array.emplace_back(choice);
    choices[language] = std::move(array);
  }
  json::object content;
  content["question"] = localized_object(texts("question"));
  content["choices"] = std::move(choices);
  content["answer"] = choice_note.answer;
  // A card's row holds all a choice card shows, so the note's source ends its explanation, as it
  // ends the answer side of the other kinds (render_card_sides).
  LocalizedText explanation = texts("explanation");
  for (const auto& [language, source] : texts(kSourceField)) {
    if (source.empty()) continue;
    std::string& text = explanation[language];
    text += (text.empty() ? "" : "\n\n") + source_line(choice_note, language);
  }
  content["explanation"] = localized_object(explanation);
  return json::serialize(content);
}

std::string content_hash(std::string_view content_json,
                         std::initializer_list<std::string_view> tags_parts) {
  // A separator after each of the two, so ("ab","c") and ("a","bc") differ.
  std::uint64_t hash = fnv1a_64_byte(fnv1a_64(content_json), 0xff);
  for (const std::string_view part : tags_parts) hash = fnv1a_64(part, hash);
  hash = fnv1a_64_byte(hash, 0xff);
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace kioku::daemon
