// kioku config get|set|list|reload|edit: the configuration file through kiokud, which checks
// every value and text before it writes (docs/configuration.md). A refused value or file is
// shown in the user's language from the problem kiokud sends (data.config_problem).
#include <algorithm>
#include <iostream>
#include <optional>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/config_messages.hpp"
#include "cli/edit_loop.hpp"
#include "cli/editor.hpp"
#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/configuration_keys.hpp"
#include "core/configuration_layers.hpp"
#include "core/error.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct GetArgs {
  std::string key;
};

struct SetArgs {
  std::string key;
  std::string value;
};

// The problem kiokud sent with a refusal; nullopt for any other error.
std::optional<protocol::ConfigProblemInfo> config_problem(const Error& error) {
  const auto* with_data = dynamic_cast<const protocol::ErrorWithData*>(&error);
  if (with_data == nullptr) return std::nullopt;
  const boost::json::value* problem = with_data->data().if_contains("config_problem");
  if (problem == nullptr) return std::nullopt;
  try {
    return protocol::decode_result<protocol::ConfigProblemInfo>("config_problem", *problem);
  } catch (const Error&) {
    return std::nullopt;
  }
}

// Calls `method`; a refusal becomes the same error worded in the user's language.
boost::json::value call_config(CliContext& context, std::string_view method,
                               boost::json::object params) {
  try {
    return context.daemon().call(method, std::move(params));
  } catch (const Error& error) {
    if (const auto problem = config_problem(error)) {
      throw Error(error.code(), describe_config_problem(*problem, context.language));
    }
    throw;
  }
}

std::string value_text(const boost::json::value& value, const ConfigMessages& words) {
  if (value.is_int64()) return std::to_string(value.as_int64());
  if (value.is_string()) return safe_line(std::string(value.as_string()));
  if (value.is_bool()) return value.as_bool() ? "true" : "false";
  if (value.is_array()) {
    std::vector<std::string> command;
    for (const boost::json::value& word : value.as_array()) {
      if (word.is_string()) command.emplace_back(word.as_string());
    }
    return safe_line(toml_literal(ConfigValue(command)));
  }
  return words.not_set;
}

std::string source_text(const std::string& source, const ConfigMessages& words) {
  if (source == to_string(ConfigSource::kFile)) return words.source_file;
  if (source == to_string(ConfigSource::kCommandLine)) return words.source_command_line;
  return words.source_default;
}

void print_entries(const std::vector<protocol::ConfigEntry>& entries, const ConfigMessages& words,
                   std::ostream& out) {
  int key_width = display_width(words.column_key);
  int value_width = display_width(words.column_value);
  for (const protocol::ConfigEntry& entry : entries) {
    key_width = std::max(key_width, display_width(entry.key));
    value_width = std::max(value_width, display_width(value_text(entry.value, words)));
  }
  out << pad_after(words.column_key, key_width + 2)
      << pad_after(words.column_value, value_width + 2) << words.column_source << '\n';
  for (const protocol::ConfigEntry& entry : entries) {
    out << pad_after(entry.key, key_width + 2)
        << pad_after(value_text(entry.value, words), value_width + 2)
        << source_text(entry.source, words) << (entry.restart_needed ? words.restart_mark : "")
        << '\n';
  }
}

void print_list(const protocol::ConfigListResult& result, const std::string& language,
                std::ostream& out) {
  const ConfigMessages& words = config_messages_for(language);
  out << fill_in(words.file_line, {{"file", safe_line(result.file)}}) << '\n';
  print_entries(result.entries, words, out);
  if (result.refused) {
    out << fill_in(words.refused, {{"problem", describe_config_problem(*result.refused, language)}})
        << '\n';
  }
}

void print_entry(const protocol::ConfigEntry& entry, const std::string& language,
                 std::ostream& out) {
  const ConfigMessages& words = config_messages_for(language);
  out << value_text(entry.value, words) << (entry.restart_needed ? words.restart_mark : "") << '\n';
}

std::string joined(const std::vector<std::string>& keys) {
  std::string text;
  for (const std::string& key : keys) text += (text.empty() ? "" : ", ") + key;
  return text;
}

