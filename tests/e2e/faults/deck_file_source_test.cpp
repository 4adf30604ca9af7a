// A deck file that is not an ordinary file (a FIFO, a terminal, /dev/zero, standard input) or is
// too large: kiokud never blocks on one or reads one without end, and kioku opens the file itself
// and passes it over the socket, so `kioku import -` and relative paths work. Every descriptor
// passed is closed once its request is answered (looked for in /proc/PID/fd).
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <future>
#include <memory>
#include <thread>

#include "protocol/deck_file.hpp"
#include "protocol/framing.hpp"
#include "protocol/unique_fd.hpp"
#include "tests/e2e/faults/fault_helpers.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;
namespace protocol = kioku::protocol;
namespace code = kioku::protocol::code;

namespace {

const std::string kDeck = generated_deck("piped", 3);

// The descriptors process `pid` has open on `file` or on a memfd (what kioku passes for a
// pipe). Sockets are not counted: a session's socket may still be open for a moment after its
// client has gone, until kiokud reads the end of its stream.
int passed_files_open(pid_t pid, const std::string& file) {
  const std::string folder = "/proc/" + std::to_string(pid) + "/fd";
  DIR* directory = ::opendir(folder.c_str());
  REQUIRE(directory != nullptr);
  int count = 0;
  while (const dirent* entry = ::readdir(directory)) {
    if (entry->d_name[0] == '.') continue;
    char target[4096];
    const ssize_t length =
        ::readlink((folder + "/" + entry->d_name).c_str(), target, sizeof target - 1);
    if (length <= 0) continue;
    const std::string name(target, static_cast<std::size_t>(length));
    if (name == file || name.rfind("/memfd:", 0) == 0) ++count;
  }
  ::closedir(directory);
  return count;
}

std::string make_fifo(const TempHome& home, const std::string& name) {
  const std::string path = home.root() + "/" + name;
  REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
  return path;
}

std::string deck_source(const TempHome& home, const std::string& deck) {
  SqliteReader collection(home.collection_path());
  const auto rows = collection.rows("SELECT source FROM decks WHERE slug = '" + deck + "'");
  REQUIRE(rows.size() == 1);
  return rows[0][0];
}

// Runs kioku in `directory` (through sh, since run_command keeps the test's directory).
CommandResult run_kioku_in(const TempHome& home, const std::string& directory,
                           const std::string& arguments, const std::string& input = "") {
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  return run_command({"/bin/sh", "-c",
                      "cd '" + directory + "' && exec '" + kioku_path() + "' --socket '" +
                          home.socket_path() + "' " + arguments},
                     environment, input);
}

}  // namespace

TEST_CASE("faults: deck.import of a FIFO's path is refused at once - other clients go on",
          "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string fifo = make_fifo(home, "deck.fifo");
  LineClient importer(home.socket_path());
  LineClient other(home.socket_path());
  // Opening a FIFO with no writer blocks; kiokud serves every client on one thread.
  REQUIRE(importer.send(request_line(1, protocol::kDeckImport.name, {{"path", fifo}}) + "\n"));
  INFO("kiokud log:\n" << daemon.log());
  CHECK(rpc(other, protocol::kHello.name).is_object());
  const auto line = importer.read_line();
  REQUIRE(line);
  const json::value refused = json::parse(*line);
  CHECK(error_code_of(refused) == code::kInvalidInput);
  CHECK(error_message_of(refused) ==
        fifo +
            ": is a pipe, not a regular file; kiokud reads decks only from regular files "
            "(`kioku import -` reads standard input)");
}

