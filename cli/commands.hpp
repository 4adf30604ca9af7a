// Each noun's commands, one file per noun (cli/<noun>_command.cpp); cli/command_table.cpp lists
// them. A new verb of a noun changes only that noun's file.
#pragma once

#include "cli/command_spec.hpp"

namespace kioku::cli {

CommandGroup review_commands();
CommandGroup import_commands();
CommandGroup export_commands();
CommandGroup decks_commands();
CommandGroup due_commands();
CommandGroup unbury_commands();
CommandGroup suspend_commands();
CommandGroup stats_commands();
CommandGroup daemon_commands();
CommandGroup deck_commands();
CommandGroup doctor_commands();
CommandGroup sched_commands();
CommandGroup add_commands();
CommandGroup edit_commands();
CommandGroup notes_commands();
CommandGroup card_commands();
CommandGroup backup_commands();
CommandGroup config_commands();

}  // namespace kioku::cli