// What a reload did: the file, what applies now, what waits for a restart, and a refusal.
void print_reload(const protocol::ConfigReloadResult& result, const std::string& language,
                  std::ostream& out) {
  const ConfigMessages& words = config_messages_for(language);
  if (result.refused) {
    out << fill_in(words.refused, {{"problem", describe_config_problem(*result.refused, language)}})
        << '\n';
    return;
  }
  out << fill_in(words.reloaded, {{"file", safe_line(result.file)}}) << '\n';
  if (!result.changed.empty()) {
    out << fill_in(words.now_in_effect, {{"keys", joined(result.changed)}}) << '\n';
  }
  if (!result.restart_needed.empty()) {
    out << fill_in(words.needs_restart, {{"keys", joined(result.restart_needed)}}) << '\n';
  }
}

void run_get(CliContext& context, const GetArgs& args) {
  show_result(context, protocol::kConfigGet,
              call_config(context, protocol::kConfigGet.name, {{"key", args.key}}),
              [&](const protocol::ConfigEntry& entry, std::ostream& out) {
                print_entry(entry, context.language, out);
              });
}

void run_set(CliContext& context, const SetArgs& args) {
  show_result(
      context, protocol::kConfigSet,
      call_config(context, protocol::kConfigSet.name, {{"key", args.key}, {"value", args.value}}),
      [&](const protocol::ConfigReloadResult& result, std::ostream& out) {
        const ConfigMessages& words = config_messages_for(context.language);
        out << fill_in(words.set_done, {{"key", safe_line(args.key)},
                                        {"value", safe_line(args.value)},
                                        {"file", safe_line(result.file)}})
            << '\n';
        if (!result.restart_needed.empty()) {
          out << fill_in(words.needs_restart, {{"keys", joined(result.restart_needed)}}) << '\n';
        }
      });
}

void run_list(CliContext& context, const NoArgs&) {
  show_result(context, protocol::kConfigList, call_config(context, protocol::kConfigList.name, {}),
              [&](const protocol::ConfigListResult& result, std::ostream& out) {
                print_list(result, context.language, out);
              });
}

void run_reload(CliContext& context, const NoArgs&) {
  const boost::json::value result = call_config(context, protocol::kConfigReload.name, {});
  show_result(context, protocol::kConfigReload, result,
              [&](const protocol::ConfigReloadResult& reload, std::ostream& out) {
                print_reload(reload, context.language, out);
              });
  // A refused file is a failure of the command, as a refused `config set` is.
  if (protocol::decode_result<protocol::ConfigReloadResult>(protocol::kConfigReload.name, result)
          .refused) {
    throw Error(ErrorCode::kInvalidInput,
                describe_config_problem(*protocol::decode_result<protocol::ConfigReloadResult>(
                                             protocol::kConfigReload.name, result)
                                             .refused,
                                        context.language));
  }
}

// A file to start from when there is none: every key at its default, commented out.
std::string config_template(const ConfigMessages& words) {
  std::string text = std::string("# ") + words.template_heading + "\n";
  const Configuration defaults;
  std::string section;
  for (const ConfigKey& key : configuration_keys()) {
    const std::size_t dot = key.name.find('.');
    const std::string this_section(dot == std::string_view::npos ? "" : key.name.substr(0, dot));
    if (this_section != section) {
      text += "\n# [" + this_section + "]\n";
      section = this_section;
    }
    const std::string leaf(dot == std::string_view::npos ? key.name : key.name.substr(dot + 1));
    std::string literal = toml_literal(key.get(defaults));
    // The default command is notify-send when it is on PATH: the line to uncomment says so.
    if (literal.empty()) literal = key.type == ConfigType::kCommand ? "[\"notify-send\"]" : "\"\"";
    text += "# " + leaf + " = " + literal + "\n";
  }
  return text;
}

