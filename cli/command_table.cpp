// The one translation unit that includes CLI11: the table's rows become a CLI::App here. Every
// command file describes its commands as data (cli/command_spec.hpp) and compiles in a fraction
// of the time.
#include "cli/command_table.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>
#include <map>

#include "cli/commands.hpp"

namespace kioku::cli {

namespace {

struct GlobalArgs {
  std::optional<std::string> socket;
  bool json = false;
  bool autostart = true;
  std::optional<std::string> lang;
  std::optional<double> timeout;  // seconds
};

void apply(const GlobalArgs& globals, CliContext& context) {
  if (globals.socket) context.connect.socket_path = *globals.socket;
  context.json = globals.json;
  context.connect.autostart = globals.autostart;
  if (globals.lang) context.language = *globals.lang;
  if (globals.timeout) {
    context.reply_timeout =
        std::chrono::milliseconds(static_cast<std::int64_t>(*globals.timeout * 1000));
  }
}

CommandSpec program() {
  CommandGroup commands;
  for (CommandGroup group : {review_commands(), import_commands(), decks_commands(), due_commands(),
                             unbury_commands(), stats_commands(), daemon_commands(),
                             deck_commands(), doctor_commands(), sched_commands()}) {
    for (CommandSpec& command : group) commands.push_back(std::move(command));
  }
  CommandSpec spec =
      Command<GlobalArgs>("kioku", "kioku: spaced-repetition flashcards in the terminal")
          .option(&GlobalArgs::socket, "--socket",
                  "daemon socket (default: $XDG_RUNTIME_DIR/kioku/kiokud.sock)")
          .flag(&GlobalArgs::json, "--json", "print data as JSON")
          .flag(&GlobalArgs::autostart, "--no-autostart",
                "do not start kiokud when it is not running", false)
          .option(&GlobalArgs::lang, "--lang", "language of cards and messages (en or ja)",
                  one_of({"en", "ja"}))
          .option(&GlobalArgs::timeout, "--timeout",
                  "seconds to wait for each reply of kiokud (default 15, 600 for imports, doctor "
                  "and deck config)",
                  between(0.1, 86400.0))
          .runs([](CliContext& context, const GlobalArgs& globals) { apply(globals, context); });
  spec.subcommands = std::move(commands);
  return spec;
}

// Adds `spec`'s option to `app` with CLI11's own conversions and messages.
void add_option(CLI::App& app, const OptionSpec& spec) {
  CLI::Option* option = std::visit(
      [&](auto* target) -> CLI::Option* {
        using Target = std::remove_pointer_t<decltype(target)>;
        if constexpr (std::is_same_v<Target, bool>) {
          if (spec.flag_value) return app.add_flag(spec.name, *target, spec.help);
          return app.add_flag_function(
              spec.name, [target, value = spec.flag_value](std::int64_t) { *target = value; },
              spec.help);
        } else if constexpr (requires { typename Target::value_type; } &&
                             !std::is_same_v<Target, std::string> &&
                             !std::is_same_v<Target, std::vector<std::string>>) {
          using Value = typename Target::value_type;
          return app.add_option_function<Value>(
              spec.name, [target](const Value& value) { *target = value; }, spec.help);
        } else {
          return app.add_option(spec.name, *target, spec.help);
        }
      },
      spec.target);
  const OptionRules& rules = spec.rules;
  if (rules.required) option->required();
  if (!rules.choices.empty()) option->check(CLI::IsMember(rules.choices));
  // Not CLI::PositiveNumber and the like: their messages spell out the range of a double.
  if (rules.integer_range) {
    option->check(CLI::Range(rules.integer_range->min, rules.integer_range->max));
  }
  if (rules.number_range) {
    option->check(CLI::Range(rules.number_range->min, rules.number_range->max));
  }
  if (rules.problem) {
    option->check(CLI::Validator(
        [problem = rules.problem](const std::string& value) { return problem(value); }, "", ""));
  }
  // A list option may be given again: `--option a=1 --option b=2` keeps both.
  if (!spec.positional() && std::holds_alternative<std::vector<std::string>*>(spec.target)) {
    option->take_all();
  }
}

using AppSpecs = std::map<const CLI::App*, const CommandSpec*>;

void add_commands(CLI::App& app, const CommandSpec& spec, AppSpecs& specs) {
  specs[&app] = &spec;
  for (const OptionSpec& option : spec.options) add_option(app, option);
  if (spec.subcommands.empty()) return;
  app.require_subcommand(1);
  for (const CommandSpec& command : spec.subcommands) {
    add_commands(*app.add_subcommand(command.name, command.help), command, specs);
  }
}

}  // namespace

CommandTable command_table() {
  return CommandTable{program(), std::string("kioku ") + KIOKU_VERSION};
}

ParsedLine parse_command_line(const CommandTable& table, const std::string& program_name,
                              const std::vector<std::string>& arguments, std::ostream& out,
                              std::ostream& err) {
  CLI::App app{table.program.help, program_name};
  app.set_version_flag("--version", table.version);
  app.fallthrough();  // global options may follow the subcommand: `kioku due --json`
  AppSpecs specs;
  add_commands(app, table.program, specs);
  ParsedLine parsed;
  try {
    // CLI11 takes the arguments last first.
    app.parse(std::vector<std::string>(arguments.rbegin(), arguments.rend()));
  } catch (const CLI::ParseError& error) {
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
  for (const CommandSpec* command : line.path) {
    if (command->run) exit_code = command->run(context);
  }
  return exit_code;
}

int run_command_line(int argc, const char* const* argv, CliContext& context) {
  const CommandTable table = command_table();
  const ParsedLine parsed = parse_command_line(
      table, argc > 0 ? argv[0] : "kioku",
      std::vector<std::string>(argv + std::min(argc, 1), argv + argc), std::cout, std::cerr);
  if (parsed.exit_code) return *parsed.exit_code;
  return run_parsed_line(parsed, context);
}

}  // namespace kioku::cli
