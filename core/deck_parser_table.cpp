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

BilingualMessage list_of_strings() {
  return bilingual("must be a list of strings", "文字列のリストでなければなりません");
}

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

void TableReader::fail(const std::string& key, const BilingualMessage& message,
                       const toml::node* at) const {
  if (at != nullptr && line_of(*at) > 0) fail_at(key, message, line_of(*at), column_of(*at));
  fail_at(key, message, line_, column_);
}

void TableReader::fail_at(const std::string& key, const BilingualMessage& message, int line,
                          int column) const {
  throw InputError(place_.file, line, column, field(key), message);
}

void TableReader::check_text(const std::string& key, std::string_view text, const TextRule& rule,
                             const toml::node* at) const {
  const BilingualMessage problem = text_problem_message(text, rule);
  if (!problem.english.empty()) fail(key, problem, at);
}

std::string TableReader::field(const std::string& key) const {
  if (path_.empty()) return key;
  return key.empty() ? path_ : path_ + "." + key;
}

void TableReader::allow_only(std::initializer_list<std::string_view> keys) const {
  for (const auto& [key, node] : table_) {
    bool known = false;
    for (std::string_view allowed : keys) known = known || key.str() == allowed;
    if (!known) {
      fail(key_name(key.str()),
           bilingual("unknown key (allowed here: {keys})",
                     "不明なキーです（ここで使えるキー: {keys}）", {{"keys", join(keys)}}),
           &node);
    }
  }
}

const toml::node& TableReader::require(const std::string& key) const {
  const toml::node* node = table_.get(key);
  if (node == nullptr) fail(key, bilingual("missing (required)", "ありません（必須）"));
  return *node;
}

std::int64_t TableReader::integer(const std::string& key) const {
  const toml::node& node = require(key);
  if (!node.is_integer()) {
    fail(key, bilingual("must be an integer", "整数でなければなりません"), &node);
  }
  return node.as_integer()->get();
}

std::string TableReader::string(const std::string& key) const {
  const toml::node& node = require(key);
  if (!node.is_string()) {
    fail(key, bilingual("must be a string", "文字列でなければなりません"), &node);
  }
  return node.as_string()->get();
}

std::string TableReader::slug(const std::string& key) const {
  const std::string value = string(key);
  if (!is_slug(value)) {
    fail(key,
         bilingual("must be 1 to {most} characters of a-z, 0-9 and '-', not starting with '-', "
                   "got {value}",
                   "a-z、0-9、'-' からなる 1 から {most} 文字で、'-' で始まらないものでなければ"
                   "なりません（値: {value}）",
                   {{"most", std::to_string(kMaxSlugBytes)}, {"value", quoted_for_error(value)}}),
         table_.get(key));
  }
  return value;
}

std::vector<std::string> TableReader::string_list(const std::string& key) const {
  const toml::node& node = require(key);
  const toml::array* array = node.as_array();
  if (array == nullptr) fail(key, list_of_strings(), &node);
  std::vector<std::string> values;
  for (const toml::node& element : *array) {
    if (!element.is_string()) fail(key, list_of_strings(), &element);
    values.push_back(element.as_string()->get());
  }
  return values;
}

std::vector<std::string> TableReader::tags(const std::string& key) const {
  const toml::node* where = table_.get(key);
  std::vector<std::string> tags = string_list(key);
  if (tags.size() > kMaxTagsPerCard) {
    fail(key,
         bilingual(
             "has {count} tags; at most {most} are allowed",
             "タグが {count} 個あります。上限は {most} 個です",
             {{"count", std::to_string(tags.size())}, {"most", std::to_string(kMaxTagsPerCard)}}),
         where);
  }
  for (const std::string& tag : tags) {
    const BilingualMessage problem = text_problem_message(
        tag, kTagRule, bilingual("the tag {tag}", "タグ {tag}", {{"tag", quoted_for_error(tag)}}));
    if (!problem.english.empty()) fail(key, problem, where);
    if (!is_valid_tag(tag)) {
      fail(key,
           bilingual("a tag must be non-empty and without spaces, got {tag}",
                     "タグは空でなく、空白を含まないものでなければなりません（値: {tag}）",
                     {{"tag", quoted_for_error(tag)}}),
           where);
    }
  }
  return tags;
}

std::string TableReader::one_text(const std::string& where, const toml::node& value,
                                  const TextRule& rule) const {
  if (!value.is_string()) {
    fail(where, bilingual("must be a string", "文字列でなければなりません"), &value);
  }
  std::string text = value.as_string()->get();
  check_text(where, text, rule, &value);
  if (is_blank_text(text)) {
    fail(where, bilingual("must not be empty", "空であってはなりません"), &value);
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
