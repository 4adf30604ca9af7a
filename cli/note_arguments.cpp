#include "cli/note_arguments.hpp"

#include <algorithm>
#include <charconv>

#include "cli/messages.hpp"
#include "core/error.hpp"

namespace kioku::cli {

namespace {

boost::json::object fields_object(const protocol::NoteFieldsView& fields) {
  boost::json::object object;
  for (const auto& [name, texts] : fields) {
    boost::json::object by_language;
    for (const auto& [language, text] : texts) by_language[language] = text;
    object[name] = std::move(by_language);
  }
  return object;
}

boost::json::array strings(const std::vector<std::string>& texts) {
  boost::json::array array;
  for (const std::string& text : texts) array.emplace_back(text);
  return array;
}

// Writes what every save sends: the kind, fields, tags, and a choice note's choices and answer.
void add_content(const NoteContent& note, boost::json::object& params) {
  params["kind"] = note.kind;
  params["fields"] = fields_object(note.fields);
  params["tags"] = strings(note.tags);
  if (!note.choices.empty()) {
    boost::json::object choices;
    for (const auto& [language, texts] : note.choices) choices[language] = strings(texts);
    params["choices"] = std::move(choices);
  }
  if (note.answer) params["answer"] = *note.answer;
}

}  // namespace

protocol::NoteFieldsView fields_from_arguments(const std::vector<std::string>& arguments,
                                               const std::string& default_language,
                                               const NoteMessages& words) {
  protocol::NoteFieldsView fields;
  for (const std::string& argument : arguments) {
    const std::size_t equals = argument.find('=');
    const std::string key = argument.substr(0, equals);
    const std::size_t dot = key.find('.');
    const std::string name = key.substr(0, dot);
    const std::string language = dot == std::string::npos ? default_language : key.substr(dot + 1);
    if (equals == std::string::npos || name.empty() || language.empty()) {
      throw Error(ErrorCode::kInvalidParams,
                  fill_in(words.bad_field_argument, {{"argument", argument}}));
    }
    std::map<std::string, std::string>& texts = fields[name];
    if (!texts.emplace(language, argument.substr(equals + 1)).second) {
      throw Error(ErrorCode::kInvalidParams,
                  fill_in(words.field_given_twice, {{"argument", argument}}));
    }
  }
  // An empty text is none (`--field back=` says so); a field left with none is left out.
  for (auto field = fields.begin(); field != fields.end();) {
    std::erase_if(field->second, [](const auto& entry) { return entry.second.empty(); });
    field = field->second.empty() ? fields.erase(field) : std::next(field);
  }
  return fields;
}

std::string default_text_language(const std::vector<std::string>& deck_languages,
                                  const std::string& language) {
  if (deck_languages.empty()) return language;
  if (std::find(deck_languages.begin(), deck_languages.end(), language) != deck_languages.end()) {
    return language;
  }
  return deck_languages.front();
}

std::vector<std::string> languages_for_editing(const std::vector<std::string>& deck_languages,
                                               const std::string& first) {
  std::vector<std::string> languages{first};
  for (const std::string& language : deck_languages) {
    if (language != first) languages.push_back(language);
  }
  return languages;
}

boost::json::object note_add_params(const std::string& deck, const NoteContent& note) {
  boost::json::object params{{"deck", deck}};
  if (!note.id.empty()) params["id"] = note.id;
  add_content(note, params);
  return params;
}

boost::json::object note_update_params(const NoteContent& note, const std::string& deck) {
  boost::json::object params{{"note", note.id}};
  if (!deck.empty()) params["deck"] = deck;
  add_content(note, params);
  return params;
}

std::optional<std::int64_t> card_id_of(const std::string& argument) {
  std::string_view digits = argument;
  if (digits.substr(0, 5) == "card:") digits.remove_prefix(5);
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char character) {
        return character >= '0' && character <= '9';
      })) {
    return std::nullopt;
  }
  std::int64_t card = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), card);
  if (error != std::errc() || end != digits.data() + digits.size() || card <= 0)
    return std::nullopt;
  return card;
}

}  // namespace kioku::cli
