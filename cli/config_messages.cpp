// kioku config's words in English and Japanese.
#include "cli/config_messages.hpp"

#include "cli/language_choice.hpp"
#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/configuration.hpp"

namespace kioku::cli {

namespace {

const ConfigMessages kEnglish{
    .unreadable = "{where}cannot read the file: {got}",
    .syntax = "{where}not valid TOML: {got}",
    .unknown_key = "{where}no such setting (see kioku.conf(5))",
    .wrong_type = "{where}must be {expected}, not {got}",
    .not_a_whole_number = "{where}must be a whole number, got '{got}'",
    .out_of_range = "{where}must be from {lowest} to {highest}, got {got}",
    .not_a_choice = "{where}must be one of {choices}, got '{got}'",
    .not_an_absolute_path = "{where}must be an absolute path, got '{got}'",
    .unknown_time_zone = "{where}not a time zone this system knows: '{got}'",
    .not_a_duration =
        "{where}must be a duration from 1m to 7d such as 2h, 90m or 1h30m, got '{got}'",
    .not_quiet_hours =
        "{where}must be two different times of day, HH:MM-HH:MM such as 22:00-07:00, got '{got}'",
    .no_program = "{where}must name a program, got {got}",
    .type_integer = "an integer",
    .type_string = "a string",
    .type_table = "a table",
    .type_boolean = "a boolean (true or false)",
    .type_command = "a command (a string or an array of strings)",
    .column_key = "KEY",
    .column_value = "VALUE",
    .column_source = "SOURCE",
    .source_default = "default",
    .source_file = "file",
    .source_command_line = "command line",
    .not_set = "(not set)",
    .restart_mark = " (kioku daemon restart applies it)",
    .file_line = "File: {file}",
    .refused = "The file was refused; the last good configuration is in use: {problem}",
    .set_done = "Set {key} = {value} in {file}",
    .reloaded = "Reloaded {file}",
    .now_in_effect = "Now in effect: {keys}",
    .needs_restart = "Applies once kiokud restarts (kioku daemon restart): {keys}",
    .edit_unchanged = "{file} was not changed.",
    .edit_emptied =
        "The file was emptied: nothing saved. To go back to the defaults, delete {file}.",
    .edit_saved = "Saved {file}",
    .template_heading =
        "kioku's settings (man 5 kioku.conf). Each line below is a default, commented out.",
};

const ConfigMessages kJapanese{
    .unreadable = "{where}ファイルを読めません: {got}",
    .syntax = "{where}TOML として正しくありません: {got}",
    .unknown_key = "{where}そのような設定はありません（kioku.conf(5) を参照）",
    .wrong_type = "{where}{expected}でなければなりません（{got}でした）",
    .not_a_whole_number = "{where}整数でなければなりません（'{got}' でした）",
    .out_of_range = "{where}{lowest} から {highest} まででなければなりません（{got} でした）",
    .not_a_choice = "{where}{choices} のいずれかでなければなりません（'{got}' でした）",
    .not_an_absolute_path = "{where}絶対パスでなければなりません（'{got}' でした）",
    .unknown_time_zone = "{where}このシステムが知らないタイムゾーンです: '{got}'",
    .not_a_duration =
        "{where}1m から 7d までの時間（2h、90m、1h30m など）でなければなりません（'{got}' でした）",
    .not_quiet_hours =
        "{where}異なる二つの時刻を HH:MM-HH:MM（22:00-07:00 "
        "など）で書かなければなりません（'{got}' "
        "でした）",
    .no_program = "{where}プログラムを指定しなければなりません（{got} でした）",
    .type_integer = "整数",
    .type_string = "文字列",
    .type_table = "テーブル",
    .type_boolean = "真偽値（true か false）",
    .type_command = "コマンド（文字列か文字列の配列）",
    .column_key = "キー",
    .column_value = "値",
    .column_source = "出所",
    .source_default = "既定値",
    .source_file = "ファイル",
    .source_command_line = "コマンドライン",
    .not_set = "（未設定）",
    .restart_mark = "（kioku daemon restart で反映）",
    .file_line = "ファイル: {file}",
    .refused = "ファイルは受け付けられませんでした。最後に正しかった設定を使っています: {problem}",
    .set_done = "{file} の {key} を {value} にしました",
    .reloaded = "{file} を読み込み直しました",
    .now_in_effect = "反映しました: {keys}",
    .needs_restart = "kiokud の再起動後に反映されます（kioku daemon restart）: {keys}",
    .edit_unchanged = "{file} は変更されていません。",
    .edit_emptied =
        "ファイルが空になりました。何も保存していません。既定値に戻すには {file} "
        "を削除してください。",
    .edit_saved = "{file} を保存しました",
    .template_heading =
        "kioku の設定（man 5 kioku.conf）。以下の各行は既定値で、コメントにしてあります。",
};

const NoteFileMessages& with_config_words(const NoteFileMessages& note, NoteFileMessages& copy,
                                          const char* cannot_write, const char* cannot_read,
                                          const char* too_large, const char* heading) {
  copy = note;
  copy.cannot_write_file = cannot_write;
  copy.cannot_read_file = cannot_read;
  copy.file_too_large = too_large;
  copy.error_heading = heading;
  return copy;
}

std::string where(const protocol::ConfigProblemInfo& problem) {
  std::string text = problem.file;
  if (problem.line > 0) text += ":" + std::to_string(problem.line);
  if (problem.line > 0 && problem.column > 0) text += ":" + std::to_string(problem.column);
  if (!text.empty()) text += ": ";
  if (!problem.key.empty()) text += problem.key + ": ";
  return text;
}

std::string type_word(const std::string& type, const ConfigMessages& words,
                      const std::string& language) {
  if (type == "integer") return words.type_integer;
  if (type == "string") return words.type_string;
  if (type == "table") return words.type_table;
  if (type == "boolean") return words.type_boolean;
  if (type == "command") return words.type_command;
  if (is_japanese(language)) return type;
  return (type == "array" ? "an " : "a ") + type;
}

}  // namespace

const ConfigMessages& config_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

const NoteFileMessages& config_file_messages_for(const std::string& language) {
  static NoteFileMessages english;
  static NoteFileMessages japanese;
  static const NoteFileMessages& english_words = with_config_words(
      note_file_messages_for("en"), english,
      "Could not write the configuration file for the editor: {error}",
      "Could not read the configuration file back from the editor: {error}",
      "The configuration file is larger than {limit} bytes: nothing saved.",
      "Not saved. Fix the problem below and save again, or quit without changing the file to "
      "give up.");
  static const NoteFileMessages& japanese_words = with_config_words(
      note_file_messages_for("ja"), japanese,
      "エディタ用に設定ファイルを書き込めませんでした: {error}",
      "エディタから設定ファイルを読み戻せませんでした: {error}",
      "設定ファイルが {limit} バイトを超えています。何も保存していません。",
      "保存していません。下の問題を直してもう一度保存するか、ファイルを変えずに終了して"
      "やめてください。");
  return in_language(language, english_words, japanese_words);
}

std::string describe_config_problem(const protocol::ConfigProblemInfo& problem,
                                    const std::string& language) {
  const ConfigMessages& words = config_messages_for(language);
  const std::string place = safe_line(where(problem));
  // An unreadable file's reason comes in English: in the language of the words.
  const std::string got =
      safe_line(problem.kind == "unreadable" ? text_in(unreadable_reason(problem.got), language)
                                             : problem.got);
  const auto pattern = [&]() -> const char* {
    if (problem.kind == "unreadable") return words.unreadable;
    if (problem.kind == "unknown_key") return words.unknown_key;
    if (problem.kind == "wrong_type") return words.wrong_type;
    if (problem.kind == "not_a_whole_number") return words.not_a_whole_number;
    if (problem.kind == "out_of_range") return words.out_of_range;
    if (problem.kind == "not_a_choice") return words.not_a_choice;
    if (problem.kind == "not_an_absolute_path") return words.not_an_absolute_path;
    if (problem.kind == "unknown_time_zone") return words.unknown_time_zone;
    if (problem.kind == "not_a_duration") return words.not_a_duration;
    if (problem.kind == "not_quiet_hours") return words.not_quiet_hours;
    if (problem.kind == "no_program") return words.no_program;
    return words.syntax;
  }();
  std::string choices;
  for (const char character : problem.expected) {
    choices += character;
    if (character == ',') choices += ' ';
  }
  return fill_in(
      pattern,
      {{"where", place},
       {"got", problem.kind == "wrong_type" ? type_word(problem.got, words, language) : got},
       {"expected", type_word(problem.expected, words, language)},
       {"lowest", std::to_string(problem.lowest)},
       {"highest", std::to_string(problem.highest)},
       {"choices", safe_line(choices)}});
}

}  // namespace kioku::cli
