// A socket path too long for sockaddr_un::sun_path (a long XDG_RUNTIME_DIR): kiokud and kioku
// each say so in one line and exit non-zero, before touching anything else.
#include <filesystem>
#include <fstream>

#include "tests/e2e/faults/fault_helpers.hpp"

using namespace kioku::test;

namespace {

// An XDG_RUNTIME_DIR long enough that kioku/kiokud.sock under it no longer fits in 107 bytes.
std::map<std::string, std::string> long_runtime_environment(const TempHome& home,
                                                            std::string& socket_path) {
  auto environment = home.environment();
  const std::string runtime = home.root() + "/" + std::string(120, 'r');
  environment["XDG_RUNTIME_DIR"] = runtime;
  socket_path = runtime + "/kioku/kiokud.sock";
  return environment;
}

std::string too_long_message(const std::string& socket_path) {
  return "socket path " + socket_path + " is " + std::to_string(socket_path.size()) +
         " bytes long; Unix sockets allow at most 107 (set a shorter XDG_RUNTIME_DIR or pass "
         "--socket)\n";
}

}  // namespace

TEST_CASE("faults: kiokud with a socket path too long for sun_path exits with one clear line",
          "[e2e][faults]") {
  TempHome home;
  std::string socket_path;
  const auto environment = long_runtime_environment(home, socket_path);
  const CommandResult result = run_command({kiokud_path(), "--no-bundled-decks"}, environment);
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 1);
  CHECK(result.err == "kiokud: " + too_long_message(socket_path));
}

TEST_CASE("faults: kioku with a socket path too long for sun_path exits with one clear line",
          "[e2e][faults]") {
  TempHome home;
  std::string socket_path;
  auto environment = long_runtime_environment(home, socket_path);
  environment["KIOKU_DAEMON"] = kiokud_path();
  const CommandResult result = run_command({kioku_path(), "decks"}, environment);
  INFO("stderr: " << result.err);
  CHECK(result.exit_code != 0);
  CHECK(result.out.empty());
  CHECK(result.err == "kioku: " + too_long_message(socket_path));
  // The same with the path given as --socket.
  const CommandResult explicit_socket =
      run_command({kioku_path(), "--socket", socket_path, "decks"}, environment);
  CHECK(explicit_socket.exit_code != 0);
  CHECK(explicit_socket.err == "kioku: " + too_long_message(socket_path));
}

TEST_CASE("faults: kioku says in the language asked what is wrong with the socket directory",
          "[e2e][faults]") {
  TempHome home;
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  std::string socket_path;
  long_runtime_environment(home, socket_path);
  const CommandResult too_long =
      run_command({kioku_path(), "--lang", "ja", "--socket", socket_path, "decks"}, environment);
  CHECK(too_long.exit_code != 0);
  CHECK(too_long.err == "kioku: ソケットのパス " + socket_path + " は " +
                            std::to_string(socket_path.size()) +
                            " バイトあります。Unix ソケットのパスは 107 バイトまでです（短い "
                            "XDG_RUNTIME_DIR を設定するか、--socket を指定してください）\n");
  // A file where the socket directory goes.
  const std::string directory = environment.at("XDG_RUNTIME_DIR") + "/kioku";
  std::filesystem::remove_all(directory);
  std::ofstream(directory) << "not a directory\n";
  const CommandResult not_directory =
      run_command({kioku_path(), "--lang", "ja", "decks"}, environment);
  INFO("stderr: " << not_directory.err);
  CHECK(not_directory.exit_code != 0);
  CHECK(not_directory.err.find(
            directory + " はディレクトリではありません。kioku がソケットのディレクトリを作れる"
                        "ように削除してください") != std::string::npos);
  const CommandResult english = run_command({kioku_path(), "decks"}, environment);
  CHECK(english.err.find(directory + " is not a directory; remove it") != std::string::npos);
}
