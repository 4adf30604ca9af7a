// The user's text editor on a private file: $EDITOR, else $VISUAL, else vi, run through /bin/sh
// as git runs it, so that EDITOR="code --wait" or EDITOR='emacs -nw' work.
#pragma once

#include <string>

#include "cli/note_messages.hpp"

namespace kioku::cli {

// The editor command the environment names.
std::string editor_command();

// A file that only its owner can read, in a directory of its own under $TMPDIR (else /tmp),
// both removed when it goes: a note may be private, and /tmp is shared.
class PrivateFile {
 public:
  // Throws kioku::Error when the directory or file cannot be made. `words` are in `language`,
  // the language the system's reason for a failure is given in too.
  PrivateFile(const std::string& name, const NoteFileMessages& words, const std::string& language);
  ~PrivateFile();
  PrivateFile(const PrivateFile&) = delete;
  PrivateFile& operator=(const PrivateFile&) = delete;

  const std::string& path() const noexcept { return path_; }
  void write(const std::string& content) const;
  // The file's content; throws kioku::Error when it is gone or larger than kMaxNoteFileBytes.
  std::string read() const;

 private:
  std::string directory_;
  std::string path_;
  const NoteFileMessages& words_;
  std::string language_;
};

// The largest file read back from the editor: a note's fields are far smaller.
inline constexpr std::size_t kMaxNoteFileBytes = 4 * 1024 * 1024;

// Runs `command` on `path` and waits for it, Ctrl-C going to the editor alone. Throws
// kioku::Error when it cannot start, or exits with a status other than 0 or by a signal.
void run_editor(const std::string& command, const std::string& path, const NoteFileMessages& words,
                const std::string& language);

// Whether the editor, which is given kioku's standard input, has a terminal there: a person
// who can end a runaway editor with Ctrl-C (edit_loop.hpp, most_problem_rounds).
bool editor_at_terminal();

// The text after `file` has been through the editor: writes `text`, runs the editor, reads it.
std::string edit_in_editor(const PrivateFile& file, const std::string& text,
                           const NoteFileMessages& words, const std::string& language);

}  // namespace kioku::cli