TEST_CASE("faults: deck.import of a device or an oversized file's path is refused unread",
          "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  std::string path;
  std::string expected;
  SECTION("/dev/zero, which a read would never finish") {
    path = "/dev/zero";
    expected = "/dev/zero: is a character device";
  }
  SECTION("a terminal") {
    path = "/dev/tty";
    expected = "/dev/tty: is a character device";
  }
  SECTION("a regular file past the size limit") {
    path = home.write_file("huge.toml", "");
    REQUIRE(::truncate(path.c_str(), kioku::protocol::kMaxDeckFileBytes + 1) == 0);
    expected = path + ": is larger than 16 MiB, the limit for a deck file";
  }
  const json::value response = rpc(client, protocol::kDeckImport.name, {{"path", path}});
  INFO(json::serialize(response));
  CHECK(error_code_of(response) == code::kInvalidInput);
  CHECK(error_message_of(response).rfind(expected, 0) == 0);
  expect_still_serving(home);
}

TEST_CASE("faults: kioku import - reads standard input - and names it",
          "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const auto imported = run_kioku(home, {"import", "-"}, kDeck);
  INFO(imported.err);
  CHECK(imported.exit_code == 0);
  CHECK(imported.out == "Imported piped from standard input: 3 added, 0 updated, 0 unchanged\n");
  CHECK(deck_source(home, "piped") == "<stdin>");

  const auto broken = run_kioku(home, {"import", "-"}, "format = 1\nlanguages = [\"en\"\n");
  CHECK(broken.exit_code == 4);
  CHECK(broken.err.rfind("kioku: <stdin>:", 0) == 0);
}

TEST_CASE("faults: kioku import of a FIFO reads it itself while kiokud serves others",
          "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string fifo = make_fifo(home, "deck.fifo");
  // kioku waits for the FIFO's writer, as any reader of a pipe does...
  auto import = std::async(std::launch::async, [&] { return run_kioku(home, {"import", fifo}); });
  // ...but nobody else waits for it.
  const auto due = run_kioku(home, {"due", "--json"});
  INFO(due.err);
  CHECK(due.exit_code == 0);
  {
    // Blocks until kioku has opened the FIFO for reading.
    const kioku::protocol::UniqueFd writer(::open(fifo.c_str(), O_WRONLY | O_CLOEXEC));
    REQUIRE(writer);
    REQUIRE(::write(writer.get(), kDeck.data(), kDeck.size()) ==
            static_cast<ssize_t>(kDeck.size()));
  }
  const CommandResult imported = import.get();
  INFO(imported.err);
  CHECK(imported.exit_code == 0);
  CHECK(imported.out == "Imported piped from " + fifo + ": 3 added, 0 updated, 0 unchanged\n");
  CHECK(deck_source(home, "piped") == fifo);
}

namespace {

// `kioku --lang LANGUAGE import FIFO` started, its stderr going into a FIFO of its own that is
// read here as kioku writes it: no sleep, and a kioku that never says anything is killed at
// run_command's timeout, which ends the read.
struct FifoImport {
  kioku::protocol::UniqueFd errors;  // kioku's stderr, closed only after kioku has ended
  std::future<CommandResult> result;
  pid_t pid = -1;
  std::string first_line;  // what kioku wrote there first ("" when nothing)
};

std::unique_ptr<FifoImport> start_import_of_fifo(const TempHome& home, const std::string& fifo,
                                                 const std::string& language) {
  const std::string said = home.root() + "/stderr-" + language + ".fifo";
  REQUIRE(::mkfifo(said.c_str(), 0600) == 0);
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  const std::vector<std::string> command{"/bin/sh", "-c",
                                         "exec '" + kioku_path() + "' --socket '" +
                                             home.socket_path() + "' --lang " + language +
                                             " import '" + fifo + "' 2>'" + said + "'"};
  auto started = std::make_shared<std::promise<pid_t>>();
  auto import = std::make_unique<FifoImport>();
  import->result = std::async(std::launch::async, [command, environment, started] {
    return run_command(command, environment, "", 30,
                       [&started](pid_t pid) { started->set_value(pid);
});
}  // namespace
);
import->pid = started->get_future().get();
// Blocks until the shell has opened it to be kioku's stderr.
import->errors = kioku::protocol::UniqueFd(::open(said.c_str(), O_RDONLY | O_CLOEXEC));
REQUIRE(import->errors);
while (import->first_line.find('\n') == std::string::npos) {
  char chunk[4096];
  const ssize_t received = ::read(import->errors.get(), chunk, sizeof chunk);
  if (received <= 0) break;
  import->first_line.append(chunk, static_cast<std::size_t>(received));
}
return import;
}

}  // namespace

