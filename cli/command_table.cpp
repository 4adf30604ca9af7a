// The one translation unit that includes CLI11: the table's rows become a CLI::App here. Every
// command file describes its commands as data (cli/command_spec.hpp) and compiles in a fraction
// of the time.
#include "cli/command_table.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <vector>

#include "cli/commands.hpp"
#include "cli/terminal/text_width.hpp"
#include "cli/usage_error_text.hpp"
#include "core/bilingual_message.hpp"
#include "core/fill_in.hpp"

namespace kioku::cli {

namespace {

struct GlobalArgs {
  std::optional<std::string> socket;
  bool json = false;
  bool autostart = true;
  std::optional<std::string> lang;
  std::optional<std::string> color;
  std::optional<double> timeout;  // seconds
};

void apply(const GlobalArgs& globals, CliContext& context) {
  if (globals.socket) context.connect.socket_path = *globals.socket;
  context.json = globals.json;
  context.connect.autostart = globals.autostart;
  if (globals.lang) choose_language(context, *globals.lang);
  if (globals.color) context.color = *globals.color;
  if (globals.timeout) {
    context.reply_timeout =
        std::chrono::milliseconds(static_cast<std::int64_t>(*globals.timeout * 1000));
  }
}

CommandSpec program() {
  CommandGroup commands;
  for (CommandGroup group :
       {review_commands(), import_commands(), export_commands(), decks_commands(), due_commands(),
        unbury_commands(), stats_commands(), daemon_commands(), deck_commands(), doctor_commands(),
        sched_commands(), add_commands(), edit_commands(), notes_commands(), card_commands(),
        suspend_commands(), backup_commands(), config_commands()}) {
    for (CommandSpec& command : group) commands.push_back(std::move(command));
  }
  CommandSpec spec =
      Command<GlobalArgs>("kioku", {"kioku: spaced-repetition flashcards in the terminal",
                                    "kioku: ターミナルで使う間隔反復フラッシュカード"})
          .option(&GlobalArgs::socket, "--socket",
                  {"daemon socket (default: $XDG_RUNTIME_DIR/kioku/kiokud.sock)",
                   "デーモンのソケット（既定値: $XDG_RUNTIME_DIR/kioku/kiokud.sock）"})
          .flag(&GlobalArgs::json, "--json", {"print data as JSON", "データを JSON で出力する"})
          .flag(&GlobalArgs::autostart, "--no-autostart",
                {"do not start kiokud when it is not running",
                 "kiokud が稼働していなくても起動しない"},
                false)
          .option(&GlobalArgs::lang, "--lang",
                  {"language of cards and messages: en, ja, or both (Japanese, then English in "
                   "a dimmer colour, on the review screen; Japanese elsewhere)",
                   "カードとメッセージの言語: en、ja、または both（復習画面では日本語の後に英語を"
                   "薄い色で、その他は日本語）"},
                  one_of({"en", "ja", "both"}))
          .option(&GlobalArgs::color, "--color",
                  {"colour: auto (when stdout is a terminal and NO_COLOR is not set), always or "
                   "never",
                   "色: auto（標準出力が端末で NO_COLOR が未設定のとき）、always または never"},
                  one_of({"auto", "always", "never"}))
          .option(&GlobalArgs::timeout, "--timeout",
                  {"seconds to wait for each reply of kiokud (default 15; 600 for import, doctor, "
                   "deck config, backup, restore, sched optimize and sched evaluate)",
                   "kiokud の応答を待つ秒数（既定値 15。import、doctor、deck config、backup、"
                   "restore、sched optimize、sched evaluate は 600）"},
                  between(0.1, 86400.0))
          .runs([](CliContext& context, const GlobalArgs& globals) { apply(globals, context); });
  spec.subcommands = std::move(commands);
  return spec;
}

// The rule of one_of(): the value is one of `choices`.
std::function<std::optional<BilingualMessage>(const std::string&)> one_of_problem(
    std::vector<std::string> choices) {
  return
      [choices = std::move(choices)](const std::string& value) -> std::optional<BilingualMessage> {
        if (std::find(choices.begin(), choices.end(), value) != choices.end()) return std::nullopt;
        const std::string listed = "{" + CLI::detail::join(choices, ",") + "}";
        return bilingual("{value} not in {choices}", "{value} は {choices} のどれでもありません",
                         {{"value", value}, {"choices", listed}});
      };
}

// The rule of between(): the value reads as a T (as CLI11 reads it) within `range`.
template <class T>
std::function<std::optional<BilingualMessage>(const std::string&)> range_problem(Range<T> range) {
  return [range](const std::string& value) -> std::optional<BilingualMessage> {
    T number{};
    if (!CLI::detail::lexical_cast(value, number)) {
      return bilingual("Value {value} could not be converted", "{value} は数として読めません",
                       {{"value", value}});
    }
    if (number >= range.min && number <= range.max) return std::nullopt;
    std::ostringstream min;
    std::ostringstream max;
    min << range.min;
    max << range.max;
    return bilingual("Value {value} not in range {min} to {max}",
                     "{value} は {min} から {max} の範囲にありません",
                     {{"value", value}, {"min", min.str()}, {"max", max.str()}});
  };
}

// The kind of CLI11 error `error` is, as cli/usage_error_text names them. By its class, not
// get_name(): an ExtrasError of a subcommand is named after the subcommand.
std::string_view usage_error_kind(const CLI::Error& error) {
  if (dynamic_cast<const CLI::RequiredError*>(&error)) return "RequiredError";
  if (dynamic_cast<const CLI::ExtrasError*>(&error)) return "ExtrasError";
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) return "ArgumentMismatch";
  if (dynamic_cast<const CLI::ConversionError*>(&error)) return "ConversionError";
  return "";
}

// Adds `spec`'s option to `app` with CLI11's own conversions, and its rules in `language`.
void add_option(CLI::App& app, const OptionSpec& spec, const std::string& language) {
  const std::string& help = spec.help_in(language);
  CLI::Option* option = std::visit(
      [&](auto* target) -> CLI::Option* {
        using Target = std::remove_pointer_t<decltype(target)>;
        if constexpr (std::is_same_v<Target, bool>) {
          if (spec.flag_value) return app.add_flag(spec.name, *target, help);
          // A callback, not add_flag_function: its int64 conversion of `--no-shuffle=x` threw
          // std::invalid_argument past the parse, and `=false` here leaves the flag unset.
          return app.add_flag_callback(
              spec.name, [target, value = spec.flag_value] { *target = value; }, help);
        } else if constexpr (requires { typename Target::value_type; } &&
                             !std::is_same_v<Target, std::string> &&
                             !std::is_same_v<Target, std::vector<std::string>>) {
          using Value = typename Target::value_type;
          return app.add_option_function<Value>(
              spec.name, [target](const Value& value) { *target = value; }, help);
        } else {
          return app.add_option(spec.name, *target, help);
        }
      },
      spec.target);
  const OptionRules& rules = spec.rules;
  if (rules.required) option->required();
  // Not CLI::IsMember and CLI::Range: their messages are English only, made before the language
  // is known. These say the same in English.
  std::vector<std::function<std::optional<BilingualMessage>(const std::string&)>> checks;
  if (!rules.choices.empty()) checks.push_back(one_of_problem(rules.choices));
  if (rules.integer_range) checks.push_back(range_problem(*rules.integer_range));
  if (rules.number_range) checks.push_back(range_problem(*rules.number_range));
  if (rules.problem) checks.push_back(rules.problem);
  for (auto& check : checks) {
    option->check(CLI::Validator(
        [check = std::move(check), language](const std::string& value) -> std::string {
          const std::optional<BilingualMessage> problem = check(value);
          if (!problem) return "";
          return is_japanese(language) ? problem->japanese : problem->english;
        },
        "", ""));
  }
  // A list option may be given again: `--option a=1 --option b=2` keeps both.
  if (!spec.positional() && std::holds_alternative<std::vector<std::string>*>(spec.target)) {
    option->take_all();
  }
}

using AppSpecs = std::map<const CLI::App*, const CommandSpec*>;

constexpr const char* kJapaneseOptions = "オプション";

void add_commands(CLI::App& app, const CommandSpec& spec, const std::string& language,
                  AppSpecs& specs) {
  specs[&app] = &spec;
  for (const OptionSpec& option : spec.options) add_option(app, option, language);
  if (spec.subcommands.empty()) return;
  if (spec.verb_optional) {
    app.require_subcommand(0, 1);
  } else {
    app.require_subcommand(1);
  }
  for (const CommandSpec& command : spec.subcommands) {
    CLI::App& verb = *app.add_subcommand(command.name, command.help_in(language));
    if (is_japanese(language)) {
      verb.group("サブコマンド");
      // A verb's help flag is copied from its parent's before it takes the parent's defaults.
      verb.get_help_ptr()->group(kJapaneseOptions);
    }
    add_commands(verb, command, language, specs);
  }
}

// CLI11's formatter with the option column measured in terminal columns rather than bytes, so
// that a Japanese word in it ("必須") does not push the descriptions out of line.
class DisplayWidthFormatter : public CLI::Formatter {
 public:
  std::string make_option(const CLI::Option* option, bool is_positional) const override {
    const std::string name =
        "  " + make_option_name(option, is_positional) + make_option_opts(option);
    const std::string description = make_option_desc(option);
    const int width = static_cast<int>(get_column_width());
    std::string text = pad_after(name, width);
    if (!description.empty()) {
      if (display_width(name) >= width) text += "\n" + std::string(width, ' ');
      for (const char character : description) {
        text += character;
        if (character == '\n') text += std::string(width, ' ');
      }
    }
    return text + "\n";
  }
};

// CLI11's own words in --help; the value kinds (TEXT, INT, FLOAT) stay as names, as in a man
// page. Its parse errors are reworded in Japanese elsewhere (cli/usage_error_text.hpp).
void use_japanese_help(CLI::App& app) {
  const auto formatter = std::make_shared<DisplayWidthFormatter>();
  for (const auto& [label, text] :
       std::initializer_list<std::pair<const char*, const char*>>{{"Usage", "使い方"},
                                                                  {"OPTIONS", "オプション"},
                                                                  {"SUBCOMMAND", "サブコマンド"},
                                                                  {"SUBCOMMANDS", "サブコマンド"},
                                                                  {"Positionals", "位置引数"},
                                                                  {"REQUIRED", "必須"}}) {
    formatter->label(label, text);
  }
  app.formatter(formatter);
  app.option_defaults()->group(kJapaneseOptions);
  app.set_help_flag("-h,--help", "このヘルプを表示して終了する");
}

// The language --help is written in: --lang's, when the line has one, else `fallback`. Read
// before parsing, since CLI11 writes --help as soon as it meets it.
std::string help_language(const std::vector<std::string>& arguments, const std::string& fallback) {
  for (std::size_t at = 0; at < arguments.size(); ++at) {
    std::optional<std::string> lang;
    if (arguments[at] == "--lang" && at + 1 < arguments.size()) lang = arguments[at + 1];
    if (arguments[at].rfind("--lang=", 0) == 0) lang = arguments[at].substr(7);
    if (lang) return *lang == "both" ? "ja" : *lang;
  }
  return fallback;
}

}  // namespace

