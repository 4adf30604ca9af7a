// kioku(1) is written by hand (packaging/man/{en,ja}/kioku.1), so it is checked against the
// command table here: every command has a section of its own in both languages, and every option
// and positional of the command appears in that section. A command added to the table without
// its section fails this test rather than going undocumented.
#include <catch2/catch.hpp>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_table.hpp"
#include "tests/cli/cli_helpers.hpp"

using namespace kioku::cli;

namespace {

using kioku::test::walk_commands;

std::string read_page(const std::string& language) {
  const std::string path =
      std::string(KIOKU_SOURCE_DIR) + "/packaging/man/" + language + "/kioku.1";
  std::ifstream in(path);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The heading roff gives a command: .SS review, or .SS "deck config" for several words.
std::string heading(const std::string& path) {
  return path.find(' ') == std::string::npos ? ".SS " + path : ".SS \"" + path + "\"";
}

// The text of the section headed `path`, up to the next heading of any level; "" without one.
std::string section(const std::string& page, const std::string& path) {
  const std::string start = heading(path) + "\n";
  const std::size_t at = page.find(start);
  if (at == std::string::npos) return {};
  std::size_t end = page.find("\n.S", at + start.size());
  return page.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

// How an option's name is written in roff: each '-' escaped, "\-\-deck".
std::string roff_name(const std::string& name) {
  std::string text;
  for (const char character : name)
    text += character == '-' ? std::string("\\-") : std::string(1, character);
  return text;
}

// Whether `text` names `option`: "\-\-deck"; a positional in italics, as a macro line
// (".I FILE", the English pages) or inline ("\fIFILE", the Japanese ones, which keep their
// sentences on one line so that groff puts no space inside them).
bool names_option(const std::string& text, const OptionSpec& option) {
  if (!option.positional()) return text.find(roff_name(option.name)) != std::string::npos;
  return text.find(".I " + option.name) != std::string::npos ||
         text.find("\\fI" + option.name) != std::string::npos;
}

}  // namespace

TEST_CASE("man pages: kioku.1 has a section for every command of the table, naming its options",
          "[cli][man]") {
  const CommandTable table = command_table();
  for (const std::string language : {"en", "ja"}) {
    INFO("packaging/man/" << language << "/kioku.1");
    const std::string page = read_page(language);
    int commands = 0;
    walk_commands(table.program, "", [&](const CommandSpec& command, const std::string& path) {
      ++commands;
      INFO("command: " << path);
      const std::string text = section(page, path);
      REQUIRE_FALSE(text.empty());
      for (const OptionSpec& option : command.options) {
        INFO("option: " << option.name);
        CHECK(names_option(text, option));
      }
    });
    CHECK(commands >= 20);
    // The global options: each a tagged paragraph of its own before the commands' sections.
    const std::string globals = page.substr(0, page.find("\n.SS "));
    for (const OptionSpec& option : table.program.options) {
      INFO("global option: " << option.name);
      CHECK(names_option(globals, option));
    }
  }
}

TEST_CASE("man pages: the section finder fails for a command the page lacks", "[cli][man]") {
  const std::string page = ".SH COMMANDS\n.SS review\ntext \\-\\-deck\n.SS \"deck config\"\nmore\n";
  CHECK(section(page, "review") == ".SS review\ntext \\-\\-deck");
  CHECK(section(page, "deck config") == ".SS \"deck config\"\nmore\n");
  CHECK(section(page, "deck").empty());
  CHECK(section(page, "import").empty());
  CHECK(roff_name("--no-shuffle") == "\\-\\-no\\-shuffle");
  OptionSpec file;
  file.name = "FILE";
  CHECK(names_option(".TP\n.I FILE\n", file));
  CHECK(names_option(".TP\n\\fIFILE\\fR\n", file));
  CHECK_FALSE(names_option(".TP\nFILE\n", file));
}
