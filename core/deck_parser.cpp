// TOML deck parsing and validation. Every rule failure throws an InputError that names the
// file, the line (in format 2 the column too) and the field, so a deck author can go straight to
// the problem. toml++ parses the file one part at a time (core/deck_parser_shape.hpp): the lines
// before the first [[cards]] or [[notes]] header, then each card or note, so that its tree never
// holds more than one and its list of dotted-key tables, searched linearly, stays short however
// many the deck has.
#include "core/deck_parser.hpp"

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/deck_parser_limits.hpp"
#include "core/deck_parser_note_types.hpp"
#include "core/deck_parser_notes.hpp"
#include "core/deck_parser_shape.hpp"
#include "core/deck_parser_table.hpp"
#include "core/deck_parser_text.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "core/toml.hpp"

namespace kioku {

namespace {

constexpr std::size_t kMinimumChoices = 2;
constexpr std::size_t kMaximumChoices = 8;

constexpr TextRule kDescriptionRule{kMaxDeckDescriptionBytes, true};
constexpr TextRule kQuestionRule{kMaxQuestionBytes, true};
constexpr TextRule kExplanationRule{kMaxExplanationBytes, true};
// toml++'s messages may quote a whole key; one line of an error is enough.
constexpr std::size_t kTomlMessageBytes = 200;

std::vector<std::string> read_languages(const TableReader& file) {
  std::vector<std::string> languages = file.string_list("languages");
  const toml::node* where = &file.require("languages");
  if (languages.empty()) {
    file.fail("languages",
              bilingual("must list at least one language", "言語を 1 つ以上挙げなければなりません"),
              where);
  }
  if (languages.size() > kMaxLanguages) {
    file.fail("languages",
              bilingual("lists {count} languages; at most {most} are allowed",
                        "言語が {count} 個あります。上限は {most} 個です",
                        {{"count", std::to_string(languages.size())},
                         {"most", std::to_string(kMaxLanguages)}}),
              where);
  }
  std::set<std::string> seen;
  for (const std::string& language : languages) {
    if (!is_language_code(language)) {
      file.fail("languages",
                bilingual("{language} is not a language code such as \"en\" or \"ja\"",
                          "{language} は \"en\" や \"ja\" のような言語コードではありません",
                          {{"language", quoted_for_error(language)}}),
                where);
    }
    if (!seen.insert(language).second) {
      file.fail("languages",
                bilingual("\"{language}\" is listed twice",
                          "\"{language}\" が 2 回挙げられています", {{"language", language}}),
                where);
    }
  }
  return languages;
}

DeckCard read_card(const toml::table& table, const TablePlace& place, int index,
                   const std::vector<std::string>& languages) {
  const TableReader card(table, place, "cards[" + std::to_string(index) + "]",
                         line_of(table, place.part_first_line));
  card.allow_only({"id", "kind", "note", "tags", "question", "choices", "answer", "explanation"});
  DeckCard result;
  result.line = card.line_of(table);
  result.id = card.slug("id");
  result.kind = card.string("kind");
  if (result.kind != "choice") {
    card.fail("kind",
              bilingual("must be \"choice\" (the only kind in format 1; format 2 has more), got "
                        "{kind}",
                        "\"choice\" でなければなりません（値: {kind}）。形式 1 の種類は \"choice\" "
                        "だけで、ほかの種類は形式 2 にあります",
                        {{"kind", quoted_for_error(result.kind)}}),
              table.get("kind"));
  }
  if (card.has("note")) result.note = card.slug("note");
  if (card.has("tags")) result.tags = card.tags("tags");
  result.question = card.text("question", languages, kQuestionRule);
  result.explanation = card.text("explanation", languages, kExplanationRule);
  std::size_t choice_count = 0;
  result.choices = card.localized<std::vector<std::string>>(
      "choices", languages, [&](const std::string& where, const toml::node& value) {
        const toml::array* array = value.as_array();
        if (array == nullptr) card.fail(where, list_of_strings(), &value);
        if (array->size() < kMinimumChoices || array->size() > kMaximumChoices) {
          card.fail(
              where,
              bilingual("must have between 2 and 8 choices, got {count}",
                        "選択肢は 2 個から 8 個まででなければなりません（{count} 個あります）",
                        {{"count", std::to_string(array->size())}}),
              &value);
        }
        std::vector<std::string> choices;
        for (const toml::node& element : *array) {
          if (!element.is_string() || element.as_string()->get().empty()) {
            card.fail(where,
                      bilingual("every choice must be a non-empty string",
                                "選択肢はどれも空でない文字列でなければなりません"),
                      &element);
          }
          const std::string& choice = element.as_string()->get();
          const BilingualMessage problem =
              text_problem_message(choice, kChoiceRule,
                                   bilingual("choice {number}", "選択肢 {number}",
                                             {{"number", std::to_string(choices.size() + 1)}}));
          if (!problem.english.empty()) card.fail(where, problem, &element);
          choices.push_back(choice);
        }
        if (choice_count != 0 && choices.size() != choice_count) {
          card.fail(where,
                    bilingual("has {count} choices but another language has {other}",
                              "選択肢が {count} 個ありますが、ほかの言語では {other} 個です",
                              {{"count", std::to_string(choices.size())},
                               {"other", std::to_string(choice_count)}}),
                    &value);
        }
        choice_count = choices.size();
        return choices;
      });
  const std::int64_t answer = card.integer("answer");
  if (answer < 1 || answer > static_cast<std::int64_t>(choice_count)) {
    card.fail(
        "answer",
        bilingual("must be between 1 and {count} (counting choices from 1), got {answer}",
                  "選択肢を 1 から数えた 1 から {count} までの番号でなければなりません"
                  "（値: {answer}）",
                  {{"count", std::to_string(choice_count)}, {"answer", std::to_string(answer)}}),
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
        bilingual("not valid TOML: {description}", "TOML として正しくありません: {description}",
                  {{"description", escaped_for_error(error.description(), kTomlMessageBytes)}}));
  }
}

// "must be an array of tables ([[cards]])", for `first`, the header of the entries.
BilingualMessage array_of_tables(const std::string& first) {
  return bilingual("must be an array of tables ({first})",
                   "テーブルの配列（{first}）でなければなりません", {{"first", first}});
}

// The array of tables a format's deck holds its entries in.
std::string_view entries_key(int format) {
  return format == 1 ? "cards" : "notes";
}

// For a deck whose entries are `key` that has the other format's too.
BilingualMessage mixed_entries(std::string_view key) {
  return key == "cards"
             ? bilingual(
                   "a format 1 deck has [[cards]]; [[notes]] are format 2's (format = 2)",
                   "形式 1 のデッキには [[cards]] を書きます。[[notes]] は形式 2（format = 2）"
                   "のものです")
             : bilingual(
                   "a format 2 deck has [[notes]]; [[cards]] are format 1's (format = 1)",
                   "形式 2 のデッキには [[notes]] を書きます。[[cards]] は形式 1（format = 1）"
                   "のものです");
}

// Reads the cards (format 1) or notes (format 2) of every part into `deck`, numbering them in
// file order and checking each id against the ones before it.
class EntryCollector {
 public:
  EntryCollector(Deck& deck, const std::string& source_name)
      : deck_(deck), source_name_(source_name) {}

