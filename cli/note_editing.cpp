#include "cli/note_editing.hpp"

#include <iostream>

#include "cli/editor.hpp"
#include "cli/error_text.hpp"

namespace kioku::cli {

std::optional<TextProblem> try_note_text(const std::string& body,
                                         const std::string& default_language,
                                         const NoteFileMessages& words, const SendNote& send,
                                         const std::string& language) {
  const auto problem_of = [&language](const NoteTomlError& error) {
    const std::string& field = text_in(error.field_message(), language);
    return TextProblem{
        error.line(),
        error.column(),
        (field.empty() ? "" : field + ": ") + text_in(error.problem_message(), language),
        {}};
  };
  ReadNote read;
  try {
    read = read_note_toml(body, default_language, words);
  } catch (const NoteTomlError& error) {
    return problem_of(error);
  }
  try {
    send(read);
  } catch (const NoteTomlError& error) {
    return problem_of(error);
  } catch (const Error& error) {
    // A note kiokud finds invalid (a missing field, an unclosed cloze, a kind it does not know),
    // or a save it refused for now (the note changed elsewhere, an import holds the
    // collection): the editor opens again on the user's text, which a refusal must not lose.
    // Anything else (no such deck, no daemon) ends the command.
    if (error.code() != ErrorCode::kInvalidInput && error.code() != ErrorCode::kInvalidParams &&
        error.code() != ErrorCode::kConflict && error.code() != ErrorCode::kBusy) {
      throw;
    }
    const FilePlace place = place_of_daemon_problem(error.what(), read);
    return TextProblem{place.line, place.column, error_text(error, language), {}};
  }
  return std::nullopt;
}

EditEnd edit_note_text(CliContext& context, const std::string& text,
                       const std::string& default_language, const NoteFileMessages& words,
                       const SendNote& send) {
  const PrivateFile file(std::string(kNoteTomlName), words, context.language);
  return edit_until_accepted(
      text,
      [&](const std::string& given) {
        context.disconnect();
        return edit_in_editor(file, given, words, context.language);
      },
      [&](const std::string& body) {
        return try_note_text(body, default_language, words, send, context.language);
      },
      words, std::cerr, most_problem_rounds(editor_at_terminal()));
}

}  // namespace kioku::cli
