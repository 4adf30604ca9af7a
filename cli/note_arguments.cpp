#include "cli/note_arguments.hpp"

#include <algorithm>
#include <charconv>

#include "cli/messages.hpp"
#include "cli/review_connection.hpp"
#include "core/error.hpp"
#include "core/note.hpp"
#include "core/note_kind.hpp"
#include "core/note_validation.hpp"

namespace kioku::cli {

namespace {

// Refuses a note whose text breaks a rule as kiokud would (check_note_texts; invalid_note_error,
// the field named, so the editor points at it), before its request: a note past
// kMaxNoteTextBytes, or whose control characters JSON writes in six bytes each, may be longer
// than a request line, which kiokud would refuse by its length alone (docs/notes.md, "How much
// a note holds").
void check_note_text_before_sending(const NoteContent& content) {
  try {
    const NoteKind kind = content.kind == note_kind_name(NoteKind::kAnki)
                              ? NoteKind::kAnki
                              : parse_note_kind(content.kind);
    check_note_texts(requested_note(content.id, "", kind, content.fields, content.choices,
                                    content.answer, content.tags));
  } catch (const NoteError& error) {
    throw invalid_note_error(error);
  }
}

// What every save sends beside its note's name: the kind, fields, tags, and a choice note's
// choices and answer.
template <class Params>
Params with_content(Params params, const NoteContent& note) {
  check_note_text_before_sending(note);
  params.kind = note.kind;
  params.fields = note.fields;
  if (!note.choices.empty()) params.choices = note.choices;
  params.answer = note.answer;
  params.tags = note.tags;
  return params;
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
  protocol::NoteAddParams params;
  params.deck = deck;
  if (!note.id.empty()) params.id = note.id;
  return request_params(with_content(std::move(params), note));
}

boost::json::object note_update_params(const NoteContent& note, const std::string& deck) {
  protocol::NoteUpdateParams params;
  params.note = note.id;
  if (!deck.empty()) params.deck = deck;
  return request_params(with_content(std::move(params), note));
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
