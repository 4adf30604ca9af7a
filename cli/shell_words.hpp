// Words of a command kioku prints for the user to run ("kioku note restore ..."), written so
// that pasted into a POSIX shell they run as printed: a note's id may hold `<`, `|`, `;`, `$`
// or start with `-`.
#pragma once

#include <string>
#include <string_view>

namespace kioku::cli {

// `text` as one shell word: as it is when it holds only characters no shell reads, else in
// single quotes (a quote inside as '\'').
std::string shell_word(std::string_view text);

// The arguments that name a note to a kioku command: "--deck DECK ID", with "--" before an id
// that starts with '-' so that it is not read as an option.
std::string note_command_arguments(std::string_view deck, std::string_view id);

}  // namespace kioku::cli