CommandTable command_table() {
  return CommandTable{program(), std::string("kioku ") + KIOKU_VERSION};
}

// "A subcommand is required" for `kioku deck bogus` said of the word that is no command, with
// where the commands are listed; nullopt when no such word was left (none, an option, or a word
// after "--", an argument however it reads).
std::optional<std::string> unknown_command_line(const CLI::App& app,
                                                const std::vector<std::string>& arguments,
                                                const std::string& program,
                                                const std::string& language) {
  // Fallthrough leaves the words no command took with the program.
  const std::vector<std::string> left = app.remaining();
  if (left.empty() || left.front().starts_with("-") ||
      std::find(arguments.begin(), arguments.end(), "--") != arguments.end()) {
    return std::nullopt;
  }
  const CLI::App* deepest = &app;
  std::string path = program;
  while (!deepest->get_subcommands().empty()) {
    deepest = deepest->get_subcommands().front();
    path += " " + deepest->get_name();
  }
  if (deepest->get_subcommands({}).empty()) return std::nullopt;
  return fill_in(in_language<std::string_view>(
                     language, "{command} {word}: no such command ({command} --help lists them)",
                     "{command} {word}: そのようなコマンドはありません（{command} --help "
                     "で一覧できます）"),
                 {{"command", path}, {"word", left.front()}});
}

