#include "core/configuration.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "core/configuration_keys.hpp"
#include "core/configuration_toml.hpp"
#include "core/fill_in.hpp"
#include "core/reminder_settings.hpp"
#include "core/system_error_reason.hpp"
#include "core/toml.hpp"

namespace kioku {

namespace {

constexpr std::array<std::pair<ConfigProblemKind, std::string_view>, 12> kKindNames{{
    {ConfigProblemKind::kUnreadable, "unreadable"},
    {ConfigProblemKind::kSyntax, "syntax"},
    {ConfigProblemKind::kUnknownKey, "unknown_key"},
    {ConfigProblemKind::kWrongType, "wrong_type"},
    {ConfigProblemKind::kNotAWholeNumber, "not_a_whole_number"},
    {ConfigProblemKind::kOutOfRange, "out_of_range"},
    {ConfigProblemKind::kNotAChoice, "not_a_choice"},
    {ConfigProblemKind::kNotAbsolutePath, "not_an_absolute_path"},
    {ConfigProblemKind::kUnknownTimeZone, "unknown_time_zone"},
    {ConfigProblemKind::kNotADuration, "not_a_duration"},
    {ConfigProblemKind::kNotQuietHours, "not_quiet_hours"},
    {ConfigProblemKind::kNoProgram, "no_program"},
}};

std::string with_article(const std::string& type) {
  if (type == "command") return "a command (a string or an array of strings)";
  return (type == "integer" || type == "array" ? "an " : "a ") + type;
}

// A type's name in Japanese, as the CLI's catalogue words it (cli/config_messages.cpp).
std::string japanese_type(const std::string& type) {
  if (type == "integer") return "整数";
  if (type == "string") return "文字列";
  if (type == "table") return "テーブル";
  if (type == "boolean") return "真偽値";
  if (type == "command") return "コマンド（文字列か文字列の配列）";
  if (type == "array") return "配列";
  if (type == "float") return "小数";
  if (type == "date") return "日付";
  if (type == "time") return "時刻";
  if (type == "date-time") return "日時";
  return type;
}

// "en, ja" from "en,ja".
std::string listed(const std::string& choices) {
  std::string out;
  for (const char character : choices) {
    out += character;
    if (character == ',') out += ' ';
  }
  return out;
}

std::string_view type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table:
      return "table";
    case toml::node_type::array:
      return "array";
    case toml::node_type::string:
      return "string";
    case toml::node_type::integer:
      return "integer";
    case toml::node_type::floating_point:
      return "float";
    case toml::node_type::boolean:
      return "boolean";
    case toml::node_type::date:
      return "date";
    case toml::node_type::time:
      return "time";
    case toml::node_type::date_time:
      return "date-time";
    default:
      return "nothing";
  }
}

// The sections of the file: a key "daemon.x" lives in [daemon].
bool is_section(std::string_view name) {
  for (const ConfigKey& key : configuration_keys()) {
    const std::size_t dot = key.name.find('.');
    if (dot != std::string_view::npos && key.name.substr(0, dot) == name) return true;
  }
  return false;
}

class Reader {
 public:
  explicit Reader(const std::string& file) : file_(file) {}

  void read(const toml::table& root) {
    for (auto&& [name, node] : root) {
      const std::string key(name.str());
      if (is_section(key)) {
        if (const toml::table* section = node.as_table()) {
          for (auto&& [inner_name, inner] : *section) {
            read_value(key + "." + std::string(inner_name.str()), inner_name, inner);
          }
        } else {
          fail(node.source(), key, ConfigProblemKind::kWrongType, "table",
               std::string(type_name(node)));
        }
      } else if (key.find('.') != std::string::npos) {
        // A quoted key with a dot in it ("backups.daily" = 3) is one key of that name, not the
        // setting daily of [backups]; the editor would add the setting beside it.
        fail(name.source(), '"' + key + '"', ConfigProblemKind::kUnknownKey, "", "");
      } else {
        read_value(key, name, node);
      }
    }
  }