  void add(const toml::table& table, const DeckFilePart& part) {
    ++index_;
    const TablePlace place{source_name_, part.first_line, deck_.format == 2};
    const int line = line_of(table, part.first_line);
    if (deck_.format == 1) {
      if (deck_.cards.size() >= kMaxCards) {
        throw InputError(source_name_, line, "cards", too_many_entries(false));
      }
      DeckCard card = read_card(table, place, index_, deck_.languages);
      check_id(table, place, card.id, card.line, 0);
      deck_.cards.push_back(std::move(card));
    } else {
      if (deck_.notes.size() >= kMaxNotes) {
        throw InputError(source_name_, line, static_cast<int>(table.source().begin.column), "notes",
                         too_many_entries(true));
      }
      DeckNote note = read_deck_note(table, place, part.text, index_, deck_);
      check_id(table, place, note.note.id, note.line, note.column);
      deck_.notes.push_back(std::move(note));
    }
  }

 private:
  void check_id(const toml::table& table, const TablePlace& place, const std::string& id, int line,
                int column) {
    auto [existing, inserted] = first_line_of_id_.emplace(id, line);
    if (inserted) return;
    const std::string key(entries_key(deck_.format));
    const toml::node* id_node = table.get("id");
    const bool at_id = id_node != nullptr && line_of(*id_node, place.part_first_line) > 0;
    throw InputError(
        source_name_, at_id ? line_of(*id_node, place.part_first_line) : line,
        at_id && place.columns ? static_cast<int>(id_node->source().begin.column) : column,
        key + "[" + std::to_string(index_) + "].id",
        deck_.format == 1
            ? bilingual("duplicate card id {id} (first used at line {line})",
                        "カード ID {id} が重複しています（最初は {line} 行目）",
                        {{"id", quoted_for_error(id)}, {"line", std::to_string(existing->second)}})
            : bilingual(
                  "duplicate note id {id} (first used at line {line})",
                  "ノート ID {id} が重複しています（最初は {line} 行目）",
                  {{"id", quoted_for_error(id)}, {"line", std::to_string(existing->second)}}));
  }

