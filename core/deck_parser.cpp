// TOML deck parsing and validation. Every rule failure throws an InputError that names the
// file, the line and the field, so a deck author can go straight to the problem. toml++ parses
// the file one part at a time (core/deck_parser_shape.hpp): the lines before the first [[cards]]
// header, then each card, so that its tree never holds more than one card and its list of
// dotted-key tables, searched linearly, stays short however many cards the deck has.
#include "core/deck_parser.hpp"

#include <toml++/toml.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/deck_parser_limits.hpp"
#include "core/deck_parser_shape.hpp"
#include "core/deck_parser_text.hpp"
#include "core/error.hpp"

namespace kioku {

namespace {

constexpr std::size_t kMinimumChoices = 2;
constexpr std::size_t kMaximumChoices = 8;

constexpr TextRule kNameRule{kMaxDeckNameBytes, false};
constexpr TextRule kDescriptionRule{kMaxDeckDescriptionBytes, true};
constexpr TextRule kQuestionRule{kMaxQuestionBytes, true};
constexpr TextRule kChoiceRule{kMaxChoiceBytes, false};
constexpr TextRule kExplanationRule{kMaxExplanationBytes, true};
constexpr TextRule kTagRule{kMaxTagBytes, false};
// toml++'s messages may quote a whole key; one line of an error is enough.
constexpr std::size_t kTomlMessageBytes = 200;

// The file's line of `node`, which toml++ counts from the start of its part; 0 when unknown.
int line_of(const toml::node& node, int part_first_line) {
  const int line = static_cast<int>(node.source().begin.line);
  return line > 0 ? line + part_first_line - 1 : 0;
}

// A key as a field name shows it: as written when it is plain, else quoted and escaped (it is
// the deck author's text, and may hold anything).
std::string key_name(std::string_view key) {
  const bool plain = !key.empty() && key.size() <= kMaxSlugBytes &&
                     std::all_of(key.begin(), key.end(), [](char c) {
                       return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
                     });
  return plain ? std::string(key) : quoted_for_error(key);
}

bool is_slug(std::string_view text) {
  if (text.empty() || text.size() > kMaxSlugBytes) return false;
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
  // `part_first_line`: the file's line where toml++'s part of `table` begins.
  TableReader(const toml::table& table, const std::string& file, int part_first_line,
              std::string path, int line)
      : table_(table),
        file_(file),
        part_first_line_(part_first_line),
        path_(std::move(path)),
        line_(line > 0 ? line : part_first_line) {}

  int line_of(const toml::node& node) const { return kioku::line_of(node, part_first_line_); }

  [[noreturn]] void fail(const std::string& key, const std::string& message,
                         const toml::node* at = nullptr) const {
    const int line = (at != nullptr && line_of(*at) > 0) ? line_of(*at) : line_;
    throw InputError(file_, line, field(key), message);
  }

  // Fails unless `text` keeps to `rule`.
  void check_text(const std::string& key, std::string_view text, const TextRule& rule,
                  const toml::node* at) const {
    const std::string problem = text_problem(text, rule);
    if (!problem.empty()) fail(key, problem, at);
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
        fail(key_name(key.str()), "unknown key (allowed here: " + join(keys) + ")", &node);
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
           "must be 1 to " + std::to_string(kMaxSlugBytes) +
               " characters of a-z, 0-9 and '-', not starting with '-', got " +
               quoted_for_error(value),
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
        fail(key + "." + key_name(code), "language is not listed in `languages`", &value);
      }
      values[code] = read_one(key + "." + code, value);
    }
    for (const std::string& language : languages) {
      if (values.count(language) == 0) fail(key + "." + language, "missing (required)", &node);
    }
    return values;
  }

