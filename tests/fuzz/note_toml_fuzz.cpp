// libFuzzer target for the note file `kioku add` and `kioku edit` read back from the user's
// editor (cli/note_toml.hpp): text anyone could have written, read with toml++ behind the deck
// parser's shape scan.
//
// What must hold, whatever the bytes:
// - reading either gives a note or throws NoteTomlError with a line from 1 (none other);
// - a note read, written again with every language it has and read back, is the same note
//   (what kioku writes, it reads), but for the `answer = 1` a choice note without one gets;
// - every text start lies on a line of the file;
// - place_of_daemon_problem, given the daemon's message about any field, never points past the
//   file.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "cli/note_messages.hpp"
#include "cli/note_toml.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "note_toml_fuzz: %s\n", what);
  std::abort();
}

int lines_in(std::string_view text) {
  int lines = 1;
  for (const char c : text) lines += c == '\n' ? 1 : 0;
  return lines;
}

void check_round_trip(const kioku::cli::ReadNote& read, const kioku::cli::NoteFileMessages& words) {
  kioku::cli::NoteTomlLayout layout;
  std::set<std::string> languages;
  for (const auto& [field, texts] : read.note.fields) {
    for (const auto& [language, text] : texts) languages.insert(language);
  }
  for (const auto& [language, choices] : read.note.choices) languages.insert(language);
  if (languages.empty()) languages.insert("en");
  layout.languages.assign(languages.begin(), languages.end());
  const std::string written = kioku::cli::write_note_toml(read.note, layout, words);
  kioku::cli::ReadNote again;
  try {
    again = kioku::cli::read_note_toml(written, layout.languages.front(), words);
  } catch (const kioku::cli::NoteTomlError& error) {
    std::fprintf(stderr, "%s\n--- written:\n%s\n", error.what(), written.c_str());
    fail("a note kioku wrote does not read back");
  }
  // A choice note without an answer is written with the template's `answer = 1` to fill in.
  if (!read.note.answer) again.note.answer.reset();
  if (!(again.note == read.note)) {
    std::fprintf(stderr, "--- written:\n%s\n", written.c_str());
    fail("a note written and read back is another note");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const kioku::cli::NoteFileMessages& words = kioku::cli::note_file_messages_for("en");
  kioku::cli::ReadNote read;
  try {
    read = kioku::cli::read_note_toml(text, "en", words);
  } catch (const kioku::cli::NoteTomlError& error) {
    // The user is sent to this line of the file kioku edit opened; it must be one of its lines
    // (or the one after the last, for "ended too soon").
    if (error.line() < 1 || error.line() > lines_in(text) + 1) fail("an error off the file");
    return 0;
  }
  const int lines = lines_in(text);
  for (const auto& [field, start] : read.text_starts) {
    if (start.line < 1 || start.line > lines + 1) fail("a text starts off the file");
    const kioku::cli::FilePlace place = kioku::cli::place_of_daemon_problem(
        "invalid note: field " + field + ": line 3, column 7: a problem", read);
    if (place.line > lines + 3) fail("a daemon's problem points past the file");
  }
  // An id the user changed is kioku edit's to refuse; every note read writes back.
  check_round_trip(read, words);
  return 0;
}
