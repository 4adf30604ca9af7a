// The editor round trip (cli/edit_loop.hpp) with a scripted editor: a problem reopens the file
// with the problem on top and the text kept; unchanged, emptied or given up ends it.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/edit_loop.hpp"
#include "cli/note_messages.hpp"
#include "tests/cli/cli_helpers.hpp"

using namespace kioku::cli;

namespace {

using kioku::test::english_file_messages;

// An editor that answers each opening with the next of `replies` (a function of what it got),
// and keeps what it was given.
struct ScriptedEditor {
  std::vector<std::function<std::string(const std::string&)>> replies;
  std::vector<std::string> given;
  std::string operator()(const std::string& text) {
    given.push_back(text);
    REQUIRE(given.size() <= replies.size());
    return replies[given.size() - 1](text);
  }
};

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

const std::string kTemplate = "# help\nkind = \"basic\"\nfront.en = \"\"\n";

}  // namespace

TEST_CASE("edit loop: an invalid text reopens with its problem on top, then a fixed one is taken",
          "[cli][edit-loop]") {
  ScriptedEditor editor;
  editor.replies = {
      [](const std::string& text) { return replace(text, "front.en = \"\"", "front.en = 3"); },
      [](const std::string& text) { return replace(text, "front.en = 3", "front.en = \"ok\""); }};
  std::vector<std::string> tried;
  std::ostringstream err;
  const EditEnd end = edit_until_accepted(
      kTemplate, [&](const std::string& text) { return editor(text); },
      [&](const std::string& body) -> std::optional<TextProblem> {
        tried.push_back(body);
        if (body.find("front.en = 3") != std::string::npos) {
          return TextProblem{3, 12, "front.en: must be a text in quotes", {}};
        }
        return std::nullopt;
      },
      english_file_messages, err, kMostProblemRounds);
  CHECK(end == EditEnd::kAccepted);
  REQUIRE(editor.given.size() == 2);
  // The second opening: the problem on top (its line counted in this file), the text kept.
  const std::string& reopened = editor.given[1];
  CHECK(reopened.rfind("# !! ", 0) == 0);
  CHECK(reopened.find("# !! note.toml:5:12: front.en: must be a text in quotes\n") !=
        std::string::npos);
  CHECK(reopened.find("front.en = 3") != std::string::npos);
  const auto lines_before = [&](const std::string& text) {
    return std::count(text.begin(), text.begin() + text.find("front.en = 3"), '\n');
  };
  CHECK(lines_before(reopened) + 1 == 5);
  CHECK(err.str() == "kioku: note.toml:5:12: front.en: must be a text in quotes\n");
  // What was tried never holds the error comment.
  REQUIRE(tried.size() == 2);
  CHECK(tried[1] == replace(kTemplate, "front.en = \"\"", "front.en = \"ok\""));
}

TEST_CASE("edit loop: unchanged, emptied and given up end without a try", "[cli][edit-loop]") {
  std::ostringstream err;
  int tries = 0;
  const TryText never = [&](const std::string&) -> std::optional<TextProblem> {
    ++tries;
    return TextProblem{0, 0, "refused", {}};
  };
  SECTION("unchanged") {
    CHECK(edit_until_accepted(
              kTemplate, [](const std::string& text) { return text; }, never, english_file_messages,
              err, kMostProblemRounds) == EditEnd::kUnchanged);
    CHECK(tries == 0);
  }
  SECTION("emptied, or only comments left") {
    CHECK(edit_until_accepted(
              kTemplate, [](const std::string&) { return std::string(); }, never,
              english_file_messages, err, kMostProblemRounds) == EditEnd::kEmptied);
    CHECK(edit_until_accepted(
              kTemplate, [](const std::string&) { return std::string("# just this\n\n  \n"); },
              never, english_file_messages, err, kMostProblemRounds) == EditEnd::kEmptied);
    CHECK(tries == 0);
  }
  SECTION("left as it was after a problem: given up, not reopened for ever") {
    ScriptedEditor editor;
    editor.replies = {[](const std::string& text) { return text + "back.en = \"b\"\n"; },
                      [](const std::string& text) { return text; }};
    CHECK(edit_until_accepted(
              kTemplate, [&](const std::string& text) { return editor(text); }, never,
              english_file_messages, err, kMostProblemRounds) == EditEnd::kUnchangedAfterError);
    CHECK(tries == 1);
    CHECK(err.str() == "kioku: note.toml: refused\n");
  }
  SECTION("changed and refused save after save: ended, not reopened for ever") {
    // An editor that is a script adding a line each time, never fixing the problem.
    int openings = 0;
    CHECK(edit_until_accepted(
              kTemplate,
              [&](const std::string& text) {
                ++openings;
                return text + "# line " + std::to_string(openings) + "\n";
              },
              never, english_file_messages, err, kMostProblemRounds) == EditEnd::kTooManyProblems);
    CHECK(tries == kMostProblemRounds);
    CHECK(openings == kMostProblemRounds);
  }
  SECTION("a person at a terminal: no limit, the text taken at the 60th save") {
    // Saves with a problem past kMostProblemRounds, each a change, then a fixed one: a person
    // trying again and again is not cut off, as a script without a terminal is.
    int openings = 0;
    const int fixed_at = kMostProblemRounds + 10;
    CHECK(edit_until_accepted(
              kTemplate,
              [&](const std::string& text) {
                ++openings;
                return openings == fixed_at ? text + "fixed = true\n"
                                            : text + "# line " + std::to_string(openings) + "\n";
              },
              [&](const std::string& body) -> std::optional<TextProblem> {
                ++tries;
                if (body.find("fixed = true") != std::string::npos) return std::nullopt;
                return TextProblem{0, 0, "refused", {}};
              },
              english_file_messages, err, most_problem_rounds(true)) == EditEnd::kAccepted);
    CHECK(openings == fixed_at);
    CHECK(tries == fixed_at);
    CHECK(most_problem_rounds(false) == kMostProblemRounds);
  }
  SECTION("put back as it first was after a problem: unchanged") {
    ScriptedEditor editor;
    editor.replies = {[](const std::string& text) { return text + "back.en = \"b\"\n"; },
                      [](const std::string&) { return kTemplate; }};
    CHECK(edit_until_accepted(
              kTemplate, [&](const std::string& text) { return editor(text); }, never,
              english_file_messages, err, kMostProblemRounds) == EditEnd::kUnchanged);
  }
}

TEST_CASE("edit loop: error comments come off, and only ours", "[cli][edit-loop]") {
  const std::string marked =
      with_error_comment("# mine\nkind = \"x\"\n", {2, 1, "bad", {}}, english_file_messages);
  CHECK(marked.find("note.toml:4:1: bad") != std::string::npos);
  CHECK(without_error_comment(marked) == "# mine\nkind = \"x\"\n");
  CHECK(without_error_comment(with_error_comment(
            marked, {0, 0, "again", {}}, english_file_messages)) == "# mine\nkind = \"x\"\n");
  CHECK_FALSE(has_content("# a\n\n   # b\n"));
  CHECK(has_content("# a\n  kind = 1"));
  // A message holding a newline stays on its line of the comment.
  CHECK(with_error_comment("", {0, 0, "a\nb", {}}, english_file_messages).find("a\\nb") !=
        std::string::npos);
}
