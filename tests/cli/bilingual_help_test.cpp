// --help in both languages: every command and option of kioku's table has a Japanese help text,
// and --help shows it with --lang ja or a Japanese environment.
#include <catch2/catch.hpp>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_table.hpp"
#include "tests/cli/cli_helpers.hpp"

using namespace kioku::cli;

namespace {

using kioku::test::walk_commands;

std::string help_text(const std::vector<std::string>& arguments, const std::string& language) {
  const CommandTable table = command_table();
  std::ostringstream out;
  std::ostringstream err;
  const ParsedLine parsed = parse_command_line(table, "kioku", arguments, out, err, language);
  CHECK(parsed.exit_code == kExitOk);
  return out.str();
}

}  // namespace

TEST_CASE("help: every command and option of kioku has its help in Japanese", "[cli][help]") {
  const CommandTable table = command_table();
  CHECK_FALSE(table.program.help_japanese.empty());
  int checked = 0;
  const auto check_options = [&](const CommandSpec& command) {
    for (const OptionSpec& option : command.options) {
      INFO(command.name << ' ' << option.name);
      CHECK_FALSE(option.help_japanese.empty());
      CHECK(option.help_japanese != option.help);
      ++checked;
    }
  };
  check_options(table.program);
  walk_commands(table.program, "", [&](const CommandSpec& command, const std::string&) {
    INFO(command.name);
    CHECK_FALSE(command.help_japanese.empty());
    CHECK(command.help_japanese != command.help);
    check_options(command);
    ++checked;
  });
  CHECK(checked >= 30);
}

TEST_CASE("help: --lang ja, or a Japanese environment, writes --help in Japanese", "[cli][help]") {
  const CommandTable table = command_table();
  SECTION("the program's --help lists the commands with their Japanese help") {
    for (const std::string& shown :
         {help_text({"--lang", "ja", "--help"}, "en"), help_text({"--lang=ja", "--help"}, "en"),
          help_text({"--help"}, "ja")}) {
      INFO(shown);
      CHECK(shown.find("使い方:") != std::string::npos);
      CHECK(shown.find("このヘルプを表示して終了する") != std::string::npos);
      CHECK(shown.find(table.program.help_japanese) != std::string::npos);
      for (const CommandSpec& command : table.program.subcommands) {
        CHECK(shown.find(command.help_japanese) != std::string::npos);
      }
      CHECK(shown.find("Usage") == std::string::npos);
    }
  }
  SECTION("a verb's --help, its options and CLI11's headings") {
    const std::string shown = help_text({"deck", "config", "--help", "--lang", "ja"}, "en");
    INFO(shown);
    CHECK(shown.find("デッキのオプションを表示する") != std::string::npos);
    CHECK(shown.find("位置引数:") != std::string::npos);
    CHECK(shown.find("オプション:") != std::string::npos);
    CHECK(shown.find("必須") != std::string::npos);
    CHECK(shown.find("Options:") == std::string::npos);
    CHECK(shown.find("REQUIRED") == std::string::npos);
  }
  SECTION("the line's --lang en wins over a Japanese environment") {
    const std::string shown = help_text({"--lang", "en", "--help"}, "ja");
    CHECK(shown.find("Usage:") != std::string::npos);
    CHECK(shown.find("使い方") == std::string::npos);
  }
  SECTION("descriptions line up though the option column holds a Japanese word") {
    const std::string shown = help_text({"import", "--help", "--lang", "ja"}, "en");
    const auto line_start = shown.find("  FILE");
    REQUIRE(line_start != std::string::npos);
    const std::string line = shown.substr(line_start, shown.find('\n', line_start) - line_start);
    const auto help_start = line.find("デッキファイル");
    REQUIRE(help_start != std::string::npos);
    // "  FILE TEXT 必須" then spaces: 30 columns, though "必須" is 6 bytes and 4 columns.
    CHECK(line.substr(0, help_start).size() == 30 + 2);
  }
}