  // The problem nearest the top; toml++ keeps a table's keys sorted, not in file order.
  const std::optional<ConfigProblem>& first_problem() const noexcept { return first_; }
  ParsedConfiguration result() {
    ParsedConfiguration parsed{values_, {}};
    for (const ConfigKey& key : configuration_keys()) {
      if (std::find(set_.begin(), set_.end(), key.name) != set_.end()) {
        parsed.keys_set.emplace_back(key.name);
      }
    }
    return parsed;
  }

 private:
  void read_value(const std::string& dotted, const toml::key& name, const toml::node& node) {
    const ConfigKey* key = find_config_key(dotted);
    if (key == nullptr) {
      fail(name.source(), dotted, ConfigProblemKind::kUnknownKey, "", "");
      return;
    }
    ConfigValue value;
    if (key->type == ConfigType::kInteger && node.is_integer()) {
      value = node.as_integer()->get();
    } else if (key->type == ConfigType::kString && node.is_string()) {
      value = node.as_string()->get();
    } else if (key->type == ConfigType::kBoolean && node.is_boolean()) {
      value = node.as_boolean()->get();
    } else if (key->type == ConfigType::kCommand && node.is_string()) {
      value = split_command(node.as_string()->get());
    } else if (key->type == ConfigType::kCommand && node.is_array() &&
               (node.as_array()->empty() ||
                node.as_array()->is_homogeneous(toml::node_type::string))) {
      std::vector<std::string> words;
      for (const toml::node& word : *node.as_array()) words.push_back(word.as_string()->get());
      value = std::move(words);
    } else {
      fail(node.source(), dotted, ConfigProblemKind::kWrongType,
           std::string(kioku::type_name(key->type)), std::string(type_name(node)));
      return;
    }
    if (std::optional<ConfigProblem> problem = check_value(*key, value)) {
      place(*problem, node.source());
      keep(std::move(*problem));
      return;
    }
    key->set(values_, value);
    set_.push_back(key->name);
  }

  void place(ConfigProblem& problem, const toml::source_region& where) const {
    problem.file = file_;
    problem.line = static_cast<int>(where.begin.line);
    problem.column = static_cast<int>(where.begin.column);
  }

  void fail(const toml::source_region& where, const std::string& key, ConfigProblemKind kind,
            std::string expected, std::string got) {
    ConfigProblem problem;
    problem.kind = kind;
    problem.key = key;
    problem.expected = std::move(expected);
    problem.got = std::move(got);
    place(problem, where);
    keep(std::move(problem));
  }

  void keep(ConfigProblem problem) {
    if (!first_ ||
        std::pair(problem.line, problem.column) < std::pair(first_->line, first_->column)) {
      first_ = std::move(problem);
    }
  }

  const std::string& file_;
  Configuration values_;
  std::vector<std::string_view> set_;
  std::optional<ConfigProblem> first_;
};

}  // namespace

std::string_view to_string(ConfigProblemKind kind) noexcept {
  for (const auto& [known, name] : kKindNames) {
    if (known == kind) return name;
  }
  return "syntax";
}

std::optional<ConfigProblemKind> parse_config_problem_kind(std::string_view name) noexcept {
  for (const auto& [kind, known] : kKindNames) {
    if (known == name) return kind;
  }
  return std::nullopt;
}

BilingualMessage unreadable_reason(std::string_view got) {
  if (got == kConfigFileTooLarge) return bilingual(kConfigFileTooLarge, "1 MiB を超えています");
  return system_error_reason_from_english(got);
}