ParsedLine parse_command_line(const CommandTable& table, const std::string& program_name,
                              const std::vector<std::string>& arguments, std::ostream& out,
                              std::ostream& err, const std::string& language) {
  const std::string help = help_language(arguments, language);
  CLI::App app{table.program.help_in(help), program_name};
  if (is_japanese(help)) use_japanese_help(app);
  app.failure_message([japanese = is_japanese(help)](const CLI::App*, const CLI::Error& error) {
    const std::string what = japanese
                                 ? usage_error_in_japanese(usage_error_kind(error), error.what())
                                 : std::string(error.what());
    return what + "\n" + usage_error_hint(japanese) + "\n";
  });
  app.set_version_flag("--version", table.version,
                       is_japanese(help) ? "バージョンを表示して終了する"
                                         : "Display program version information and exit");
  app.fallthrough();  // global options may follow the subcommand: `kioku due --json`
  AppSpecs specs;
  add_commands(app, table.program, help, specs);
  ParsedLine parsed;
  try {
    // CLI11 takes the arguments last first.
    app.parse(std::vector<std::string>(arguments.rbegin(), arguments.rend()));
  } catch (const CLI::ParseError& error) {
    if (dynamic_cast<const CLI::RequiredError*>(&error)) {
      if (const auto line = unknown_command_line(app, arguments, table.program.name, help)) {
        err << *line << '\n';
        parsed.exit_code = kExitUsage;
        return parsed;
      }
    }
    parsed.exit_code = app.exit(error, out, err) == 0 ? kExitOk : kExitUsage;
    return parsed;
  }
  for (const CLI::App* chosen = &app; chosen != nullptr;) {
    parsed.path.push_back(specs.at(chosen));
    const std::vector<CLI::App*> below = chosen->get_subcommands();
    chosen = below.empty() ? nullptr : below.front();
  }
  return parsed;
}

int run_parsed_line(const ParsedLine& line, CliContext& context) {
  int exit_code = kExitOk;
  for (std::size_t at = 0; at < line.path.size(); ++at) {
    const CommandSpec* command = line.path[at];
    // A command with optional verbs runs itself only when no verb follows.
    if (command->verb_optional && at + 1 < line.path.size()) continue;
    if (command->run) exit_code = command->run(context);
  }
  return exit_code;
}

int run_command_line(int argc, const char* const* argv, CliContext& context) {
  const CommandTable table = command_table();
  const ParsedLine parsed =
      parse_command_line(table, argc > 0 ? argv[0] : "kioku",
                         std::vector<std::string>(argv + std::min(argc, 1), argv + argc), std::cout,
                         std::cerr, context.language);
  if (parsed.exit_code) return *parsed.exit_code;
  return run_parsed_line(parsed, context);
}

}  // namespace kioku::cli
