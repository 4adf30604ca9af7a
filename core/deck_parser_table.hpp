// Reading one TOML table of a deck file (the head, [deck], a card or a note), with every failure
// an InputError naming the file, the line (and in format 2 the column) and the field. Shared by
// the parts of the deck parser only; toml++ stays out of the deck parser's own header.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/bilingual_message.hpp"
#include "core/deck_parser_text.hpp"
#include "core/language_code.hpp"
#include "core/localized_text.hpp"
#include "core/toml.hpp"

namespace kioku {

// Where a table's text is: the file, and where toml++'s part of it begins.
struct TablePlace {
  const std::string& file;
  int part_first_line = 1;  // the file's line where toml++'s part begins
  bool columns = false;     // errors name the column too (format 2)
};

// The file's line of `node`, which toml++ counts from the start of its part; 0 when unknown.
int line_of(const toml::node& node, int part_first_line);

// A key as a field name shows it: as written when it is plain, else quoted and escaped (it is
// the deck author's text, and may hold anything).
std::string key_name(std::string_view key);

bool is_slug(std::string_view text);

// "must be a list of strings", in both languages: what every list of strings refuses.
BilingualMessage list_of_strings();

class TableReader {
 public:
  // `path`: the table's field name ("deck", "cards[3]"), empty for the file's top level; `line`:
  // where the table starts, for errors with no node of their own (0: the part's first line).
  TableReader(const toml::table& table, const TablePlace& place, std::string path, int line);

  const toml::table& table() const noexcept { return table_; }
  const TablePlace& place() const noexcept { return place_; }
  int line_of(const toml::node& node) const { return kioku::line_of(node, place_.part_first_line); }
  // The column of `node` when errors name columns, else 0.
  int column_of(const toml::node& node) const;

  // Fails for field `key` of this table, at `at` when given (else where the table starts).
  [[noreturn]] void fail(const std::string& key, const BilingualMessage& message,
                         const toml::node* at = nullptr) const;
  // Fails for field `key` at a line and column of the file worked out by the caller.
  [[noreturn]] void fail_at(const std::string& key, const BilingualMessage& message, int line,
                            int column) const;

  // Fails unless `text` keeps to `rule`.
  void check_text(const std::string& key, std::string_view text, const TextRule& rule,
                  const toml::node* at) const;

  std::string field(const std::string& key) const;

  void allow_only(std::initializer_list<std::string_view> keys) const;

  const toml::node& require(const std::string& key) const;
  std::int64_t integer(const std::string& key) const;
  std::string string(const std::string& key) const;
  std::string slug(const std::string& key) const;
  std::vector<std::string> string_list(const std::string& key) const;
  // Tags as both formats write them: at most kMaxTagsPerCard, each one line without spaces.
  std::vector<std::string> tags(const std::string& key) const;

  // A table with one entry per language, each checked by `read_one`.
  template <typename Value, typename ReadOne>
  std::map<std::string, Value> localized(const std::string& key,
                                         const std::vector<std::string>& languages,
                                         ReadOne read_one) const {
    const toml::node& node = require(key);
    const toml::table* by_language = node.as_table();
    if (by_language == nullptr) {
      fail(key,
           bilingual("must give one value per language ({key}.en = …)",
                     "言語ごとに値を 1 つずつ指定しなければなりません（{key}.en = …）",
                     {{"key", key}}),
           &node);
    }
    return localized_table<Value>(key, *by_language, languages, read_one);
  }

  // The entries of `by_language`, the value of `key`: one per language of `languages`.
  template <typename Value, typename ReadOne>
  std::map<std::string, Value> localized_table(const std::string& key,
                                               const toml::table& by_language,
                                               const std::vector<std::string>& languages,
                                               ReadOne read_one) const {
    std::map<std::string, Value> values;
    for (const auto& [language, value] : by_language) {
      const std::string code(language.str());
      if (std::find(languages.begin(), languages.end(), code) == languages.end()) {
        fail(key + "." + key_name(code),
             bilingual("language is not listed in `languages`", "`languages` にない言語です"),
             &value);
      }
      values[code] = read_one(key + "." + code, value);
    }
    for (const std::string& language : languages) {
      if (values.count(language) == 0) {
        fail(key + "." + language, bilingual("missing (required)", "ありません（必須）"),
             &by_language);
      }
    }
    return values;
  }

  // One text of a localized table: a string, keeping to `rule`, not blank.
  std::string one_text(const std::string& where, const toml::node& value,
                       const TextRule& rule) const;

  LocalizedText text(const std::string& key, const std::vector<std::string>& languages,
                     const TextRule& rule) const;

  bool has(const std::string& key) const { return table_.contains(key); }

 private:
  const toml::table& table_;
  TablePlace place_;
  std::string path_;
  int line_;
  int column_;
};

}  // namespace kioku
