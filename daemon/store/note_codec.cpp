#include "daemon/store/note_codec.hpp"

#include <boost/json.hpp>
#include <charconv>

#include "core/error.hpp"

namespace kioku::daemon {

namespace json = boost::json;

namespace {

// Which of a stored note's columns did not read.
enum class StoredPart { kFields, kChoices, kKeptCards };

[[noreturn]] void refuse(StoredPart what) {
  switch (what) {
    case StoredPart::kFields:
      throw Error(ErrorCode::kStorage,
                  bilingual("a stored note's fields is not what kiokud writes",
                            "保存されたノートのフィールドが kiokud の書き込む形式ではありません"));
    case StoredPart::kChoices:
      throw Error(ErrorCode::kStorage,
                  bilingual("a stored note's choices is not what kiokud writes",
                            "保存されたノートの選択肢が kiokud の書き込む形式ではありません"));
    case StoredPart::kKeptCards:
      break;
  }
  throw Error(
      ErrorCode::kStorage,
      bilingual("a stored note's kept cards is not what kiokud writes",
                "保存されたノートの残すカードの一覧が kiokud の書き込む形式ではありません"));
}

json::value parse_stored(const std::string& text, StoredPart what) {
  json::error_code error;
  json::value value = json::parse(text, error);
  if (error) refuse(what);
  return value;
}

const json::string& string_of(const json::value& value, StoredPart what) {
  if (!value.is_string()) refuse(what);
  return value.get_string();
}

}  // namespace

std::string note_fields_to_json(const std::vector<NoteField>& fields) {
  // Written straight out, each string through Boost.JSON's own serializer: byte for byte what
  // serializing the array of {"name", "text"} objects gave (cards.content_hash holds these
  // bytes), without building the objects first, which cost a new note about 6% of its time.
  std::string out = "[";
  json::serializer serializer;
  const auto append_string = [&](std::string_view text) {
    serializer.reset(json::string_view(text.data(), text.size()));
    char buffer[256];
    while (!serializer.done()) {
      const json::string_view part = serializer.read(buffer);
      out.append(part.data(), part.size());
    }
  };
  bool first_field = true;
  for (const NoteField& field : fields) {
    out += first_field ? "{\"name\":" : ",{\"name\":";
    first_field = false;
    append_string(field.name);
    out += ",\"text\":{";
    bool first = true;
    for (const auto& [language, value] : field.text) {
      if (!first) out += ',';
      first = false;
      append_string(language);
      out += ':';
      append_string(value);
    }
    out += "}}";
  }
  out += ']';
  return out;
}

std::string note_choices_to_json(const LocalizedChoices& choices) {
  json::object object;
  for (const auto& [language, list] : choices) {
    json::array array;
    for (const std::string& choice : list) array.emplace_back(choice);
    object[language] = std::move(array);
  }
  return json::serialize(object);
}

std::string join_tags(const std::vector<std::string>& tags) {
  std::string text;
  for (const std::string& tag : tags) text += (text.empty() ? "" : " ") + tag;
  return text;
}

std::vector<NoteField> note_fields_from_json(const std::string& text) {
  const json::value value = parse_stored(text, StoredPart::kFields);
  if (!value.is_array()) refuse(StoredPart::kFields);
  std::vector<NoteField> fields;
  for (const json::value& entry : value.get_array()) {
    const json::object* object = entry.if_object();
    if (object == nullptr || !object->contains("name") || !object->contains("text") ||
        !object->at("text").is_object()) {
      refuse(StoredPart::kFields);
    }
    NoteField field;
    field.name = std::string(string_of(object->at("name"), StoredPart::kFields));
    for (const auto& [language, texts] : object->at("text").get_object()) {
      field.text[std::string(language)] = std::string(string_of(texts, StoredPart::kFields));
    }
    fields.push_back(std::move(field));
  }
  return fields;
}

LocalizedChoices note_choices_from_json(const std::string& text) {
  const json::value value = parse_stored(text, StoredPart::kChoices);
  if (!value.is_object()) refuse(StoredPart::kChoices);
  LocalizedChoices choices;
  for (const auto& [language, list] : value.get_object()) {
    if (!list.is_array()) refuse(StoredPart::kChoices);
    std::vector<std::string>& out = choices[std::string(language)];
    for (const json::value& choice : list.get_array()) {
      out.emplace_back(string_of(choice, StoredPart::kChoices));
    }
  }
  return choices;
}

std::vector<std::string> split_tags(const std::string& tags) {
  std::vector<std::string> list;
  std::size_t start = 0;
  while (start < tags.size()) {
    std::size_t end = tags.find(' ', start);
    if (end == std::string::npos) end = tags.size();
    if (end > start) list.push_back(tags.substr(start, end - start));
    start = end + 1;
  }
  return list;
}

std::string kept_cards_to_text(const std::vector<int>& ordinals) {
  std::string text;
  for (const int ordinal : ordinals) {
    if (!text.empty()) text += ' ';
    text += std::to_string(ordinal);
  }
  return text;
}

std::vector<int> kept_cards_from_text(const std::string& text) {
  std::vector<int> ordinals;
  for (const std::string& part : split_tags(text)) {
    int value = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (error != std::errc() || end != part.data() + part.size()) refuse(StoredPart::kKeptCards);
    ordinals.push_back(value);
  }
  return ordinals;
}

}  // namespace kioku::daemon
