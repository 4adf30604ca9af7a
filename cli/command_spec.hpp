// `kioku`'s commands as data: name, help, options and positionals with their types and rules,
// verbs under a noun, and what runs. cli/command_table.cpp is the one file that turns this into
// CLI11 (which takes seconds to compile per file), and --help, man pages and completions are all
// walks over the same data. Each cli/<noun>_command.cpp builds its noun's commands with
// `Command<Args>`: the options write into fields of its own Args struct, and the run function gets
// that struct once the line is parsed.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "cli/cli_context.hpp"
#include "cli/exit_codes.hpp"
#include "cli/language_choice.hpp"
#include "core/bilingual_message.hpp"

namespace kioku::cli {

// What an option or positional writes when given. A flag writes `flag_value` into a bool.
using OptionTarget =
    std::variant<bool*, std::string*, std::optional<std::string>*, int*, std::optional<int>*,
                 std::optional<double>*, std::vector<std::string>*>;

template <class T>
struct Range {
  T min;
  T max;
};

// The rules a value must follow; the parser refuses it otherwise, exit code 2. Made with the
// functions below: `required()`, `one_of({...})`, `between(0, 23)`, `.checked_by(...)`.
struct OptionRules {
  bool required = false;
  std::vector<std::string> choices;           // the only values allowed, when not empty
  std::optional<Range<int>> integer_range;    // for int targets
  std::optional<Range<double>> number_range;  // for double targets
  // What is wrong with a value, in both languages; nullopt when nothing is.
  std::function<std::optional<BilingualMessage>(const std::string&)> problem;

  OptionRules checked_by(
      std::function<std::optional<BilingualMessage>(const std::string&)> check) && {
    problem = std::move(check);
    return std::move(*this);
  }
};

// A check for checked_by(): an empty value is refused with `problem`.
inline std::function<std::optional<BilingualMessage>(const std::string&)> refusing_empty(
    BilingualMessage problem) {
  return [problem = std::move(problem)](const std::string& value) {
    return value.empty() ? std::optional<BilingualMessage>(problem) : std::nullopt;
  };
}

inline OptionRules required() {
  OptionRules rules;
  rules.required = true;
  return rules;
}
inline OptionRules one_of(std::vector<std::string> choices) {
  OptionRules rules;
  rules.choices = std::move(choices);
  return rules;
}
inline OptionRules between(int min, int max) {
  OptionRules rules;
  rules.integer_range = Range<int>{min, max};
  return rules;
}
inline OptionRules between(double min, double max) {
  OptionRules rules;
  rules.number_range = Range<double>{min, max};
  return rules;
}

// A help text in both of kioku's languages: {"English", "日本語"}. One text alone makes a help
// without Japanese, which --lang ja shows in English; tests/cli/command_table_test.cpp fails for
// such a command of kioku's own table.
struct Help {
  Help(std::string english_text, std::string japanese_text)
      : english(std::move(english_text)), japanese(std::move(japanese_text)) {}
  Help(std::string english_text) : english(std::move(english_text)) {}  // NOLINT: implicit
  Help(const char* english_text) : english(english_text) {}             // NOLINT: implicit
  std::string english;
  std::string japanese;
};

// A command's or an option's help in `language`: the English where no Japanese was given.
inline const std::string& help_text_in(const std::string& language, const std::string& english,
                                       const std::string& japanese) {
  return in_language(language, english, japanese.empty() ? english : japanese);
}

struct OptionSpec {
  std::string name;  // "--deck"; a name without a leading '-' ("FILE") is a positional
  std::string help;  // in English
  OptionTarget target;
  bool flag_value = true;  // what a flag (a bool target) sets: false for --no-shuffle
  OptionRules rules;
  std::string help_japanese;

