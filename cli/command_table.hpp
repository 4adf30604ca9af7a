// The table of `kioku`'s commands, and parsing a command line against it. The table is the one
// source of --help (and of man pages and completions to come): walk `program.subcommands`.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_spec.hpp"

namespace kioku::cli {

struct CommandTable {
  CommandSpec program;  // its options are the global ones, its subcommands the commands
  std::string version;  // what --version prints
};

// kioku's table. The global options write into `context` when the program's run runs.
CommandTable command_table();

// What a command line chose: the program, then each command down to the one to run.
struct ParsedLine {
  std::vector<const CommandSpec*> path;
  // Set when parsing ended the process instead: --help or --version (0), a usage error (2).
  // What it says has been written to `out` or `err`.
  std::optional<int> exit_code;
};

// Parses `arguments` (without the program's name, which --help shows) against `table`: fills the
// chosen commands' option fields, runs nothing. Fields keep what an earlier parse of the same
// table wrote, so a line is parsed against a table of its own. --help is in `language` ("en" or
// "ja"), or in the language of the line's own --lang.
ParsedLine parse_command_line(const CommandTable& table, const std::string& program_name,
                              const std::vector<std::string>& arguments, std::ostream& out,
                              std::ostream& err, const std::string& language = "en");

// Runs each command on the parsed path that has a run function, outermost first; returns the
// last one's exit code. Errors of the commands themselves propagate (main turns them into one
// line and an exit code).
int run_parsed_line(const ParsedLine& line, CliContext& context);

// Parses argv against kioku's table and runs what it chose (or returns parsing's exit code).
int run_command_line(int argc, const char* const* argv, CliContext& context);

}  // namespace kioku::cli