  Deck& deck_;
  const std::string& source_name_;
  std::map<std::string, int> first_line_of_id_;
  int index_ = 0;
};

// The array of entries (`key`, "cards" or "notes") of one part, null when there is none. Alone,
// its header makes a top-level array of one table; anything else at the top level means another
// table header followed the entries.
const toml::array* entries_of_part(const toml::table& document, const DeckFilePart& part,
                                   const std::string& source_name, std::string_view key) {
  const toml::array* entries = nullptr;
  for (const auto& [name, node] : document) {
    const int line = line_of(node, part.first_line);
    const int at = line > 0 ? line : part.first_line;
    const std::string first = "[[" + std::string(key) + "]]";
    if (name.str() != key) {
      const bool known = name.str() == "format" || name.str() == "languages" ||
                         name.str() == "deck" || name.str() == "note_types";
      const bool other_entries = name.str() == "cards" || name.str() == "notes";
      // Only format 2's errors name columns.
      const int column =
          key == "notes" && line > 0 ? static_cast<int>(node.source().begin.column) : 0;
      throw InputError(
          source_name, at, column, key_name(name.str()),
          known ? bilingual("must come before the first {first}",
                            "最初の {first} より前に書かなければなりません", {{"first", first}})
          : other_entries
              ? mixed_entries(key)
              : bilingual("unknown key (allowed here: format, languages, deck, {key}); tables "
                          "other than {first} go before the first {first}",
                          "不明なキーです（ここで使えるキー: format, languages, deck, {key}）。"
                          "{first} 以外のテーブルは最初の {first} より前に書きます",
                          {{"key", std::string(key)}, {"first", first}}));
    }
    entries = node.as_array();
    if (entries == nullptr || !entries->is_array_of_tables()) {
      throw InputError(source_name, at, std::string(key), array_of_tables(first));
    }
  }
  return entries;
}

// The key of the entries a part holds as its header names them: "notes" under [[notes]], else
// "cards", for a file whose format is not known.
std::string_view key_of_part(const toml::table& document) {
  return document.contains("notes") && !document.contains("cards") ? "notes" : "cards";
}

void read_entry_part(const DeckFilePart& part, const std::string& source_name, int format,
                     EntryCollector& entries) {
  const toml::table document = parse_part(part, source_name);
  if (const toml::array* array =
          entries_of_part(document, part, source_name, entries_key(format))) {
    for (const toml::node& table : *array) entries.add(*table.as_table(), part);
  }
}

// A head without format, languages or deck: when a table after the entries holds it, that is
// the error to report, not the missing key.
void check_nothing_follows_entries(const DeckFileLayout& layout, const std::string& source_name) {
  for (const DeckFilePart& part : layout.entries) {
    const toml::table document = parse_part(part, source_name);
    entries_of_part(document, part, source_name, key_of_part(document));
  }
}

// A text of [deck]: one per language, or in format 2 a plain string when the deck has one.
LocalizedText deck_text(const TableReader& header, const std::string& key, const Deck& deck,
                        const TextRule& rule) {
  const toml::node& node = header.require(key);
  if (deck.format == 2 && deck.languages.size() == 1 && node.is_string()) {
    return {{deck.languages.front(), header.one_text(key, node, rule)}};
  }
  return header.text(key, deck.languages, rule);
}

int read_format(const TableReader& file) {
  const std::int64_t format = file.integer("format");
  if (format < 1 || format > kDeckFormatVersion) {
    file.fail("format",
              bilingual("this kioku reads deck formats 1 and {newest}, got {format}",
                        "この kioku が読めるデッキの形式は 1 と {newest} です（値: {format}）",
                        {{"newest", std::to_string(kDeckFormatVersion)},
                         {"format", std::to_string(format)}}),
              file.table().get("format"));
  }
  const std::string other(entries_key(format == 1 ? 2 : 1));
  if (const toml::node* mixed = file.table().get(other)) {
    file.fail(other, mixed_entries(entries_key(static_cast<int>(format))), mixed);
  }
  return static_cast<int>(format);
}

}  // namespace

Deck parse_deck(std::string_view text, const std::string& source_name) {
  if (text.size() > kMaxDeckFileBytes) {
    throw InputError(source_name, 0, "",
                     bilingual("is {size} bytes; a deck file may have at most {most} MiB",
                               "{size} バイトあります。デッキファイルの上限は {most} MiB です",
                               {{"size", std::to_string(text.size())},
                                {"most", std::to_string(kMaxDeckFileBytes / (1024 * 1024))}}));
  }
  const DeckFileLayout layout = scan_deck_layout(text, source_name);
  const int head_line = layout.head.first_line;
  const toml::table document = parse_part(layout.head, source_name);
  if (document.empty() && layout.entries.empty()) {
    // Said as the file's, not as "format: missing": an empty standard input is a slip upstream.
    throw InputError(
        source_name, 0, "",
        bilingual("has no deck in it: nothing but comments or empty lines (an empty "
                  "file?)",
                  "デッキが書かれていません: コメントと空行だけです（空のファイル？）"));
  }
  const TableReader unknown_format(document, {source_name, head_line, false}, "", 1);
  unknown_format.allow_only({"format", "languages", "deck", "note_types", "cards", "notes"});
  if (!document.contains("format") || !document.contains("languages") ||
      !document.contains("deck")) {
    check_nothing_follows_entries(layout, source_name);
  }

  Deck deck;
  deck.format = read_format(unknown_format);
  const TableReader file(document, {source_name, head_line, deck.format == 2}, "", 1);
  deck.languages = read_languages(file);

  const toml::table* deck_table = file.require("deck").as_table();
  if (deck_table == nullptr) {
    file.fail("deck",
              bilingual("must be a table ([deck])", "テーブル（[deck]）でなければなりません"),
              document.get("deck"));
  }
  const TableReader header(*deck_table, file.place(), "deck", line_of(*deck_table, head_line));
  header.allow_only({"id", "name", "description"});
  deck.id = header.slug("id");
  deck.name = deck_text(header, "name", deck, kDeckNameRule);
  if (header.has("description")) {
    deck.description = deck_text(header, "description", deck, kDescriptionRule);
  }

  if (deck.format == 2) {
    deck.note_types = read_deck_note_types(file);
  } else if (const toml::node* types = document.get("note_types")) {
    file.fail("note_types",
              bilingual("only a format 2 deck has note types (format = 2)",
                        "ノートタイプを持てるのは形式 2（format = 2）のデッキだけです"),
              types);
  }

  const std::string key(entries_key(deck.format));
  const std::string first = "[[" + key + "]]";
  EntryCollector entries(deck, source_name);
  if (layout.entries.empty()) {
    // All entries in the head: `cards = [{...}, ...]`.
    const toml::array* array = file.require(key).as_array();
    if (array == nullptr || !array->is_array_of_tables()) {
      file.fail(key, array_of_tables(first), document.get(key));
    }
    for (const toml::node& node : *array) entries.add(*node.as_table(), layout.head);
  } else {
    if (const toml::node* early = document.get(key)) {
      throw InputError(
          source_name, layout.entries.front().first_line, key,
          bilingual("{first} after `{key}` was already set at line {line}",
                    "{line} 行目で `{key}` を設定したのに、その後に {first} があります",
                    {{"first", first},
                     {"key", key},
                     {"line", std::to_string(line_of(*early, head_line))}}));
    }
    for (const DeckFilePart& part : layout.entries) {
      read_entry_part(part, source_name, deck.format, entries);
    }
  }
  if (deck.format == 1 && deck.cards.empty()) {
    file.fail("cards",
              bilingual("a deck needs at least one card", "デッキにはカードが 1 枚以上必要です"));
  }
  if (deck.format == 2 && deck.notes.empty()) {
    file.fail("notes",
              bilingual("a deck needs at least one note", "デッキにはノートが 1 件以上必要です"));
  }
  return deck;
}

Deck read_deck_file(const std::string& path) {
  std::error_code status_error;
  if (std::filesystem::is_directory(path, status_error)) {
    throw InputError(
        path, 0, "",
        bilingual("is a directory, not a deck file", "デッキファイルではなくディレクトリです"));
  }
  std::ifstream input(path, std::ios::binary);
  if (!input) {
    const BilingualMessage reason = system_error_reason(errno);
    throw InputError(path, 0, "",
                     bilingual_with("cannot open file: {error}", "ファイルを開けません: {error}",
                                    "error", reason));
  }
  // Straight into one string (not a stream and a copy of it), and no further than just past the
  // limit, so that an endless file stops there.
  std::string content;
  char buffer[65536];
  while (content.size() <= kMaxDeckFileBytes && input.read(buffer, sizeof buffer).gcount() > 0) {
    content.append(buffer, static_cast<std::size_t>(input.gcount()));
  }
  if (input.bad()) {
    throw InputError(path, 0, "", bilingual("cannot read file", "ファイルを読めません"));
  }
  if (content.size() > kMaxDeckFileBytes) {
    throw InputError(path, 0, "",
                     bilingual("is larger than {most} MiB, the most a deck file may have",
                               "デッキファイルの上限である {most} MiB を超えています",
                               {{"most", std::to_string(kMaxDeckFileBytes / (1024 * 1024))}}));
  }
  return parse_deck(content, path);
}

}  // namespace kioku
