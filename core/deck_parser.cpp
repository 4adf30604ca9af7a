// TOML deck parsing and validation. Every rule failure throws an InputError that names the
// file, the line and the field, so a deck author can go straight to the problem.
#include "core/deck_parser.hpp"

#include <toml++/toml.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/error.hpp"

namespace kioku {

namespace {

constexpr std::size_t kMinimumChoices = 2;
constexpr std::size_t kMaximumChoices = 8;

int line_of(const toml::node& node) {
  return static_cast<int>(node.source().begin.line);
}

bool is_slug(std::string_view text) {
  if (text.empty() || text.size() > 64) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const bool allowed = std::islower(c) || std::isdigit(c) || (i > 0 && c == '-');
    if (!allowed) return false;
  }
  return true;
}

bool is_language_code(std::string_view text) {
  if (text.size() < 2 || text.size() > 8) return false;
  for (char c : text) {
    if (!std::islower(static_cast<unsigned char>(c)) && c != '-') return false;
  }
  return true;
}

// Reads one table (the whole file, [deck] or one card), tracking where it is for errors.
class TableReader {
 public:
  TableReader(const toml::table& table, const std::string& file, std::string path, int line)
      : table_(table), file_(file), path_(std::move(path)), line_(line > 0 ? line : 1) {}

  [[noreturn]] void fail(const std::string& key, const std::string& message,
                         const toml::node* at = nullptr) const {
    const int line = (at != nullptr && line_of(*at) > 0) ? line_of(*at) : line_;
    throw InputError(file_, line, field(key), message);
  }

  std::string field(const std::string& key) const {
    if (path_.empty()) return key;
    return key.empty() ? path_ : path_ + "." + key;
  }

  void allow_only(std::initializer_list<std::string_view> keys) const {
    for (const auto& [key, node] : table_) {
      bool known = false;
      for (std::string_view allowed : keys) known = known || key.str() == allowed;
      if (!known) {
        fail(std::string(key.str()), "unknown key (allowed here: " + join(keys) + ")", &node);
      }
    }
  }

  const toml::node& require(const std::string& key) const {
    const toml::node* node = table_.get(key);
    if (node == nullptr) fail(key, "missing (required)");
    return *node;
  }

  std::int64_t integer(const std::string& key) const {
    const toml::node& node = require(key);
    if (!node.is_integer()) fail(key, "must be an integer", &node);
    return node.as_integer()->get();
  }

  std::string string(const std::string& key) const {
    const toml::node& node = require(key);
    if (!node.is_string()) fail(key, "must be a string", &node);
    return node.as_string()->get();
  }

  std::string slug(const std::string& key) const {
    const std::string value = string(key);
    if (!is_slug(value)) {
      fail(key,
           "must be 1 to 64 characters of a-z, 0-9 and '-', not starting with '-', got \"" + value +
               "\"",
           table_.get(key));
    }
    return value;
  }

  std::vector<std::string> string_list(const std::string& key) const {
    const toml::node& node = require(key);
    const toml::array* array = node.as_array();
    if (array == nullptr) fail(key, "must be a list of strings", &node);
    std::vector<std::string> values;
    for (const toml::node& element : *array) {
      if (!element.is_string()) fail(key, "must be a list of strings", &element);
      values.push_back(element.as_string()->get());
    }
    return values;
  }

  // A table with one entry per language, each checked by `read_one`.
  template <typename Value, typename ReadOne>
  std::map<std::string, Value> localized(const std::string& key,
                                         const std::vector<std::string>& languages,
                                         ReadOne read_one) const {
    const toml::node& node = require(key);
    const toml::table* by_language = node.as_table();
    if (by_language == nullptr) {
      fail(key, "must give one value per language (" + key + ".en = …)", &node);
    }
    std::map<std::string, Value> values;
    for (const auto& [language, value] : *by_language) {
      const std::string code(language.str());
      if (std::find(languages.begin(), languages.end(), code) == languages.end()) {
        fail(key + "." + code, "language is not listed in `languages`", &value);
      }
      values[code] = read_one(key + "." + code, value);
    }
    for (const std::string& language : languages) {
      if (values.count(language) == 0) fail(key + "." + language, "missing (required)", &node);
    }
    return values;
  }

  LocalizedText text(const std::string& key, const std::vector<std::string>& languages) const {
    return localized<std::string>(key, languages,
                                  [&](const std::string& where, const toml::node& value) {
                                    if (!value.is_string()) fail(where, "must be a string", &value);
                                    std::string text = value.as_string()->get();
                                    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
                                      fail(where, "must not be empty", &value);
                                    }
                                    return text;
                                  });
  }

  bool has(const std::string& key) const { return table_.contains(key); }

 private:
  static std::string join(std::initializer_list<std::string_view> keys) {
    std::string text;
    for (std::string_view key : keys) text += (text.empty() ? "" : ", ") + std::string(key);
    return text;
  }

  const toml::table& table_;
  const std::string& file_;
  std::string path_;
  int line_;
};

std::vector<std::string> read_languages(const TableReader& file) {
  std::vector<std::string> languages = file.string_list("languages");
  const toml::node* where = &file.require("languages");
  if (languages.empty()) file.fail("languages", "must list at least one language", where);
  std::set<std::string> seen;
  for (const std::string& language : languages) {
    if (!is_language_code(language)) {
      file.fail("languages", "\"" + language + "\" is not a language code such as \"en\" or \"ja\"",
                where);
    }
    if (!seen.insert(language).second) {
      file.fail("languages", "\"" + language + "\" is listed twice", where);
    }
  }
  return languages;
}

