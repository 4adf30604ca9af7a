// JSON encoding of card content, and the fingerprint re-imports compare.
#include "daemon/store/card_content.hpp"

#include <boost/json.hpp>
#include <cstddef>
#include <cstdio>

#include "core/error.hpp"

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

std::string content_to_json(const DeckCard& card) {
  json::object choices;
  for (const auto& [language, list] : card.choices) {
    json::array array;
    for (const std::string& choice : list) array.emplace_back(choice);
    choices[language] = std::move(array);
  }
  json::object content;
  content["question"] = localized_object(card.question);
  content["choices"] = std::move(choices);
  content["answer"] = card.answer;
  content["explanation"] = localized_object(card.explanation);
  return json::serialize(content);
}

CardContent content_from_json(const std::string& text) {
  // Parsed into a buffer on this frame: the value is read once and dropped, and building it
  // with a malloc and a free per string cost every answer about 8,000 instructions.
  alignas(std::max_align_t) unsigned char buffer[4096];
  json::monotonic_resource resource(buffer, sizeof buffer);
  json::error_code error;
  const json::value value = json::parse(text, error, json::storage_ptr(&resource));
  if (error || !value.is_object()) {
    throw Error(ErrorCode::kStorage, "stored card content is not a JSON object");
  }
  const json::object& object = value.as_object();
  CardContent content;
  if (const auto* question = object.if_contains("question")) {
    content.question = localized_from_value(*question);
  }
  if (const auto* explanation = object.if_contains("explanation")) {
    content.explanation = localized_from_value(*explanation);
  }
  if (const auto* choices = object.if_contains("choices"); choices && choices->is_object()) {
    for (const auto& [language, list] : choices->as_object()) {
      if (!list.is_array()) continue;
      auto& target = content.choices[std::string(language)];
      for (const json::value& choice : list.as_array()) {
        if (choice.is_string()) target.emplace_back(choice.as_string());
      }
    }
  }
  if (const auto* answer = object.if_contains("answer"); answer && answer->is_int64()) {
    content.answer = static_cast<int>(answer->as_int64());
  }
  return content;
}

std::string content_hash(const std::string& content_json, const std::string& tags) {
  // FNV-1a, 64 bit: stable across runs and builds, unlike std::hash.
  std::uint64_t hash = 14695981039346656037ull;
  const auto mix = [&](const std::string& text) {
    for (unsigned char byte : text) {
      hash ^= byte;
      hash *= 1099511628211ull;
    }
    hash ^= 0xff;  // separator, so ("ab","c") and ("a","bc") differ
    hash *= 1099511628211ull;
  };
  mix(content_json);
  mix(tags);
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace kioku::daemon