void run_edit(CliContext& context, const NoArgs&) {
  const ConfigMessages& words = config_messages_for(context.language);
  const NoteFileMessages& file_words = config_file_messages_for(context.language);
  const auto current = protocol::decode_result<protocol::ConfigTextResult>(
      protocol::kConfigRead.name, call_config(context, protocol::kConfigRead.name, {}));
  const std::string start = current.text.empty() ? config_template(words) : current.text;
  const PrivateFile file("config.toml", file_words, context.language);
  const EditEnd end = edit_until_accepted(
      start,
      [&](const std::string& given) {
        context.disconnect();  // the editor may take longer than kiokud keeps a silent client
        return edit_in_editor(file, given, file_words, context.language);
      },
      [&](const std::string& body) -> std::optional<TextProblem> {
        try {
          context.daemon().call(protocol::kConfigWrite.name, {{"text", body}});
          return std::nullopt;
        } catch (const Error& error) {
          const auto problem = config_problem(error);
          if (!problem) throw;
          // The line is the edited text's; the file's name is the one being edited.
          protocol::ConfigProblemInfo here = *problem;
          here.file.clear();
          here.line = 0;
          return TextProblem{static_cast<int>(problem->line), static_cast<int>(problem->column),
                             describe_config_problem(here, context.language), "config.toml"};
        }
      },
      file_words, std::cerr, most_problem_rounds(editor_at_terminal()));
  const std::string path = safe_line(current.file);
  switch (end) {
    case EditEnd::kAccepted:
      std::cout << fill_in(words.edit_saved, {{"file", path}}) << '\n';
      return;
    case EditEnd::kUnchanged:
      std::cout << fill_in(words.edit_unchanged, {{"file", path}}) << '\n';
      return;
    case EditEnd::kEmptied:
      std::cout << fill_in(words.edit_emptied, {{"file", path}}) << '\n';
      return;
    case EditEnd::kUnchangedAfterError:
      std::cout << file_words.unchanged_after_error << '\n';
      throw Error(ErrorCode::kInvalidInput, file_words.unchanged_after_error);
    case EditEnd::kTooManyProblems:
      throw Error(ErrorCode::kInvalidInput, problems_end_text(end, file_words));
  }
}

}  // namespace

CommandGroup config_commands() {
  return {noun(
      "config",
      {"Show or change kiokud's settings (the configuration file, checked by kiokud)",
       "kiokud の設定を表示・変更する（設定ファイル。kiokud が検査する）"},
      {Command<GetArgs>("get", {"Show one setting's value", "一つの設定の値を表示する"})
           .option(&GetArgs::key, "KEY",
                   {"the setting, e.g. day_starts_at", "設定名（例: day_starts_at）"}, required())
           .shows(protocol::kConfigGet, [](const protocol::ConfigEntry& entry,
                                           std::ostream& out) { print_entry(entry, "en", out); })
           .runs(run_get),
       Command<SetArgs>("set", {"Set one setting in the file, keeping its comments, and reload it",
                                "ファイルの一つの設定を変えて（コメントは残す）読み込み直す"})
           .option(&SetArgs::key, "KEY",
                   {"the setting, e.g. day_starts_at", "設定名（例: day_starts_at）"}, required())
           .option(&SetArgs::value, "VALUE", {"its new value", "新しい値"}, required())
           .runs(run_set),
       Command<>("list", {"Show every setting with its value and where it comes from",
                          "すべての設定を値と出所とともに表示する"})
           .shows(protocol::kConfigList, [](const protocol::ConfigListResult& result,
                                            std::ostream& out) { print_list(result, "en", out); })
           .runs(run_list),
       Command<>("reload", {"Make kiokud read the file again (as SIGHUP does)",
                            "kiokud にファイルを読み込み直させる（SIGHUP と同じ）"})
           .shows(protocol::kConfigReload,
                  [](const protocol::ConfigReloadResult& result, std::ostream& out) {
                    print_reload(result, "en", out);
                  })
           .runs(run_reload),
       Command<>("edit", {"Edit the file in $EDITOR; kiokud checks it, and a problem reopens it",
                          "$EDITOR でファイルを編集する。kiokud が検査し、問題があれば開き直す"})
           .runs(run_edit)})};
}

}  // namespace kioku::cli