TEST_CASE(
    "faults: kioku import of a FIFO nothing writes to says it waits, until a writer or "
    "Ctrl-C",
    "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string fifo = make_fifo(home, "deck.fifo");

  SECTION("a writer then: the deck it writes is imported") {
    const auto import = start_import_of_fifo(home, fifo, "en");
    // The writer's open below would wait for ever for a kioku that has gone.
    REQUIRE(import->first_line == "kioku: " + fifo +
                                      ": a named pipe that nothing writes to yet; waiting for a "
                                      "program to write the deck to it (Ctrl-C stops)\n");
    {
      const kioku::protocol::UniqueFd writer(::open(fifo.c_str(), O_WRONLY | O_CLOEXEC));
      REQUIRE(writer);
      REQUIRE(::write(writer.get(), kDeck.data(), kDeck.size()) ==
              static_cast<ssize_t>(kDeck.size()));
    }
    const CommandResult imported = import->result.get();
    CHECK(imported.exit_code == 0);
    CHECK(imported.out == "Imported piped from " + fifo + ": 3 added, 0 updated, 0 unchanged\n");
    CHECK(deck_source(home, "piped") == fifo);
  }
  SECTION("Ctrl-C then: kioku ends at once, as interrupted, and nothing is imported") {
    const auto import = start_import_of_fifo(home, fifo, "ja");
    CHECK(import->first_line ==
          "kioku: " + fifo +
              ": まだ何も書き込んでいない名前付きパイプです。プログラムがデッキを書き込むのを"
              "待っています（Ctrl-C で中止）\n");
    REQUIRE(::kill(import->pid, SIGINT) == 0);
    const CommandResult interrupted = import->result.get();
    CHECK(interrupted.exit_code == 128 + SIGINT);
    SqliteReader collection(home.collection_path());
    CHECK(collection.rows("SELECT id FROM decks WHERE slug = 'piped'").empty());
  }
}

TEST_CASE("faults: kioku import of a pipe with a writer, empty or not, never waits for another",
          "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string deck = home.write_file("deck.toml", kDeck);
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  const std::string kioku = "'" + kioku_path() + "' --socket '" + home.socket_path() + "' ";
  // bash's process substitution: /dev/fd/63, an anonymous pipe whose writer is `cat`.
  const CommandResult piped =
      run_command({"/bin/bash", "-c", kioku + "import <(cat '" + deck + "')"}, environment);
  INFO(piped.err);
  CHECK(piped.exit_code == 0);
  CHECK(piped.out.find(": 3 added, 0 updated, 0 unchanged\n") != std::string::npos);
  CHECK(piped.err.empty());
  // A writer that wrote nothing and has gone: the end of an empty file, at once.
  const CommandResult empty =
      run_command({"/bin/bash", "-c", kioku + "import <(true)"}, environment, "", 30);
  CHECK(empty.exit_code == 4);
  CHECK(empty.err.find("waiting") == std::string::npos);
  CHECK(empty.err.find("an empty file?") != std::string::npos);
}

TEST_CASE("faults: kioku import of /dev/zero stops at the size limit", "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const auto result = run_kioku(home, {"import", "/dev/zero"});
  CHECK(result.exit_code == 4);
  CHECK(result.err ==
        "kioku: /dev/zero: is larger than 16 MiB, the limit for a deck file; split the deck into "
        "smaller ones\n");
}

