// The round trip of `kioku add` (no --field) and `kioku edit`: the text goes to the editor,
// comes back, is tried (read and sent to kiokud); a problem reopens the editor on the same text
// with the problem as a comment at the top, until the text is accepted or the user gives up.
// Pure of the editor and the daemon, which the caller passes in, so that it is tested alone.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "cli/note_messages.hpp"

namespace kioku::cli {

// What is wrong with a text, and where in it (line 0: nowhere in particular).
struct TextProblem {
  int line = 0;
  int column = 0;
  std::string message;  // without the place
  std::string file;     // the file's name in the place; "": note.toml
};

enum class EditEnd {
  kAccepted,             // the text was tried and taken
  kUnchanged,            // the editor gave back the text it was given first: nothing to do
  kEmptied,              // nothing but comments and blank lines came back
  kUnchangedAfterError,  // after a problem, the text came back as it was: the user gave up
  kTooManyProblems       // the most saves in a row with a problem, where a limit is set
};

// Saves in a row with a problem after which the round trip ends when nobody is at a terminal:
// an editor that is a script changing the file each time reopened it forever. A person at a
// terminal has no limit (most_problem_rounds): a person gives up by quitting without a change,
// and Ctrl-C there stops an editor that runs away too.
inline constexpr int kMostProblemRounds = 50;

// The limit for edit_until_accepted: kMostProblemRounds when the editor (which is given kioku's
// standard input) has no terminal to be used from, else 0, none.
constexpr int most_problem_rounds(bool at_terminal) noexcept {
  return at_terminal ? 0 : kMostProblemRounds;
}

// Gives the text to the editor and returns what the user saved (throws when the editor fails).
using EditText = std::function<std::string(const std::string&)>;
// Tries a text (without any error comment of ours): nullopt when it was taken, else its problem.
using TryText = std::function<std::optional<TextProblem>(const std::string&)>;

// Runs the round trip on `text`, ended with kTooManyProblems after `most_problems` saves in a
// row with a problem (0: never). Each problem is also written to `err` as
// "kioku: note.toml:LINE:COLUMN: message", its line counted in the reopened file.
EditEnd edit_until_accepted(const std::string& text, const EditText& edit, const TryText& attempt,
                            const NoteFileMessages& words, std::ostream& err, int most_problems);

// What an edit that ended after problems says: kUnchangedAfterError's and kTooManyProblems's
// line; "" for another end.
std::string problems_end_text(EditEnd end, const NoteFileMessages& words);

// `text` without the error comment edit_until_accepted put at its top.
std::string without_error_comment(std::string_view text);

// `text` with `problem` as a comment at its top; the problem's line moves down with the text.
std::string with_error_comment(std::string_view text, const TextProblem& problem,
                               const NoteFileMessages& words);

// "note.toml:3:9: message", or "note.toml: message" when the problem has no line (the
// problem's file in place of note.toml when it names one).
std::string describe_problem(const TextProblem& problem);

// Whether `text` holds anything but comments and blank lines.
bool has_content(std::string_view text);

}  // namespace kioku::cli