DeckCard read_card(const toml::table& table, const std::string& file, int index,
                   const std::vector<std::string>& languages) {
  const TableReader card(table, file, "cards[" + std::to_string(index) + "]", line_of(table));
  card.allow_only({"id", "kind", "note", "tags", "question", "choices", "answer", "explanation"});
  DeckCard result;
  result.line = line_of(table);
  result.id = card.slug("id");
  result.kind = card.string("kind");
  if (result.kind != "choice") {
    card.fail("kind", "must be \"choice\" (the only kind in format 1), got \"" + result.kind + "\"",
              table.get("kind"));
  }
  if (card.has("note")) result.note = card.slug("note");
  if (card.has("tags")) {
    result.tags = card.string_list("tags");
    for (const std::string& tag : result.tags) {
      if (tag.empty() || tag.find_first_of(" \t\r\n") != std::string::npos) {
        card.fail("tags", "a tag must be non-empty and without spaces, got \"" + tag + "\"",
                  table.get("tags"));
      }
    }
  }
  result.question = card.text("question", languages);
  result.explanation = card.text("explanation", languages);
  std::size_t choice_count = 0;
  result.choices = card.localized<std::vector<std::string>>(
      "choices", languages, [&](const std::string& where, const toml::node& value) {
        const toml::array* array = value.as_array();
        if (array == nullptr) card.fail(where, "must be a list of strings", &value);
        std::vector<std::string> choices;
        for (const toml::node& element : *array) {
          if (!element.is_string() || element.as_string()->get().empty()) {
            card.fail(where, "every choice must be a non-empty string", &element);
          }
          choices.push_back(element.as_string()->get());
        }
        if (choices.size() < kMinimumChoices || choices.size() > kMaximumChoices) {
          card.fail(where,
                    "must have between 2 and 8 choices, got " + std::to_string(choices.size()),
                    &value);
        }
        if (choice_count != 0 && choices.size() != choice_count) {
          card.fail(where,
                    "has " + std::to_string(choices.size()) + " choices but another language has " +
                        std::to_string(choice_count),
                    &value);
        }
        choice_count = choices.size();
        return choices;
      });
  const std::int64_t answer = card.integer("answer");
  if (answer < 1 || answer > static_cast<std::int64_t>(choice_count)) {
    card.fail("answer",
              "must be between 1 and " + std::to_string(choice_count) +
                  " (counting choices from 1), got " + std::to_string(answer),
              table.get("answer"));
  }
  result.answer = static_cast<int>(answer);
  return result;
}

}  // namespace

Deck parse_deck(std::string_view text, const std::string& source_name) {
  toml::table document;
  try {
    document = toml::parse(text, source_name);
  } catch (const toml::parse_error& error) {
    throw InputError(source_name, static_cast<int>(error.source().begin.line), "",
                     "not valid TOML: " + std::string(error.description()));
  }
  const TableReader file(document, source_name, "", 1);
  file.allow_only({"format", "languages", "deck", "cards"});

  Deck deck;
  deck.format = static_cast<int>(file.integer("format"));
  if (deck.format != kDeckFormatVersion) {
    file.fail("format", "this kioku reads deck format 1, got " + std::to_string(deck.format),
              document.get("format"));
  }
  deck.languages = read_languages(file);

  const toml::table* deck_table = file.require("deck").as_table();
  if (deck_table == nullptr) file.fail("deck", "must be a table ([deck])", document.get("deck"));
  const TableReader header(*deck_table, source_name, "deck", line_of(*deck_table));
  header.allow_only({"id", "name", "description"});
  deck.id = header.slug("id");
  deck.name = header.text("name", deck.languages);
  if (header.has("description")) deck.description = header.text("description", deck.languages);

  const toml::array* cards = file.require("cards").as_array();
  if (cards == nullptr || !cards->is_array_of_tables()) {
    file.fail("cards", "must be an array of tables ([[cards]])", document.get("cards"));
  }
  if (cards->empty()) file.fail("cards", "a deck needs at least one card");
  std::map<std::string, int> first_line_of_id;
  int index = 0;
  for (const toml::node& node : *cards) {
    ++index;
    DeckCard card = read_card(*node.as_table(), source_name, index, deck.languages);
    auto [existing, inserted] = first_line_of_id.emplace(card.id, card.line);
    if (!inserted) {
      const toml::node* id_node = node.as_table()->get("id");
      throw InputError(source_name, id_node ? line_of(*id_node) : card.line,
                       "cards[" + std::to_string(index) + "].id",
                       "duplicate card id \"" + card.id + "\" (first used at line " +
                           std::to_string(existing->second) + ")");
    }
    deck.cards.push_back(std::move(card));
  }
  return deck;
}

Deck read_deck_file(const std::string& path) {
  std::error_code status_error;
  if (std::filesystem::is_directory(path, status_error)) {
    throw InputError(path, 0, "", "is a directory, not a deck file");
  }
  std::ifstream input(path, std::ios::binary);
  if (!input)
    throw InputError(path, 0, "", "cannot open file: " + std::string(std::strerror(errno)));
  std::ostringstream content;
  content << input.rdbuf();
  if (input.bad()) throw InputError(path, 0, "", "cannot read file");
  return parse_deck(content.str(), path);
}

}  // namespace kioku
