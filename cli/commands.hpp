// Each `kioku` subcommand registers itself on the CLI11 app; one file per command.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/cli_context.hpp"

namespace kioku::cli {

void add_review_command(CLI::App& app, CliContext& context, int& exit_code);
void add_import_command(CLI::App& app, CliContext& context);
void add_decks_command(CLI::App& app, CliContext& context);
void add_due_command(CLI::App& app, CliContext& context);
void add_unbury_command(CLI::App& app, CliContext& context);
void add_stats_command(CLI::App& app, CliContext& context);
void add_daemon_command(CLI::App& app, CliContext& context, int& exit_code);
void add_deck_command(CLI::App& app, CliContext& context);
void add_doctor_command(CLI::App& app, CliContext& context);
void add_sched_command(CLI::App& app);

}  // namespace kioku::cli