TEST_CASE("faults: kioku import opens a relative path in its own directory",
          "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string directory = home.root() + "/decks";
  REQUIRE(::mkdir(directory.c_str(), 0700) == 0);
  home.write_file("decks/mine.toml", kDeck);
  const auto imported = run_kioku_in(home, directory, "import mine.toml");
  INFO(imported.err);
  CHECK(imported.exit_code == 0);
  CHECK(imported.out == "Imported piped from mine.toml: 3 added, 0 updated, 0 unchanged\n");
  CHECK(deck_source(home, "piped") == directory + "/mine.toml");

  home.write_file("decks/broken.toml", "format = 1\nlanguages = [\"en\"\n");
  const auto broken = run_kioku_in(home, directory, "import broken.toml");
  CHECK(broken.exit_code == 4);
  CHECK(broken.err.rfind("kioku: " + directory + "/broken.toml:", 0) == 0);
}

TEST_CASE("faults: kioku import of an empty name is a usage error - of a directory a refusal",
          "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const auto empty = run_kioku(home, {"import", ""});
  CHECK(empty.exit_code == 2);
  CHECK(empty.err.find("FILE: must not be empty") != std::string::npos);
  const auto directory = run_kioku(home, {"import", home.root()});
  CHECK(directory.exit_code == 4);
  CHECK(directory.err == "kioku: " + home.root() + ": is a directory, not a deck file\n");
}

TEST_CASE("faults: every descriptor passed to kiokud is closed once its request is answered",
          "[e2e][faults][deck-file]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string deck = home.write_file("deck.toml", kDeck);
  LineClient client(home.socket_path());
  REQUIRE(run_kioku(home, {"import", deck}).exit_code == 0);

  const auto pass = [&](const std::string& line, int descriptors) {
    std::vector<int> files;
    for (int index = 0; index < descriptors; ++index) {
      files.push_back(::open(deck.c_str(), O_RDONLY | O_CLOEXEC));
    }
    REQUIRE(client.send_with_descriptors(line + "\n", files));
    for (const int file : files) ::close(file);
    const auto reply = client.read_line();
    REQUIRE(reply);
    return json::parse(*reply);
  };
  const std::string import =
      request_line(1, protocol::kDeckImport.name, {{"fd", 0}, {"name", deck}});
  CHECK(field(result_of(pass(import, 1)), "unchanged") == 3);
  CHECK(error_message_of(pass(request_line(2, protocol::kHello.name), 1)) ==
        "a file descriptor was passed with system.hello, which takes none; it was closed");
  CHECK(error_code_of(pass(import, 3)) == code::kInvalidParams);
  CHECK(error_code_of(pass("[" + import + "]", 1)) == code::kInvalidRequest);
  CHECK(error_code_of(pass("not json", 1)) == code::kParseError);
  CHECK(error_code_of(pass(request_line(3, protocol::kDeckImport.name, {{"path", deck}}), 1)) ==
        code::kInvalidParams);
  // Through kioku, from a pipe (a memfd) and from a file, good and bad.
  CHECK(run_kioku(home, {"import", "-"}, kDeck).exit_code == 0);
  CHECK(run_kioku(home, {"import", "-"}, "not toml").exit_code == 4);
  CHECK(run_kioku(home, {"import", deck}).exit_code == 0);
  // A descriptor on a line that grows past the limit: kiokud closes the connection, and the
  // descriptor with it.
  LineClient overlong(home.socket_path());
  const int file = ::open(deck.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(overlong.send_with_descriptors("{", {file}));
  ::close(file);
  overlong.send(std::string(kioku::protocol::kMaxLineBytes + 1, ' '));
  CHECK(overlong.read_line());  // the error line
  CHECK(overlong.closed_by_peer());
  overlong.close();

  // Each reply above came after its request's descriptors were closed; so did the error line.
  CHECK(passed_files_open(daemon.pid(), deck) == 0);
}