  LocalizedText text(const std::string& key, const std::vector<std::string>& languages,
                     const TextRule& rule) const {
    return localized<std::string>(key, languages,
                                  [&](const std::string& where, const toml::node& value) {
                                    if (!value.is_string()) fail(where, "must be a string", &value);
                                    std::string text = value.as_string()->get();
                                    check_text(where, text, rule, &value);
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
  int part_first_line_;
  std::string path_;
  int line_;
};

std::vector<std::string> read_languages(const TableReader& file) {
  std::vector<std::string> languages = file.string_list("languages");
  const toml::node* where = &file.require("languages");
  if (languages.empty()) file.fail("languages", "must list at least one language", where);
  if (languages.size() > kMaxLanguages) {
    file.fail("languages",
              "lists " + std::to_string(languages.size()) + " languages; at most " +
                  std::to_string(kMaxLanguages) + " are allowed",
              where);
  }
  std::set<std::string> seen;
  for (const std::string& language : languages) {
    if (!is_language_code(language)) {
      file.fail("languages",
                quoted_for_error(language) + " is not a language code such as \"en\" or \"ja\"",
                where);
    }
    if (!seen.insert(language).second) {
      file.fail("languages", "\"" + language + "\" is listed twice", where);
    }
  }
  return languages;
}

std::vector<std::string> read_tags(const TableReader& card, const toml::node* where) {
  std::vector<std::string> tags = card.string_list("tags");
  if (tags.size() > kMaxTagsPerCard) {
    card.fail("tags",
              "has " + std::to_string(tags.size()) + " tags; at most " +
                  std::to_string(kMaxTagsPerCard) + " are allowed",
              where);
  }
  for (const std::string& tag : tags) {
    const std::string problem = text_problem(tag, kTagRule);
    if (!problem.empty()) {
      card.fail("tags", "the tag " + quoted_for_error(tag) + " " + problem, where);
    }
    if (tag.empty() || tag.find(' ') != std::string::npos) {
      card.fail("tags", "a tag must be non-empty and without spaces, got " + quoted_for_error(tag),
                where);
    }
  }
  return tags;
}

DeckCard read_card(const toml::table& table, const std::string& file, int part_first_line,
                   int index, const std::vector<std::string>& languages) {
  const TableReader card(table, file, part_first_line, "cards[" + std::to_string(index) + "]",
                         line_of(table, part_first_line));
  card.allow_only({"id", "kind", "note", "tags", "question", "choices", "answer", "explanation"});
  DeckCard result;
  result.line = card.line_of(table);
  result.id = card.slug("id");
  result.kind = card.string("kind");
  if (result.kind != "choice") {
    card.fail(
        "kind",
        "must be \"choice\" (the only kind in format 1), got " + quoted_for_error(result.kind),
        table.get("kind"));
  }
  if (card.has("note")) result.note = card.slug("note");
  if (card.has("tags")) result.tags = read_tags(card, table.get("tags"));
  result.question = card.text("question", languages, kQuestionRule);
  result.explanation = card.text("explanation", languages, kExplanationRule);
  std::size_t choice_count = 0;
  result.choices = card.localized<std::vector<std::string>>(
      "choices", languages, [&](const std::string& where, const toml::node& value) {
        const toml::array* array = value.as_array();
        if (array == nullptr) card.fail(where, "must be a list of strings", &value);
        if (array->size() < kMinimumChoices || array->size() > kMaximumChoices) {
          card.fail(where,
                    "must have between 2 and 8 choices, got " + std::to_string(array->size()),
                    &value);
        }
        std::vector<std::string> choices;
        for (const toml::node& element : *array) {
          if (!element.is_string() || element.as_string()->get().empty()) {
            card.fail(where, "every choice must be a non-empty string", &element);
          }
          const std::string& choice = element.as_string()->get();
          const std::string problem = text_problem(choice, kChoiceRule);
          if (!problem.empty()) {
            card.fail(where, "choice " + std::to_string(choices.size() + 1) + " " + problem,
                      &element);
          }
          choices.push_back(choice);
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

toml::table parse_part(const DeckFilePart& part, const std::string& source_name) {
  try {
    return toml::parse(part.text, std::string_view(source_name));
  } catch (const toml::parse_error& error) {
    const int line = static_cast<int>(error.source().begin.line);
    throw InputError(
        source_name, line > 0 ? line + part.first_line - 1 : part.first_line, "",
        "not valid TOML: " + escaped_for_error(error.description(), kTomlMessageBytes));
  }
}

// Reads the cards of every part into `deck`, numbering them in file order and checking each id
// against the ones before it.
class CardCollector {
 public:
  CardCollector(Deck& deck, const std::string& source_name)
      : deck_(deck), source_name_(source_name) {}

  void add(const toml::table& table, int part_first_line) {
    ++index_;
    if (deck_.cards.size() >= kMaxCards) {
      throw InputError(source_name_, line_of(table, part_first_line), "cards",
                       "a deck holds at most " + std::to_string(kMaxCards) + " cards");
    }
    DeckCard card = read_card(table, source_name_, part_first_line, index_, deck_.languages);
    auto [existing, inserted] = first_line_of_id_.emplace(card.id, card.line);
    if (!inserted) {
      const toml::node* id_node = table.get("id");
      throw InputError(source_name_, id_node ? line_of(*id_node, part_first_line) : card.line,
                       "cards[" + std::to_string(index_) + "].id",
                       "duplicate card id \"" + card.id + "\" (first used at line " +
                           std::to_string(existing->second) + ")");
    }
    deck_.cards.push_back(std::move(card));
  }

 private:
  Deck& deck_;
  const std::string& source_name_;
  std::map<std::string, int> first_line_of_id_;
  int index_ = 0;
};

// The `cards` array of one [[cards]] part, null when there is none. Alone, its header makes a
// top-level `cards` array of one table; anything else at the top level means another table
// header followed the cards.
const toml::array* cards_of_part(const toml::table& document, const DeckFilePart& part,
                                 const std::string& source_name) {
  const toml::array* cards = nullptr;
  for (const auto& [key, node] : document) {
    const int line = line_of(node, part.first_line);
    if (key.str() != "cards") {
      const bool known = key.str() == "format" || key.str() == "languages" || key.str() == "deck";
      throw InputError(source_name, line > 0 ? line : part.first_line, key_name(key.str()),
                       known ? "must come before the first [[cards]]"
                             : "unknown key (allowed here: format, languages, deck, cards); "
                               "tables other than [[cards]] go before the first [[cards]]");
    }
    cards = node.as_array();
    if (cards == nullptr || !cards->is_array_of_tables()) {
      throw InputError(source_name, line > 0 ? line : part.first_line, "cards",
                       "must be an array of tables ([[cards]])");
    }
  }
  return cards;
}

void read_card_part(const DeckFilePart& part, const std::string& source_name,
                    CardCollector& cards) {
  const toml::table document = parse_part(part, source_name);
  if (const toml::array* array = cards_of_part(document, part, source_name)) {
    for (const toml::node& table : *array) cards.add(*table.as_table(), part.first_line);
  }
}

// A head without format, languages or deck: when a table after the cards holds it, that is the
// error to report, not the missing key.
void check_nothing_follows_cards(const DeckFileLayout& layout, const std::string& source_name) {
  for (const DeckFilePart& part : layout.cards) {
    cards_of_part(parse_part(part, source_name), part, source_name);
  }
}

}  // namespace

Deck parse_deck(std::string_view text, const std::string& source_name) {
  if (text.size() > kMaxDeckFileBytes) {
    throw InputError(source_name, 0, "",
                     "is " + std::to_string(text.size()) + " bytes; a deck file may have at most " +
                         std::to_string(kMaxDeckFileBytes / (1024 * 1024)) + " MiB");
  }
  const DeckFileLayout layout = scan_deck_layout(text, source_name);
  const int head_line = layout.head.first_line;
  const toml::table document = parse_part(layout.head, source_name);
  const TableReader file(document, source_name, head_line, "", 1);
  file.allow_only({"format", "languages", "deck", "cards"});
  if (!document.contains("format") || !document.contains("languages") ||
      !document.contains("deck")) {
    check_nothing_follows_cards(layout, source_name);
  }

  Deck deck;
  deck.format = static_cast<int>(file.integer("format"));
  if (deck.format != kDeckFormatVersion) {
    file.fail("format", "this kioku reads deck format 1, got " + std::to_string(deck.format),
              document.get("format"));
  }
  deck.languages = read_languages(file);

  const toml::table* deck_table = file.require("deck").as_table();
  if (deck_table == nullptr) file.fail("deck", "must be a table ([deck])", document.get("deck"));
  const TableReader header(*deck_table, source_name, head_line, "deck",
                           line_of(*deck_table, head_line));
  header.allow_only({"id", "name", "description"});
  deck.id = header.slug("id");
  deck.name = header.text("name", deck.languages, kNameRule);
  if (header.has("description")) {
    deck.description = header.text("description", deck.languages, kDescriptionRule);
  }

  CardCollector cards(deck, source_name);
  if (layout.cards.empty()) {
    // All cards in the head: `cards = [{...}, ...]`.
    const toml::array* array = file.require("cards").as_array();
    if (array == nullptr || !array->is_array_of_tables()) {
      file.fail("cards", "must be an array of tables ([[cards]])", document.get("cards"));
    }
    for (const toml::node& node : *array) cards.add(*node.as_table(), head_line);
  } else {
    if (const toml::node* early = document.get("cards")) {
      throw InputError(source_name, layout.cards.front().first_line, "cards",
                       "[[cards]] after `cards` was already set at line " +
                           std::to_string(line_of(*early, head_line)));
    }
    for (const DeckFilePart& part : layout.cards) read_card_part(part, source_name, cards);
  }
  if (deck.cards.empty()) file.fail("cards", "a deck needs at least one card");
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
  // Straight into one string (not a stream and a copy of it), and no further than just past the
  // limit, so that an endless file stops there.
  std::string content;
  char buffer[65536];
  while (content.size() <= kMaxDeckFileBytes && input.read(buffer, sizeof buffer).gcount() > 0) {
    content.append(buffer, static_cast<std::size_t>(input.gcount()));
  }
  if (input.bad()) throw InputError(path, 0, "", "cannot read file");
  if (content.size() > kMaxDeckFileBytes) {
    throw InputError(path, 0, "",
                     "is larger than " + std::to_string(kMaxDeckFileBytes / (1024 * 1024)) +
                         " MiB, the most a deck file may have");
  }
  return parse_deck(content, path);
}

}  // namespace kioku
