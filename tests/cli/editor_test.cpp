// The editor on a private file (cli/editor.hpp): the file is the owner's alone and gone
// afterwards; the command runs through sh with the path as one word; a failing editor says how.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

#include "cli/editor.hpp"
#include "cli/note_messages.hpp"
#include "core/error.hpp"
#include "tests/cli/cli_helpers.hpp"

using namespace kioku;
using namespace kioku::cli;

namespace {

using kioku::test::english_file_messages;

std::string editor_error(const std::string& command, const std::string& path) {
  try {
    run_editor(command, path, english_file_messages, "en");
  } catch (const Error& error) {
    return error.what();
  }
  return "no error";
}

mode_t mode_of(const std::string& path) {
  struct stat status {};
  REQUIRE(::lstat(path.c_str(), &status) == 0);
  return status.st_mode & 07777;
}

}  // namespace

TEST_CASE("editor: a private file, edited through sh, removed with its directory",
          "[cli][editor]") {
  std::string path;
  std::string directory;
  {
    const PrivateFile file("note.toml", english_file_messages, "en");
    path = file.path();
    directory = path.substr(0, path.rfind('/'));
    CHECK(path.substr(path.rfind('/')) == "/note.toml");
    CHECK(directory.find("/kioku-note-") != std::string::npos);
    CHECK(mode_of(path) == 0600);
    CHECK(mode_of(directory) == 0700);
    file.write("front.en = \"a\"\n");
    // A command with its own arguments, and quotes in it, gets the path as its last word.
    run_editor("sed -i 's/\"a\"/\"b c\"/'", path, english_file_messages, "en");
    CHECK(file.read() == "front.en = \"b c\"\n");
    // An editor that saves by renaming a new file into place.
    run_editor("sh -c 'printf x > \"$0.new\" && mv \"$0.new\" \"$0\"'", path, english_file_messages,
               "en");
    CHECK(file.read() == "x");
    // Written again in place, shorter than before.
    file.write("");
    CHECK(file.read().empty());
  }
  CHECK(::access(path.c_str(), F_OK) != 0);
  CHECK(::access(directory.c_str(), F_OK) != 0);
}

TEST_CASE("editor: one that fails, is killed or does not exist saves nothing, and says so",
          "[cli][editor]") {
  const PrivateFile file("note.toml", english_file_messages, "en");
  CHECK(editor_error("exit 3 #", file.path()) ==
        "The editor (exit 3 #) exited with status 3: nothing saved.");
  CHECK(editor_error("kill -9 $$ #", file.path()) ==
        "The editor (kill -9 $$ #) was killed by signal 9: nothing saved.");
  CHECK(editor_error("no-such-editor-kioku", file.path()) ==
        "The editor (no-such-editor-kioku) exited with status 127: nothing saved.");
  CHECK(editor_error("true", file.path()) == "no error");
}

TEST_CASE("editor: EDITOR, else VISUAL, else vi", "[cli][editor]") {
  const auto with = [](const char* editor, const char* visual) {
    editor ? ::setenv("EDITOR", editor, 1) : ::unsetenv("EDITOR");
    visual ? ::setenv("VISUAL", visual, 1) : ::unsetenv("VISUAL");
    return editor_command();
  };
  CHECK(with("nano", "code --wait") == "nano");
  CHECK(with("", "code --wait") == "code --wait");
  CHECK(with(nullptr, nullptr) == "vi");
  ::unsetenv("EDITOR");
  ::unsetenv("VISUAL");
}
