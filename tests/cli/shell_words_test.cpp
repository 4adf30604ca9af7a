// The commands kioku prints for the user to run, as one shell word each (cli/shell_words.hpp).
#include "cli/shell_words.hpp"

#include <catch2/catch.hpp>

using namespace kioku::cli;

TEST_CASE("shell words: a word a shell would read otherwise is quoted", "[cli][shell]") {
  CHECK(shell_word("gc-001") == "gc-001");
  CHECK(shell_word("a/b:c@d%e+f=g,h.i_j") == "a/b:c@d%e+f=g,h.i_j");
  CHECK(shell_word("m]<@KGj^xd") == "'m]<@KGj^xd'");
  CHECK(shell_word("a;b|c&d$e`f") == "'a;b|c&d$e`f'");
  CHECK(shell_word("it's") == "'it'\\''s'");
  CHECK(shell_word("") == "''");
  CHECK(shell_word("=zz") == "'=zz'");  // zsh would look for a command zz
  CHECK(shell_word("a=b") == "a=b");
}

TEST_CASE("shell words: a note's arguments name its deck, and an id like an option after --",
          "[cli][shell]") {
  CHECK(note_command_arguments("words", "gc-001") == "--deck words gc-001");
  CHECK(note_command_arguments("words", "-x<y") == "--deck words -- '-x<y'");
  CHECK(note_command_arguments("words", "-x") == "--deck words -- -x");
}
