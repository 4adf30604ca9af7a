// Shared pieces of the CLI tests: the English note messages and a walk over the command table.
// One definition for every file: the files of a test binary are compiled together (unity
// batches, tests/CMakeLists.txt), so two files' own copies would clash.
#pragma once

#include <functional>
#include <string>

#include "cli/command_table.hpp"
#include "cli/note_messages.hpp"

namespace kioku::test {

// The words of the note commands and of the note file in English, which the tests read.
inline const cli::NoteMessages& english_note_messages = cli::note_messages_for("en");
inline const cli::NoteFileMessages& english_file_messages = cli::note_file_messages_for("en");

// Every command below `spec`, with its words from the program on ("deck config").
inline void walk_commands(
    const cli::CommandSpec& spec, const std::string& words,
    const std::function<void(const cli::CommandSpec&, const std::string&)>& visit) {
  for (const cli::CommandSpec& command : spec.subcommands) {
    const std::string path = words.empty() ? command.name : words + ' ' + command.name;
    visit(command, path);
    walk_commands(command, path, visit);
  }
}

}  // namespace kioku::test
