// Writes kioku's shell completions (bash, zsh, fish) from the CLI's command table, at build time,
// so that a command or option added to the table is completed without anyone editing a script.
// Usage: kioku_generate_completions bash|zsh|fish|commands
// `commands` lists every command path, one a line ("deck config"), for the packaging tests.
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "cli/command_table.hpp"

namespace {

using kioku::cli::CommandSpec;
using kioku::cli::OptionSpec;

// One command path with what may follow it.
struct Node {
  std::string path;  // "" for the program, "deck config"
  std::vector<const CommandSpec*> verbs;
  std::vector<const OptionSpec*> options;  // the command's own, then the global ones
  bool takes_file = false;                 // a positional (FILE, SETTINGS...) may follow
  bool takes_deck = false;                 // ...and the first is a deck's id (DECK)
};

void collect(const CommandSpec& spec, const std::string& path,
             const std::vector<const OptionSpec*>& globals, std::vector<Node>& nodes) {
  Node node;
  node.path = path;
  for (const CommandSpec& verb : spec.subcommands) node.verbs.push_back(&verb);
  for (const OptionSpec& option : spec.options) {
    if (option.positional()) {
      if (!node.takes_file) node.takes_deck = option.name == "DECK";
      node.takes_file = true;
    } else if (!path.empty()) {
      node.options.push_back(&option);
    }
  }
  for (const OptionSpec* global : globals) node.options.push_back(global);
  nodes.push_back(node);
  for (const CommandSpec& verb : spec.subcommands) {
    collect(verb, path.empty() ? verb.name : path + ' ' + verb.name, globals, nodes);
  }
}

bool takes_value(const OptionSpec& option) {
  return !std::holds_alternative<bool*>(option.target);
}

// An option's spellings: CLI11's "-o,--output" is two, "-o" and "--output".
std::vector<std::string> spellings(const OptionSpec& option) {
  std::vector<std::string> names;
  std::string::size_type start = 0;
  for (;;) {
    const std::string::size_type comma = option.name.find(',', start);
    names.push_back(option.name.substr(start, comma - start));
    if (comma == std::string::npos) return names;
    start = comma + 1;
  }
}

// An option whose value is a path: completed with file names.
bool names_file(const OptionSpec& option) {
  for (const std::string& name : spellings(option)) {
    if (name == "--socket" || name == "--output") return true;
  }
  return false;
}

// Text inside single quotes for every shell here: ' becomes '\''.
std::string quoted(const std::string& text) {
  std::string result = "'";
  for (const char character : text) {
    if (character == '\'') {
      result += "'\\''";
    } else if (character == '\n') {
      result += ' ';
    } else {
      result += character;
    }
  }
  return result + "'";
}

std::string joined_names(const std::vector<const CommandSpec*>& verbs) {
  std::string text;
  for (const CommandSpec* verb : verbs) text += (text.empty() ? "" : " ") + verb->name;
  return text;
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

// Every spelling of every option of `options`, for the lists the shells complete a '-' from.
std::vector<std::string> option_words(const std::vector<const OptionSpec*>& options) {
  std::vector<std::string> words;
  for (const OptionSpec* option : options) {
    for (std::string& name : spellings(*option)) words.push_back(std::move(name));
  }
  return words;
}

// Options that take a value, with the values they allow when the table lists them.
struct ValueOption {
  std::string name;     // as the table spells it: "--deck", "-o,--output"
  std::string pattern;  // a shell case pattern for its spellings: "-o|--output"
  std::vector<std::string> choices;
  bool file = false;  // the value is a path
};

std::vector<ValueOption> value_options(const std::vector<Node>& nodes) {
  std::vector<ValueOption> result;
  for (const Node& node : nodes) {
    for (const OptionSpec* option : node.options) {
      if (!takes_value(*option)) continue;
      bool known = false;
      for (const ValueOption& seen : result) known = known || seen.name == option->name;
      if (known) continue;
      std::string pattern;
      for (const std::string& name : spellings(*option)) {
        pattern += (pattern.empty() ? "" : "|") + name;
      }
      result.push_back({option->name, pattern, option->rules.choices, names_file(*option)});
    }
  }
  return result;
}

// The shared shell helper that lists deck ids: the daemon's own list, never a started daemon.
constexpr const char* kDeckIds =
    "kioku --no-autostart --timeout 2 --json decks 2>/dev/null | "
    "grep -o '\"id\": *\"[^\"]*\"' | sed 's/.*\"\\([^\"]*\\)\"$/\\1/'";

void write_bash(const std::vector<Node>& nodes) {
  std::cout
      << "# bash completion for kioku, generated from its command table "
         "(packaging/completions).\n"
         "_kioku_deck_ids() {\n  "
      << kDeckIds
      << "\n}\n\n"
         "_kioku() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" command_path=\"\" word at verbs=\"\"\n"
         "  if [ \"$COMP_CWORD\" -gt 0 ]; then prev=${COMP_WORDS[COMP_CWORD-1]}; fi\n"
         "  # The command path so far: the words that name a verb of the path before them.\n"
         "  for ((at = 1; at < COMP_CWORD; at++)); do\n"
         "    word=${COMP_WORDS[at]}\n"
         "    case \"$command_path\" in\n";
  for (const Node& node : nodes) {
    if (node.verbs.empty()) continue;
    std::cout << "      " << quoted(node.path) << ") verbs=" << quoted(joined_names(node.verbs))
              << " ;;\n";
  }
  std::cout << "      *) verbs=\"\" ;;\n"
               "    esac\n"
               "    case \" $verbs \" in\n"
               "      *\" $word \"*) command_path=${command_path:+$command_path }$word ;;\n"
               "    esac\n"
               "  done\n"
               "  case \"$prev\" in\n";
  for (const ValueOption& option : value_options(nodes)) {
    std::cout << "    " << option.pattern << ")\n";
    if (option.name == "--deck") {
      std::cout << "      COMPREPLY=($(compgen -W \"$(_kioku_deck_ids)\" -- \"$cur\"))\n";
    } else if (!option.choices.empty()) {
      std::cout << "      COMPREPLY=($(compgen -W " << quoted(joined(option.choices))
                << " -- \"$cur\"))\n";
    } else if (option.file) {
      std::cout << "      COMPREPLY=($(compgen -f -- \"$cur\"))\n";
    } else {
      std::cout << "      COMPREPLY=()\n";
    }
    std::cout << "      return ;;\n";
  }
  std::cout << "  esac\n"
               "  local options=\"\" files=0\n"
               "  verbs=\"\"\n"
               "  case \"$command_path\" in\n";
  for (const Node& node : nodes) {
    std::vector<std::string> names = option_words(node.options);
    if (node.path.empty()) {
      names.push_back("--help");
      names.push_back("--version");
    } else {
      names.push_back("--help");
    }
    std::cout << "    " << quoted(node.path) << ") verbs=" << quoted(joined_names(node.verbs))
              << " options=" << quoted(joined(names)) << " files="
              << (node.takes_deck   ? 2
                  : node.takes_file ? 1
                                    : 0)
              << " ;;\n";
  }
  std::cout << "  esac\n"
               "  if [[ $cur == -* ]]; then\n"
               "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
               "  elif [ -n \"$verbs\" ]; then\n"
               "    COMPREPLY=($(compgen -W \"$verbs\" -- \"$cur\"))\n"
               "  elif [ \"$files\" = 2 ]; then\n"
               "    COMPREPLY=($(compgen -W \"$(_kioku_deck_ids)\" -- \"$cur\"))\n"
               "  elif [ \"$files\" = 1 ]; then\n"
               "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
               "  fi\n"
               "}\n"
               "complete -o filenames -F _kioku kioku\n";
}

void write_zsh(const std::vector<Node>& nodes) {
  std::cout
      << "#compdef kioku\n"
         "# zsh completion for kioku, generated from its command table "
         "(packaging/completions).\n"
         "_kioku() {\n"
         "  # Keyed by \"_\" and the command path: a key of \"@\" alone would mean\n"
         "  # every value. kioku_ names: zsh has arrays of its own called options and path.\n"
         "  # Filled as (key value ...) lists: in `name[key]=value` zsh keeps quotes around a\n"
         "  # key as part of it, and a path such as \"deck config\" needs them.\n"
         "  local -A kioku_verbs kioku_options kioku_files\n";
  std::cout << "  kioku_verbs=(\n";
  for (const Node& node : nodes) {
    std::cout << "    " << quoted("_" + node.path) << " " << quoted(joined_names(node.verbs))
              << "\n";
  }
  std::cout << "  )\n  kioku_options=(\n";
  for (const Node& node : nodes) {
    std::vector<std::string> described = option_words(node.options);
    described.push_back("--help");
    if (node.path.empty()) described.push_back("--version");
    std::cout << "    " << quoted("_" + node.path) << " " << quoted(joined(described)) << "\n";
  }
  std::cout << "  )\n  kioku_files=(\n";
  for (const Node& node : nodes) {
    if (node.takes_file) {
      std::cout << "    " << quoted("_" + node.path) << " " << (node.takes_deck ? 2 : 1) << "\n";
    }
  }
  std::cout << "  )\n";
  std::cout << "  local -a descriptions\n";
  std::cout << "  local command_path='' word at\n"
               "  for ((at = 2; at < CURRENT; at++)); do\n"
               "    word=${words[at]}\n"
               "    if [[ \" ${kioku_verbs[_$command_path]} \" == *\" $word \"* ]]; then\n"
               "      command_path=${command_path:+$command_path }$word\n"
               "    fi\n"
               "  done\n"
               "  case ${words[CURRENT-1]} in\n";
  for (const ValueOption& option : value_options(nodes)) {
    std::cout << "    " << option.pattern << ")\n";
    if (option.name == "--deck") {
      std::cout << "      compadd -- ${(f)\"$(" << kDeckIds << ")\"}\n";
    } else if (!option.choices.empty()) {
      std::cout << "      compadd -- " << joined(option.choices) << "\n";
    } else if (option.file) {
      std::cout << "      _files\n";
    } else {
      std::cout << "      _message value\n";
    }
    std::cout << "      return ;;\n";
  }
  std::cout << "  esac\n"
               "  if [[ $PREFIX == -* ]]; then\n"
               "    compadd -- ${=kioku_options[_$command_path]}\n"
               "  elif [[ -n ${kioku_verbs[_$command_path]} ]]; then\n"
               "    compadd -- ${=kioku_verbs[_$command_path]}\n"
               "  elif [[ ${kioku_files[_$command_path]} == 2 ]]; then\n"
               "    compadd -- ${(f)\"$("
            << kDeckIds
            << ")\"}\n"
               "  elif [[ -n ${kioku_files[_$command_path]} ]]; then\n"
               "    _files\n"
               "  fi\n"
               "}\n"
               "_kioku \"$@\"\n";
}

// One `complete` line for each verb and option of each command path, described in `language`.
void write_fish_completions(const std::vector<Node>& nodes, const std::string& language) {
  for (const Node& node : nodes) {
    const std::string condition = "-n " + quoted("__kioku_at " + quoted(node.path));
    for (const CommandSpec* verb : node.verbs) {
      std::cout << "    complete -c kioku " << condition << " -a " << verb->name << " -d "
                << quoted(verb->help_in(language)) << "\n";
    }
    for (const OptionSpec* option : node.options) {
      std::cout << "    complete -c kioku " << condition;
      for (const std::string& name : spellings(*option)) {
        std::cout << (name.starts_with("--") ? " -l " + name.substr(2) : " -s " + name.substr(1));
      }
      // -r: a value follows, and files are offered for it; -x: a value follows, not a file.
      if (takes_value(*option)) {
        std::cout << (names_file(*option) ? " -r -F" : " -x");
        if (option->name == "--deck") {
          std::cout << " -a '(__kioku_deck_ids)'";
        } else if (!option->rules.choices.empty()) {
          std::cout << " -a " << quoted(joined(option->rules.choices));
        }
      }
      std::cout << " -d " << quoted(option->help_in(language)) << "\n";
    }
    if (node.takes_deck) {
      std::cout << "    complete -c kioku " << condition << " -a '(__kioku_deck_ids)'\n";
    } else if (node.takes_file) {
      std::cout << "    complete -c kioku " << condition << " -F\n";
    }
  }
}

void write_fish(const std::vector<Node>& nodes) {
  std::cout << "# fish completion for kioku, generated from its command table "
               "(packaging/completions).\n"
               "function __kioku_path\n"
               "    set -l command_path ''\n"
               "    for word in (commandline -opc)[2..-1]\n"
               "        set -l verbs ''\n"
               "        switch \"$command_path\"\n";
  for (const Node& node : nodes) {
    if (node.verbs.empty()) continue;
    std::cout << "            case " << quoted(node.path) << "\n"
              << "                set verbs " << joined_names(node.verbs) << "\n";
  }
  std::cout << "        end\n"
               "        if contains -- $word $verbs\n"
               "            if test -z \"$command_path\"\n"
               "                set command_path $word\n"
               "            else\n"
               "                set command_path \"$command_path $word\"\n"
               "            end\n"
               "        end\n"
               "    end\n"
               "    echo $command_path\n"
               "end\n\n"
               "function __kioku_at\n"
               "    test (__kioku_path) = \"$argv[1]\"\n"
               "end\n\n"
               "function __kioku_deck_ids\n    "
            << kDeckIds
            << "\nend\n\n"
               "# The descriptions in kioku's language: the first of LC_ALL, LC_MESSAGES and LANG\n"
               "# that is set, Japanese when it starts with ja (cli/cli_context.cpp).\n"
               "function __kioku_japanese\n"
               "    for value in \"$LC_ALL\" \"$LC_MESSAGES\" \"$LANG\"\n"
               "        if test -n \"$value\"\n"
               "            string match -q 'ja*' -- $value\n"
               "            return\n"
               "        end\n"
               "    end\n"
               "    return 1\n"
               "end\n\n"
               "complete -c kioku -f\n"
               "if __kioku_japanese\n";
  write_fish_completions(nodes, "ja");
  std::cout << "else\n";
  write_fish_completions(nodes, "en");
  std::cout << "end\n";
}

}  // namespace

int main(int argc, char** argv) {
  const std::string shell = argc == 2 ? argv[1] : "";
  const kioku::cli::CommandTable table = kioku::cli::command_table();
  std::vector<const OptionSpec*> globals;
  for (const OptionSpec& option : table.program.options) globals.push_back(&option);
  std::vector<Node> nodes;
  collect(table.program, "", globals, nodes);
  if (shell == "bash") {
    write_bash(nodes);
  } else if (shell == "zsh") {
    write_zsh(nodes);
  } else if (shell == "fish") {
    write_fish(nodes);
  } else if (shell == "commands") {
    for (const Node& node : nodes) {
      if (!node.path.empty()) std::cout << node.path << '\n';
    }
  } else {
    std::cerr << "usage: kioku_generate_completions bash|zsh|fish|commands\n";
    return 2;
  }
  return 0;
}
