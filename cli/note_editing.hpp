// A note's TOML through the editor until kiokud takes it (cli/edit_loop.hpp with the real
// editor, the TOML reader and a daemon call), for `kioku add` and `kioku edit`.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "cli/cli_context.hpp"
#include "cli/edit_loop.hpp"
#include "cli/note_messages.hpp"
#include "cli/note_toml.hpp"

namespace kioku::cli {

// Sends a note read from the file; throws kioku::Error when kiokud refuses it, or NoteTomlError
// for a problem of its own with what was read. May leave the note alone (nothing to send).
using SendNote = std::function<void(const ReadNote&)>;

// `body` read as a note and sent: nullopt when it was taken, else what is wrong and where (a
// refusal of kiokud's for the note's content points at the field it names). Problems core found
// in the file are worded in `language`, as `words` are.
std::optional<TextProblem> try_note_text(const std::string& body,
                                         const std::string& default_language,
                                         const NoteFileMessages& words, const SendNote& send,
                                         const std::string& language = "en");

// Opens $EDITOR on `text` in a private file until try_note_text takes it or the user gives up.
// The daemon connection is closed while the editor is open (kiokud may close an idle one).
EditEnd edit_note_text(CliContext& context, const std::string& text,
                       const std::string& default_language, const NoteFileMessages& words,
                       const SendNote& send);

}  // namespace kioku::cli
