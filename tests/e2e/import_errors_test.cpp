// Bad deck files through kiokud and kioku: one error line naming file, line and field; exit code
// 4; nothing imported. Each rule's error text, line and field is checked on the parser
// (tests/core/deck_import_errors_test.cpp); this case shows one of them arriving intact.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/deck_texts.hpp"

using namespace kioku::test;

TEST_CASE("e2e: importing a missing file names it and imports nothing", "[e2e][import]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const auto result = daemon.kioku({"import", home.root() + "/no-such-deck.toml"});
  CHECK(result.exit_code == 4);
  CHECK(result.err == "kioku: " + home.root() +
                          "/no-such-deck.toml: cannot open file: No such file or directory\n");
}

TEST_CASE("e2e: a deck file's error reaches kioku whole - naming the card and field",
          "[e2e][import]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string path = daemon.home().write_file(
      "broken.toml", deck_with("[[cards]]\nid = \"c-2\"\nkind = \"choice\"\nquestion.en = \"Q2?\"\n"
                               "choices.en = [\"a\", \"b\"]\nanswer = 2\n"));
  const auto result = daemon.kioku({"import", path});
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 4);
  CHECK(result.out.empty());
  CHECK(result.err == "kioku: " + path + ":16: cards[2].explanation: missing (required)\n");
  CHECK(parse_output(daemon.kioku({"decks", "--json"})).as_array().empty());
}
