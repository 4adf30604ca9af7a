#include "core/deck_parser_table.hpp"

#include <cctype>
#include <utility>

#include "core/deck_parser_limits.hpp"
#include "core/error.hpp"
#include "core/note_validation.hpp"

namespace kioku {

namespace {

std::string join(std::initializer_list<std::string_view> keys) {
  std::string text;
  for (std::string_view key : keys) text += (text.empty() ? "" : ", ") + std::string(key);
  return text;
}

}  // namespace

int line_of(const toml::node& node, int part_first_line) {
  const int line = static_cast<int>(node.source().begin.line);
  return line > 0 ? line + part_first_line - 1 : 0;
}

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

TableReader::TableReader(const toml::table& table, const TablePlace& place, std::string path,
                         int line)
    : table_(table),
      place_(place),
      path_(std::move(path)),
      line_(line > 0 ? line : place.part_first_line),
      column_(line > 0 ? column_of(table) : 0) {}

int TableReader::column_of(const toml::node& node) const {
  if (!place_.columns || line_of(node) == 0) return 0;
  return static_cast<int>(node.source().begin.column);
}

void TableReader::fail(const std::string& key, const std::string& message,
                       const toml::node* at) const {
  if (at != nullptr && line_of(*at) > 0) fail_at(key, message, line_of(*at), column_of(*at));
  fail_at(key, message, line_, column_);
}

void TableReader::fail_at(const std::string& key, const std::string& message, int line,
                          int column) const {
  throw InputError(place_.file, line, column, field(key), message);
}

void TableReader::check_text(const std::string& key, std::string_view text, const TextRule& rule,
                             const toml::node* at) const {
  const std::string problem = text_problem(text, rule);
  if (!problem.empty()) fail(key, problem, at);
}

std::string TableReader::field(const std::string& key) const {
  if (path_.empty()) return key;
  return key.empty() ? path_ : path_ + "." + key;
}

void TableReader::allow_only(std::initializer_list<std::string_view> keys) const {
  for (const auto& [key, node] : table_) {
    bool known = false;
    for (std::string_view allowed : keys) known = known || key.str() == allowed;
    if (!known) fail(key_name(key.str()), "unknown key (allowed here: " + join(keys) + ")", &node);
  }
}

const toml::node& TableReader::require(const std::string& key) const {
  const toml::node* node = table_.get(key);
  if (node == nullptr) fail(key, "missing (required)");
  return *node;
}

std::int64_t TableReader::integer(const std::string& key) const {
  const toml::node& node = require(key);
  if (!node.is_integer()) fail(key, "must be an integer", &node);
  return node.as_integer()->get();
}

std::string TableReader::string(const std::string& key) const {
  const toml::node& node = require(key);
  if (!node.is_string()) fail(key, "must be a string", &node);
  return node.as_string()->get();
}

std::string TableReader::slug(const std::string& key) const {
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

std::vector<std::string> TableReader::string_list(const std::string& key) const {
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

std::vector<std::string> TableReader::tags(const std::string& key) const {
  const toml::node* where = table_.get(key);
  std::vector<std::string> tags = string_list(key);
  if (tags.size() > kMaxTagsPerCard) {
    fail(key,
         "has " + std::to_string(tags.size()) + " tags; at most " +
             std::to_string(kMaxTagsPerCard) + " are allowed",
         where);
  }
  for (const std::string& tag : tags) {
    const std::string problem = text_problem(tag, kTagRule);
    if (!problem.empty()) fail(key, "the tag " + quoted_for_error(tag) + " " + problem, where);
    if (!is_valid_tag(tag)) {
      fail(key, "a tag must be non-empty and without spaces, got " + quoted_for_error(tag), where);
    }
  }
  return tags;
}

std::string TableReader::one_text(const std::string& where, const toml::node& value,
                                  const TextRule& rule) const {
  if (!value.is_string()) fail(where, "must be a string", &value);
  std::string text = value.as_string()->get();
  check_text(where, text, rule, &value);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    fail(where, "must not be empty", &value);
  }
  return text;
}

LocalizedText TableReader::text(const std::string& key, const std::vector<std::string>& languages,
                                const TextRule& rule) const {
  return localized<std::string>(key, languages,
                                [&](const std::string& where, const toml::node& value) {
                                  return one_text(where, value, rule);
                                });
}

}  // namespace kioku