  bool positional() const noexcept { return name.empty() || name.front() != '-'; }
  const std::string& help_in(const std::string& language) const {
    return help_text_in(language, help, help_japanese);
  }
};

struct CommandSpec {
  std::string name;
  std::string help;  // in English
  std::string help_japanese;
  std::vector<OptionSpec> options;       // in the order --help lists them
  std::vector<CommandSpec> subcommands;  // a noun's verbs: one of them must be given...
  // ...unless this is set: a command that runs itself without a verb, and only the verb's run
  // with one (`kioku backup [FILE]` and `kioku backup list`). A word that names a verb is the
  // verb, never the command's positional (`./list` is a file).
  bool verb_optional = false;
  // Runs the command once the line is parsed; returns the exit code. On a noun, or the program,
  // it runs before the verb chosen (the program's applies the global options).
  std::function<int(CliContext&)> run;
  // For a command that shows one method's result: the result (as the daemon sent it) written
  // as text, as the command writes it without --json. Tests and docs reach printing through it.
  std::function<void(const boost::json::value&, std::ostream&)> show;

  const std::string& help_in(const std::string& language) const {
    return help_text_in(language, help, help_japanese);
  }
};

// A noun's commands (`deck config`, or `due`), as its cli/<noun>_command.cpp exports them.
using CommandGroup = std::vector<CommandSpec>;

struct NoArgs {};

// Builds one command whose options write into an `Args` that it owns; the run function and
// `show` read that Args. Ends with runs(...), which gives the CommandSpec.
template <class Args = NoArgs>
class Command {
 public:
  Command(std::string name, Help help) : args_(std::make_shared<Args>()) {
    spec_.name = std::move(name);
    spec_.help = std::move(help.english);
    spec_.help_japanese = std::move(help.japanese);
  }

  template <class Field>
  Command&& option(Field Args::*field, std::string name, Help help, OptionRules rules = {}) && {
    spec_.options.push_back(OptionSpec{std::move(name), std::move(help.english),
                                       OptionTarget(&(args_.get()->*field)), true, std::move(rules),
                                       std::move(help.japanese)});
    return std::move(*this);
  }

  Command&& flag(bool Args::*field, std::string name, Help help, bool flag_value = true) && {
    spec_.options.push_back(OptionSpec{std::move(name),
                                       std::move(help.english),
                                       &(args_.get()->*field),
                                       flag_value,
                                       {},
                                       std::move(help.japanese)});
    return std::move(*this);
  }

  // `print` writes `method`'s result: print(result, out) or print(result, args, out).
  template <class Params, class Result, class Print>
  Command&& shows(const protocol::MethodType<Params, Result>& method, Print print) && {
    spec_.show = [args = args_, name = method.name, print](const boost::json::value& result,
                                                           std::ostream& out) {
      const Result typed = protocol::decode_result<Result>(name, result);
      if constexpr (std::is_invocable_v<Print, const Result&, const Args&, std::ostream&>) {
        print(typed, *args, out);
      } else {
        print(typed, out);
      }
    };
    return std::move(*this);
  }

  // `run(context, args)` returns the exit code, or nothing for 0.
  template <class Run>
  CommandSpec runs(Run run) && {
    spec_.run = [args = args_, run](CliContext& context) -> int {
      if constexpr (std::is_void_v<std::invoke_result_t<Run, CliContext&, const Args&>>) {
        run(context, *args);
        return kExitOk;
      } else {
        return run(context, *args);
      }
    };
    return std::move(spec_);
  }

 private:
  std::shared_ptr<Args> args_;  // shared with the targets' owner, the run and show functions
  CommandSpec spec_;
};

// `command`, which runs itself, with verbs it runs instead when one is given (verb_optional).
inline CommandSpec with_verbs(CommandSpec command, CommandGroup verbs) {
  command.subcommands = std::move(verbs);
  command.verb_optional = true;
  return command;
}

// A noun whose verbs are the commands: `kioku deck config`.
inline CommandSpec noun(std::string name, Help help, CommandGroup verbs) {
  CommandSpec spec;
  spec.name = std::move(name);
  spec.help = std::move(help.english);
  spec.help_japanese = std::move(help.japanese);
  spec.subcommands = std::move(verbs);
  return spec;
}

}  // namespace kioku::cli
