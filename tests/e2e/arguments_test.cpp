// Bad command-line arguments: one clear line and exit code 2, for kiokud as for kioku.
#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;

TEST_CASE("e2e: kiokud refuses a bad argument with one line and exit code 2", "[e2e][daemon]") {
  TempHome home;
  const std::vector<std::vector<std::string>> refused = {
      {"--day-starts-at", "1e1"}, {"--day-starts-at", "24"},   {"--day-starts-at", "-1"},
      {"--day-starts-at", "4h"},  {"--idle-timeout", "0"},     {"--idle-timeout", "1.5"},
      {"--max-clients", "0"},     {"--max-clients", "1e6"},    {"--ready-fd", "-3"},
      {"--clock-offset", "soon"}, {"--idle-exit", "-1"},       {"--idle-exit", "2.5"},
      {"--backups-daily", "-1"},  {"--backups-weekly", "1.5"}, {"--no-such-option"}};
  for (const auto& arguments : refused) {
    std::vector<std::string> argv = {kiokud_path(), "--socket", home.socket_path()};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    INFO(arguments.front() << ' ' << arguments.back());
    const CommandResult result = run_command(argv, home.environment(), "", 30);
    INFO("stderr: " << result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.err.starts_with("kiokud: "));
    CHECK(result.err.find(arguments.front()) != std::string::npos);
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
  }
  const CommandResult range =
      run_command({kiokud_path(), "--socket", home.socket_path(), "--day-starts-at", "1e1"},
                  home.environment());
  CHECK(range.err ==
        "kiokud: --day-starts-at: must be a whole number from 0 to 23, got '1e1' (kiokud --help "
        "lists the options)\n");
  const CommandResult help = run_command({kiokud_path(), "--help"}, home.environment());
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("--day-starts-at") != std::string::npos);
}

TEST_CASE("e2e: kioku review --limit 0 says what is allowed in a few words", "[e2e][review]") {
  TempHome home;
  for (const char* limit : {"0", "-1", "many"}) {
    INFO("--limit " << limit);
    const CommandResult result = run_command(
        {kioku_path(), "--no-autostart", "review", "--limit", limit}, home.environment(), "", 30);
    INFO("stderr: " << result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.err.find("--limit") != std::string::npos);
    // Not CLI::PositiveNumber's range of doubles, 2.2250738585072014e-308 to 1.79...e+308.
    CHECK(result.err.find("e-308") == std::string::npos);
    CHECK(result.err.size() < 120);
  }
}
