// The daemon calls the note commands share: a call on the note an argument names, and a deck's
// languages.
#pragma once

#include <boost/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_context.hpp"
#include "cli/note_messages.hpp"
#include "protocol/note_types.hpp"

namespace kioku::cli {

// Calls `method` (note.get, note.delete, note.restore) on the note called `argument` (with
// `deck`, when not empty, to tell apart notes of one id), or, when there is none and the
// argument is N or card:N, on card N's note; returns its result. Throws kioku::Error
// (kNotFound) when neither exists.
boost::json::value call_on_note(CliContext& context, std::string_view method,
                                const std::string& argument, const std::string& deck,
                                const NoteMessages& words);

// note.get on the note `argument` names, as call_on_note finds it.
protocol::NoteView find_note(CliContext& context, const std::string& argument,
                             const std::string& deck, const NoteMessages& words);

// The languages deck `deck` has texts in (the languages of its name, as deck.list gives them).
// Throws kioku::Error (kNotFound) when there is no such deck: before an editor opens, not after
// the user wrote a note for it.
std::vector<std::string> deck_languages(CliContext& context, const std::string& deck,
                                        const NoteMessages& words);

}  // namespace kioku::cli
