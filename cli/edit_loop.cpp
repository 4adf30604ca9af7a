#include "cli/edit_loop.hpp"

#include <ostream>

#include "cli/note_toml.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/fill_in.hpp"

namespace kioku::cli {

namespace {

// Every line of our error comment starts so; a user's own comment would not.
constexpr std::string_view kErrorMark = "# !! ";
// The comment is the heading and the problem: the text below it moves down this many lines.
constexpr int kErrorCommentLines = 2;

}  // namespace

std::string describe_problem(const TextProblem& problem) {
  std::string text = problem.file.empty() ? std::string(kNoteTomlName) : problem.file;
  if (problem.line > 0) {
    text += ":" + std::to_string(problem.line);
    if (problem.column > 0) text += ":" + std::to_string(problem.column);
  }
  return text + ": " + problem.message;
}

std::string without_error_comment(std::string_view text) {
  while (text.substr(0, kErrorMark.size()) == kErrorMark) {
    const std::size_t end = text.find('\n');
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return std::string(text);
}

std::string with_error_comment(std::string_view text, const TextProblem& problem,
                               const NoteFileMessages& words) {
  TextProblem moved = problem;
  if (moved.line > 0) moved.line += kErrorCommentLines;
  // The message may quote the user's text: one line of it, whatever it holds.
  return std::string(kErrorMark) + words.error_heading + '\n' + std::string(kErrorMark) +
         safe_line(describe_problem(moved)) + '\n' + std::string(text);
}

std::string problems_end_text(EditEnd end, const NoteFileMessages& words) {
  if (end == EditEnd::kUnchangedAfterError) return words.unchanged_after_error;
  if (end == EditEnd::kTooManyProblems) {
    return fill_in(words.too_many_problems, {{"rounds", std::to_string(kMostProblemRounds)}});
  }
  return "";
}

bool has_content(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line[first] != '#') return true;
    at = end + 1;
  }
  return false;
}

EditEnd edit_until_accepted(const std::string& text, const EditText& edit, const TryText& attempt,
                            const NoteFileMessages& words, std::ostream& err, int most_problems) {
  const std::string first = without_error_comment(text);
  std::string given = text;
  bool after_problem = false;
  for (int problems = 0;;) {
    const std::string edited = edit(given);
    if (edited == given) return after_problem ? EditEnd::kUnchangedAfterError : EditEnd::kUnchanged;
    const std::string body = without_error_comment(edited);
    if (!has_content(body)) return EditEnd::kEmptied;
    // Back to the text it started as, the error comment taken out: as good as never changed.
    if (body == first) return EditEnd::kUnchanged;
    const std::optional<TextProblem> problem = attempt(body);
    if (!problem) return EditEnd::kAccepted;
    given = with_error_comment(body, *problem, words);
    TextProblem shown = *problem;
    if (shown.line > 0) shown.line += kErrorCommentLines;
    err << "kioku: " << safe_line(describe_problem(shown)) << '\n';
    err.flush();
    after_problem = true;
    if (++problems == most_problems) return EditEnd::kTooManyProblems;
  }
}

}  // namespace kioku::cli
