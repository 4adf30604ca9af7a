// The command table (cli/command_table.hpp): every command and option has help, --help is made
// from the table, and the parser writes each kind of option into its field.
#include <catch2/catch.hpp>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_table.hpp"
#include "tests/cli/cli_helpers.hpp"

using namespace kioku::cli;

namespace {

using kioku::test::walk_commands;

struct Parse {
  ParsedLine line;
  std::string out;
  std::string err;
};

Parse parse(const CommandTable& table, const std::vector<std::string>& arguments) {
  std::ostringstream out;
  std::ostringstream err;
  Parse result{parse_command_line(table, "kioku", arguments, out, err), {}, {}};
  result.out = out.str();
  result.err = err.str();
  return result;
}

std::vector<std::string> words_of(const std::string& path) {
  std::vector<std::string> words;
  std::istringstream in(path);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// The names on a parsed path, program first.
std::vector<std::string> names(const ParsedLine& line) {
  std::vector<std::string> result;
  for (const CommandSpec* command : line.path) result.push_back(command->name);
  return result;
}

}  // namespace

TEST_CASE("command table: every command and option has help - a leaf runs, a noun has verbs",
          "[cli][table]") {
  const CommandTable table = command_table();
  REQUIRE(table.program.subcommands.size() >= 10);
  for (const OptionSpec& option : table.program.options) {
    INFO(option.name);
    CHECK_FALSE(option.help.empty());
  }
  int commands = 0;
  walk_commands(table.program, "", [&](const CommandSpec& command, const std::string& path) {
    ++commands;
    INFO(path);
    CHECK_FALSE(command.name.empty());
    CHECK_FALSE(command.help.empty());
    CHECK(command.run.operator bool() == (command.subcommands.empty() || command.verb_optional));
    for (const OptionSpec& option : command.options) {
      INFO(option.name);
      CHECK_FALSE(option.help.empty());
    }
  });
  CHECK(commands >= 14);  // 10 at the top, deck config, daemon status and stop, sched replay
}

TEST_CASE("command table: --help lists every command with its help, and each command's options",
          "[cli][table]") {
  const CommandTable table = command_table();
  const Parse top = parse(table, {"--help"});
  REQUIRE(top.line.exit_code == kExitOk);
  for (const CommandSpec& command : table.program.subcommands) {
    INFO(command.name);
    CHECK(top.out.find("  " + command.name + " ") != std::string::npos);
    CHECK(top.out.find(command.help) != std::string::npos);
  }
  for (const OptionSpec& option : table.program.options) {
    CHECK(top.out.find(option.name) != std::string::npos);
  }
  walk_commands(table.program, "", [&](const CommandSpec& command, const std::string& path) {
    std::vector<std::string> arguments = words_of(path);
    arguments.push_back("--help");
    const Parse help = parse(table, arguments);
    INFO(path << ":\n" << help.out);
    CHECK(help.line.exit_code == kExitOk);
    CHECK(help.out.find(command.help) != std::string::npos);
    for (const OptionSpec& option : command.options) {
      CHECK(help.out.find(option.name) != std::string::npos);
      CHECK(help.out.find(option.help) != std::string::npos);
    }
    for (const CommandSpec& verb : command.subcommands) {
      CHECK(help.out.find(verb.name) != std::string::npos);
    }
  });
}

TEST_CASE("command table: the words of a command line choose its path through the table",
          "[cli][table]") {
  const CommandTable table = command_table();
  CHECK(names(parse(table, {"due"}).line) == std::vector<std::string>{"kioku", "due"});
  CHECK(names(parse(table, {"deck", "config", "d"}).line) ==
        std::vector<std::string>{"kioku", "deck", "config"});
  CHECK(names(parse(table, {"daemon", "stop"}).line) ==
        std::vector<std::string>{"kioku", "daemon", "stop"});
  CHECK_FALSE(parse(table, {"due"}).line.exit_code);

  const Parse version = parse(table, {"--version"});
  CHECK(version.line.exit_code == kExitOk);
  CHECK(version.out == table.version + '\n');
  CHECK(table.version.rfind("kioku ", 0) == 0);

  SECTION("a noun without a verb is a usage error") {
    const Parse noun = parse(table, {"deck"});
    CHECK(noun.line.exit_code == kExitUsage);
    CHECK(noun.line.path.empty());
    CHECK_FALSE(noun.err.empty());
  }
  SECTION("so is no command at all, or one that is not in the table") {
    CHECK(parse(table, {}).line.exit_code == kExitUsage);
    CHECK(parse(table, {"bogus"}).line.exit_code == kExitUsage);
  }
  SECTION("a rule of the table refuses a value, saying what is allowed") {
    const Parse limit = parse(table, {"review", "--limit", "0"});
    CHECK(limit.line.exit_code == kExitUsage);
    CHECK(limit.err.find("--limit: Value 0 not in range 1 to 2147483647") != std::string::npos);
    const Parse empty = parse(table, {"import", ""});
    CHECK(empty.line.exit_code == kExitUsage);
    CHECK(empty.err.find("FILE: must not be empty") != std::string::npos);
    CHECK(parse(table, {"--lang", "de", "due"}).line.exit_code == kExitUsage);
    CHECK(parse(table, {"sched", "replay", "--algorithm", "sm3"}).line.exit_code == kExitUsage);
    CHECK(parse(table, {"import"}).line.exit_code == kExitUsage);
  }
}

TEST_CASE("command table: global options apply to the context, before or after the command",
          "[cli][table]") {
  for (const std::vector<std::string>& arguments :
       {std::vector<std::string>{"--json", "--no-autostart", "--lang", "ja", "--timeout", "2.5",
                                 "--socket", "/tmp/s.sock", "due"},
        std::vector<std::string>{"due", "--json", "--no-autostart", "--lang", "ja", "--timeout",
                                 "2.5", "--socket", "/tmp/s.sock"}}) {
    const CommandTable table = command_table();
    const Parse parsed = parse(table, arguments);
    REQUIRE_FALSE(parsed.line.exit_code);
    REQUIRE(parsed.line.path.size() == 2);
    CliContext context;
    context.language = "en";
    // The program's run applies the global options; due's would call the daemon.
    CHECK(parsed.line.path.front()->run(context) == kExitOk);
    CHECK(context.json);
    CHECK_FALSE(context.connect.autostart);
    CHECK(context.language == "ja");
    CHECK(context.reply_timeout == std::chrono::milliseconds(2500));
    CHECK(context.connect.socket_path == "/tmp/s.sock");
  }
  SECTION("left out, they leave the context as it was") {
    // A table's fields keep what a parse wrote: a fresh table for a fresh line.
    const CommandTable fresh = command_table();
    const Parse parsed = parse(fresh, {"due"});
    CliContext context;
    context.language = "en";
    CHECK(parsed.line.path.front()->run(context) == kExitOk);
    CHECK_FALSE(context.json);
    CHECK(context.connect.autostart);
    CHECK(context.language == "en");
    CHECK_FALSE(context.reply_timeout);
    CHECK(context.connect.socket_path.empty());
  }
}

namespace {

struct EveryKind {
  bool flag = false;
  bool on = true;
  std::string text = "default";
  std::optional<std::string> maybe_text;
  int count = 7;
  std::optional<int> maybe_count;
  std::optional<double> number;
  std::vector<std::string> repeated;
  std::vector<std::string> rest;
};

// A table of one command with every kind of option, whose run hands back what it was given.
CommandTable every_kind_table(EveryKind& seen) {
  CommandTable table;
  table.version = "test 1";
  table.program = noun("test", "a test program",
                       {Command<EveryKind>("try", "every kind of option")
                            .flag(&EveryKind::flag, "--flag", "a flag")
                            .flag(&EveryKind::on, "--off", "a flag that turns something off", false)
                            .option(&EveryKind::text, "--text", "a string", one_of({"a", "b"}))
                            .option(&EveryKind::maybe_text, "--maybe-text", "an optional string")
                            .option(&EveryKind::count, "--count", "an int", between(0, 9))
                            .option(&EveryKind::maybe_count, "--maybe-count", "an optional int")
                            .option(&EveryKind::number, "--number", "a double", between(0.5, 1.0))
                            .option(&EveryKind::repeated, "--each", "a list")
                            .option(&EveryKind::rest, "REST", "the words left")
                            .runs([&seen](CliContext&, const EveryKind& args) {
                              seen = args;
                              return 42;
                            })});
  return table;
}

}  // namespace

TEST_CASE("command table: each kind of option is parsed into its field", "[cli][table]") {
  EveryKind seen;
  const CommandTable table = every_kind_table(seen);
  CliContext context;
  const auto run = [&](const std::vector<std::string>& arguments) {
    const Parse parsed = parse(table, arguments);
    INFO(parsed.err);
    REQUIRE_FALSE(parsed.line.exit_code);
    REQUIRE(parsed.line.path.size() == 2);
    CHECK(parsed.line.path.back()->run(context) == 42);
  };

  SECTION("given") {
    run({"try", "--flag", "--off", "--text", "b", "--maybe-text", "", "--count", "3",
         "--maybe-count", "-4", "--number", "0.75", "--each", "x=1", "--each", "y=2"});
    CHECK(seen.flag);
    CHECK_FALSE(seen.on);
    CHECK(seen.text == "b");
    CHECK(seen.maybe_text == std::optional<std::string>(""));
    CHECK(seen.count == 3);
    CHECK(seen.maybe_count == std::optional<int>(-4));
    CHECK(seen.number == std::optional<double>(0.75));
    CHECK(seen.repeated == std::vector<std::string>{"x=1", "y=2"});
    CHECK(seen.rest.empty());
    // A list option takes every word after it, as `sched replay --option` always has.
    run({"try", "--each", "x=1", "more"});
    CHECK(seen.repeated == std::vector<std::string>{"x=1", "more"});
  }
  SECTION("positionals") {
    run({"try", "one", "--flag", "two"});
    CHECK(seen.rest == std::vector<std::string>{"one", "two"});
    CHECK(seen.flag);
  }
  SECTION("left out: the struct's defaults") {
    run({"try"});
    CHECK_FALSE(seen.flag);
    CHECK(seen.on);
    CHECK(seen.text == "default");
    CHECK_FALSE(seen.maybe_text);
    CHECK(seen.count == 7);
    CHECK_FALSE(seen.maybe_count);
    CHECK_FALSE(seen.number);
    CHECK(seen.repeated.empty());
    CHECK(seen.rest.empty());
  }
  SECTION("outside their rules") {
    for (const std::vector<std::string>& arguments :
         {std::vector<std::string>{"try", "--text", "c"},
          {"try", "--count", "10"},
          {"try", "--count", "x"},
          {"try", "--number", "0.25"},
          {"try", "--maybe-count", "1.5"}}) {
      INFO(arguments[1] << ' ' << arguments[2]);
      const Parse parsed = parse(table, arguments);
      CHECK(parsed.line.exit_code == kExitUsage);
      CHECK(parsed.err.find(arguments[1]) != std::string::npos);
    }
  }
}
