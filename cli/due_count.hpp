// `kioku due --count`: one number, for a shell prompt that runs it before every line, so the
// whole process is kept as short as the sqlite3 CLI answering the same count. Its line is
// recognised before the command table is built (main.cpp): building the CLI11 app of every
// command costs more than the count itself (bench/RESULTS.md, "due --count").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_context.hpp"

namespace kioku::cli {

// What a `due --count` line asks for.
struct DueCountLine {
  std::optional<std::string> socket;
  bool autostart = true;
  std::optional<std::string> language;
  std::string deck;
};

// The line (the arguments after the program's name) when it is `due --count` with no options
// but --deck and the global --socket, --no-autostart, --json and --lang en|ja, each at most
// once, spelt as the command table takes them. Nullopt for any other line, which the command
// table then parses (and whose mistakes it reports).
std::optional<DueCountLine> parse_due_count_line(const std::vector<std::string_view>& arguments);

// Runs a line parse_due_count_line accepted: the same connection, protocol check and output as
// the command table's `due --count`.
int run_due_count(const DueCountLine& line, CliContext& context);

// due.counts' params: `deck` when not empty, `tag` when given (an empty one is sent, for kiokud
// to refuse).
boost::json::object due_counts_params(const std::string& deck,
                                      const std::optional<std::string>& tag);

// Prints the total due now (in `deck` only, when not empty; of the cards of notes with `tag`,
// when given); returns the exit code.
int print_due_total(CliContext& context, const std::string& deck,
                    const std::optional<std::string>& tag = std::nullopt);

}  // namespace kioku::cli
