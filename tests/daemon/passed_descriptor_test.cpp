// deck.import of a file passed as a descriptor: only a regular file is read, never a pipe, and
// every descriptor is closed once its request is answered, whatever the request was.
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "protocol/deck_file.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/json_rpc_calls.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

const std::string kDeck = R"(format = 1
languages = ["en"]

[deck]
id = "passed"
name.en = "Passed"

[[cards]]
id = "c-1"
kind = "choice"
question.en = "Q?"
choices.en = ["a", "b"]
answer = 1
explanation.en = "E."
)";

// A regular file in memory holding `content`, as kioku makes for a deck read from a pipe.
int memory_file(const std::string& content) {
  const int descriptor = ::memfd_create("deck", MFD_CLOEXEC);
  REQUIRE(descriptor >= 0);
  REQUIRE(::write(descriptor, content.data(), content.size()) ==
          static_cast<ssize_t>(content.size()));
  REQUIRE(::lseek(descriptor, 0, SEEK_SET) == 0);
  return descriptor;
}

bool is_open(int descriptor) {
  return ::fcntl(descriptor, F_GETFD) != -1;
}

// Descriptors as the server hands them over: `first` kept, `count` passed in all.
daemon::PassedDescriptors passed(int first, std::size_t count = 1) {
  daemon::PassedDescriptors descriptors;
  descriptors.first.reset(first);
  descriptors.count = count;
  return descriptors;
}

std::string import_line(const std::string& params) {
  return R"({"jsonrpc":"2.0","id":7,"method":"deck.import","params":)" + params + "}";
}

}  // namespace

TEST_CASE("passed descriptor: a deck file passed with deck.import is imported under its name",
          "[daemon][descriptor]") {
  DaemonFixture fixture;
  const int file = memory_file(kDeck);
  const auto response =
      fixture.call_line(import_line(R"({"fd":0,"name":"/home/alice/deck.toml"})"), passed(file));
  INFO(json::serialize(response));
  CHECK(response.at("result").at("added").as_int64() == 1);
  CHECK_FALSE(is_open(file));
  CHECK(fixture.collection.decks().all().at(0).slug == "passed");
}

TEST_CASE("passed descriptor: errors name the file as the user named it", "[daemon][descriptor]") {
  DaemonFixture fixture;
  const int file = memory_file("format = 1\nlanguages = [\"en\"\n");
  const auto response =
      fixture.call_line(import_line(R"({"fd":0,"name":"decks/broken.toml"})"), passed(file));
  CHECK(error_code_of(response) == -32002);
  CHECK(response.at("error").at("data").at("file").as_string() == "decks/broken.toml");
  CHECK_FALSE(is_open(file));
}

TEST_CASE("passed descriptor: anything but a regular file is refused without reading it",
          "[daemon][descriptor]") {
  DaemonFixture fixture;
  SECTION("a pipe with no writer's end closed: reading would block the daemon") {
    int ends[2];
    REQUIRE(::pipe2(ends, O_CLOEXEC) == 0);
    const auto response =
        fixture.call_line(import_line(R"({"fd":0,"name":"<stdin>"})"), passed(ends[0]));
    CHECK(error_code_of(response) == -32002);
    CHECK(error_message_of(response).rfind("<stdin>: is a pipe, not a regular file", 0) == 0);
    CHECK_FALSE(is_open(ends[0]));
    ::close(ends[1]);
  }
  SECTION("a character device") {
    const int zero = ::open("/dev/zero", O_RDONLY | O_CLOEXEC);
    REQUIRE(zero >= 0);
    const auto response =
        fixture.call_line(import_line(R"({"fd":0,"name":"/dev/zero"})"), passed(zero));
    CHECK(error_code_of(response) == -32002);
    CHECK(error_message_of(response).rfind("/dev/zero: is a character device", 0) == 0);
    CHECK_FALSE(is_open(zero));
  }
  SECTION("a directory") {
    const int directory = ::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    const auto response =
        fixture.call_line(import_line(R"({"fd":0,"name":"/"})"), passed(directory));
    CHECK(error_message_of(response) == "/: is a directory, not a deck file");
    CHECK_FALSE(is_open(directory));
  }
}

TEST_CASE("passed descriptor: a file past the size limit is refused", "[daemon][descriptor]") {
  DaemonFixture fixture;
  const int file = ::memfd_create("big", MFD_CLOEXEC);
  REQUIRE(::ftruncate(file, protocol::kMaxDeckFileBytes + 1) == 0);
  const auto response =
      fixture.call_line(import_line(R"({"fd":0,"name":"big.toml"})"), passed(file));
  CHECK(error_code_of(response) == -32002);
  CHECK(error_message_of(response) ==
        "big.toml: is larger than 16 MiB, the limit for a deck file; split the deck into smaller "
        "ones");
  CHECK_FALSE(is_open(file));
}

TEST_CASE(
    "passed descriptor: a descriptor that does not belong to its request is refused and "
    "closed",
    "[daemon][descriptor]") {
  DaemonFixture fixture;
  const int file = memory_file(kDeck);
  json::value response;
  SECTION("with a method that takes none") {
    response =
        fixture.call_line(R"({"jsonrpc":"2.0","id":1,"method":"system.hello"})", passed(file));
    CHECK(error_message_of(response) ==
          "a file descriptor was passed with system.hello, which takes none; it was closed");
  }
  SECTION("more than one") {
    response = fixture.call_line(import_line(R"({"fd":0})"), passed(file, 2));
    CHECK(error_message_of(response) ==
          "2 file descriptors were passed with deck.import; a request may pass one at most (all "
          "were closed)");
  }
  SECTION("with an import of a path") {
    response = fixture.call_line(import_line(R"({"path":"/nonexistent.toml"})"), passed(file));
    CHECK(error_message_of(response).rfind("a file descriptor was passed with deck.import but 'fd'",
                                           0) == 0);
  }
  SECTION("with a batch, which then runs nothing") {
    response = fixture.call_line(
        "[" + import_line(R"({"fd":0})") + R"(,{"jsonrpc":"2.0","id":2,"method":"system.hello"}])",
        passed(file));
    CHECK(error_code_of(response) == -32600);
    CHECK(fixture.collection.decks().all().empty());
  }
  CHECK(response.is_object());
  CHECK(response.as_object().contains("error"));
  CHECK_FALSE(is_open(file));
}

TEST_CASE("passed descriptor: fd without a passed descriptor, or another index, is -32602",
          "[daemon][descriptor]") {
  DaemonFixture fixture;
  CHECK(error_message_of(fixture.call_line(import_line(R"({"fd":0})")))
            .rfind("parameter 'fd' names a passed file, but no descriptor came", 0) == 0);
  const int file = memory_file(kDeck);
  CHECK(error_message_of(fixture.call_line(import_line(R"({"fd":1})"), passed(file))) ==
        "parameter 'fd' must be 0, the one descriptor passed with the request");
  CHECK_FALSE(is_open(file));
  CHECK(error_code_of(fixture.call_line(import_line(R"({"fd":0,"path":"/x.toml"})"))) == -32602);
}
