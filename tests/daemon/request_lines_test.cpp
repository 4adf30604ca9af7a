// The server's line splitter: descriptors go to the line whose bytes carried them, however the
// bytes were cut into reads.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <string_view>

#include "daemon/server/request_lines.hpp"

using namespace kioku::daemon;

namespace {

// Feeds `bytes` as one read, with `descriptors` descriptors (of /dev/null) passed beside them.
void feed(RequestLines& lines, std::string_view bytes, int descriptors = 0) {
  const auto room = lines.prepare(bytes.size());
  bytes.copy(room.data(), bytes.size());
  PassedDescriptors passed;
  for (int index = 0; index < descriptors; ++index) {
    kioku::protocol::UniqueFd descriptor(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    ++passed.count;
    if (!passed.first) passed.first = std::move(descriptor);
  }
  lines.commit(bytes.size(), std::move(passed));
}

}  // namespace

TEST_CASE("request lines: lines come out whole and in order, descriptors with their own line",
          "[daemon][server]") {
  RequestLines lines(1024);
  feed(lines, "first\nsec");
  feed(lines, "ond\n", 1);  // the sendmsg of a line that began in an earlier read
  feed(lines, "third\n");
  auto first = lines.next();
  REQUIRE(first);
  CHECK(first->text == "first");
  CHECK(first->descriptors.empty());
  auto second = lines.next();
  REQUIRE(second);
  CHECK(second->text == "second");
  CHECK(second->descriptors.count == 1);
  CHECK(second->descriptors.first);
  auto third = lines.next();
  REQUIRE(third);
  CHECK(third->text == "third");
  CHECK(third->descriptors.empty());
  CHECK_FALSE(lines.next());
}

TEST_CASE("request lines: a descriptor on the first part of a long line stays with that line",
          "[daemon][server]") {
  RequestLines lines(1024);
  feed(lines, "done\n{\"method\":", 1);  // the kernel ends the read after the descriptor's bytes
  feed(lines, "\"deck.import\"}\n");
  CHECK(lines.next()->descriptors.empty());
  const auto import = lines.next();
  CHECK(import->text == "{\"method\":\"deck.import\"}");
  CHECK(import->descriptors.count == 1);
}

TEST_CASE("request lines: more descriptors for one line are counted, only the first kept",
          "[daemon][server]") {
  RequestLines lines(1024);
  feed(lines, "a", 2);
  feed(lines, "b\n", 1);
  const auto line = lines.next();
  CHECK(line->text == "ab");
  CHECK(line->descriptors.count == 3);
}

TEST_CASE("request lines: a line past the limit is overlong, complete or not", "[daemon][server]") {
  RequestLines lines(4);
  feed(lines, "1234\n12345");
  CHECK(lines.next()->text == "1234");
  CHECK_FALSE(lines.next());
  CHECK(lines.overlong());
  RequestLines complete(4);
  feed(complete, "12345\n");
  CHECK_FALSE(complete.next());
  CHECK(complete.overlong());
}

TEST_CASE("request lines: room asked for and left unused never shows in a line",
          "[daemon][server]") {
  // As the server reads: a large room each time, a few bytes received into it.
  RequestLines lines(1024);
  const auto receive = [&](std::string_view bytes) {
    const auto room = lines.prepare(64);
    std::fill(room.begin(), room.end(), 'x');
    bytes.copy(room.data(), bytes.size());
    lines.commit(bytes.size(), {});
  };
  receive("one\ntw");
  CHECK(lines.next()->text == "one");
  CHECK_FALSE(lines.next());
  receive("o\nthree\nfo");
  CHECK(lines.next()->text == "two");
  CHECK(lines.next()->text == "three");
  CHECK_FALSE(lines.next());
  CHECK_FALSE(lines.overlong());
  receive("ur\n");
  CHECK(lines.next()->text == "four");
  CHECK_FALSE(lines.next());
}