BilingualMessage describe_in_both(const ConfigProblem& problem) {
  std::string where = problem.file;
  if (problem.line > 0) where += ":" + std::to_string(problem.line);
  if (problem.line > 0 && problem.column > 0) where += ":" + std::to_string(problem.column);
  if (!where.empty()) where += ": ";
  if (!problem.key.empty()) where += problem.key + ": ";
  const auto message = [&](std::string_view english, std::string_view japanese) {
    return bilingual(english, japanese,
                     {{"where", where},
                      {"got", problem.got},
                      {"lowest", std::to_string(problem.lowest)},
                      {"highest", std::to_string(problem.highest)},
                      {"choices", listed(problem.expected)}});
  };
  switch (problem.kind) {
    case ConfigProblemKind::kUnreadable:
      // got is strerror's English (it crosses the wire so), worded here in both.
      return bilingual_with("{where}cannot read the file: {got}",
                            "{where}ファイルを読めません: {got}", "got",
                            unreadable_reason(problem.got), {{"where", where}});
    case ConfigProblemKind::kSyntax:
      return message("{where}not valid TOML: {got}", "{where}TOML として正しくありません: {got}");
    case ConfigProblemKind::kUnknownKey:
      return message("{where}no such setting (see kioku.conf(5))",
                     "{where}そのような設定はありません（kioku.conf(5) を参照）");
    case ConfigProblemKind::kWrongType:
      // The types in words of each language: "an integer", 整数.
      return {fill_in("{where}must be {expected}, not {got}",
                      {{"where", where},
                       {"expected", with_article(problem.expected)},
                       {"got", with_article(problem.got)}}),
              fill_in("{where}{expected}でなければなりません（{got}でした）",
                      {{"where", where},
                       {"expected", japanese_type(problem.expected)},
                       {"got", japanese_type(problem.got)}})};
    case ConfigProblemKind::kNotAWholeNumber:
      return message("{where}must be a whole number, got '{got}'",
                     "{where}整数でなければなりません（'{got}' でした）");
    case ConfigProblemKind::kOutOfRange:
      return message("{where}must be from {lowest} to {highest}, got {got}",
                     "{where}{lowest} から {highest} まででなければなりません（{got} でした）");
    case ConfigProblemKind::kNotAChoice:
      return message("{where}must be one of {choices}, got '{got}'",
                     "{where}{choices} のいずれかでなければなりません（'{got}' でした）");
    case ConfigProblemKind::kNotAbsolutePath:
      return message("{where}must be an absolute path, got '{got}'",
                     "{where}絶対パスでなければなりません（'{got}' でした）");
    case ConfigProblemKind::kUnknownTimeZone:
      return message("{where}not a time zone this system knows: '{got}'",
                     "{where}このシステムが知らないタイムゾーンです: '{got}'");
    case ConfigProblemKind::kNotADuration:
      return message(
          "{where}must be a duration from 1m to 7d such as 2h, 90m or 1h30m, got '{got}'",
          "{where}1m から 7d までの時間（2h、90m、1h30m など）でなければなりません（'{got}' "
          "でした）");
    case ConfigProblemKind::kNotQuietHours:
      return message(
          "{where}must be two different times of day, HH:MM-HH:MM such as 22:00-07:00, got "
          "'{got}'",
          "{where}異なる二つの時刻を HH:MM-HH:MM（22:00-07:00 など）で書かなければなりません"
          "（'{got}' でした）");
    case ConfigProblemKind::kNoProgram:
      return message("{where}must name a program, got {got}",
                     "{where}プログラムを指定しなければなりません（{got} でした）");
  }
  return same_in_both(where);
}

std::string describe(const ConfigProblem& problem) {
  return describe_in_both(problem).english;
}

ConfigProblem syntax_problem(const std::string& file, int line, int column,
                             std::string description) {
  ConfigProblem problem;
  problem.kind = ConfigProblemKind::kSyntax;
  problem.file = file;
  problem.line = line;
  problem.column = column;
  problem.got = std::move(description);
  return problem;
}

toml::table parse_config_toml(std::string_view text, const std::string& file) {
  try {
    return toml::parse(text, std::string_view(file));
  } catch (const toml::parse_error& error) {
    throw ConfigError(syntax_problem(file, static_cast<int>(error.source().begin.line),
                                     static_cast<int>(error.source().begin.column),
                                     std::string(error.description())));
  }
}

ParsedConfiguration parse_configuration(std::string_view text, const std::string& file) {
  const toml::table root = parse_config_toml(text, file);
  Reader reader(file);
  reader.read(root);
  if (reader.first_problem()) throw ConfigError(*reader.first_problem());
  return reader.result();
}

}  // namespace kioku
