// kioku finds the daemon on the default socket, or starts it, without fixed sleeps; and the
// socket directory must be private.
#include <sys/stat.h>

#include <algorithm>
#include <thread>

#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;

namespace {

// Runs kioku with no --socket, so it uses $XDG_RUNTIME_DIR/kioku/kiokud.sock.
CommandResult run_kioku_default_socket(const TempHome& home, std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), kioku_path());
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  return run_command(arguments, environment);
}

}  // namespace

TEST_CASE("e2e: kioku starts kiokud when none runs - which imports the bundled deck once",
          "[e2e][autostart]") {
  TempHome home;
  const auto due = run_kioku_default_socket(home, {"due", "--json"});
  INFO(due.err);
  REQUIRE(due.exit_code == 0);
  // As many new cards as the deck makes, up to the default new_per_day of 20.
  const std::int64_t cards = bundled_deck_cards();
  CHECK(field(parse_output(due), "new") == std::min<std::int64_t>(cards, 20));

  const auto status = run_kioku_default_socket(home, {"daemon", "status", "--json"});
  REQUIRE(status.exit_code == 0);
  CHECK(parse_output(status).at("running").as_bool());

  const std::string log = read_file(home.state_dir() + "/kiokud.log");
  CHECK(log.find("imported the bundled deck 'gradient-checkpointing' (" + std::to_string(cards) +
                 " cards)") != std::string::npos);

  const auto stop = run_kioku_default_socket(home, {"daemon", "stop"});
  CHECK(stop.exit_code == 0);
  CHECK(stop.out.find("kiokud stopped") != std::string::npos);
  const auto after = run_kioku_default_socket(home, {"daemon", "status"});
  CHECK(after.exit_code == 3);
  CHECK(after.out.find("not running") != std::string::npos);
}

TEST_CASE("e2e: clients starting at once start exactly one daemon", "[e2e][autostart]") {
  TempHome home;
  std::vector<CommandResult> results(4);
  std::vector<std::thread> clients;
  for (auto& result : results) {
    clients.emplace_back([&] { result = run_kioku_default_socket(home, {"due", "--json"}); });
  }
  for (auto& client : clients) client.join();
  for (const auto& result : results) {
    INFO(result.err);
    CHECK(result.exit_code == 0);
  }
  const std::string log = read_file(home.state_dir() + "/kiokud.log");
  CHECK(count_of(log, "listening on") == 1);
  run_kioku_default_socket(home, {"daemon", "stop"});
}

TEST_CASE("e2e: --no-autostart with no daemon fails with exit code 3", "[e2e][autostart]") {
  TempHome home;
  const auto result = run_kioku_default_socket(home, {"due", "--no-autostart"});
  CHECK(result.exit_code == 3);
  CHECK(result.err.find("kiokud is not running") != std::string::npos);
}

TEST_CASE("e2e: a socket directory open to others is refused with the fix", "[e2e][autostart]") {
  TempHome home;
  const std::string directory = home.runtime_dir() + "/kioku";
  REQUIRE(::mkdir(directory.c_str(), 0755) == 0);
  ::chmod(directory.c_str(), 0755);

  const auto client = run_kioku_default_socket(home, {"due"});
  CHECK(client.exit_code == 6);
  CHECK(client.err.find("has mode 0755") != std::string::npos);
  CHECK(client.err.find("chmod 700 " + directory) != std::string::npos);

  auto environment = home.environment();
  const auto daemon = run_command({kiokud_path()}, environment);
  CHECK(daemon.exit_code == 1);
  CHECK(daemon.err.find("chmod 700 " + directory) != std::string::npos);
}
