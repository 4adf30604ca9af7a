// The one NDJSON splitter: lines come out whole however the stream was cut into reads, one '\r'
// before a '\n' is dropped, and the limit holds a line of exactly its length and refuses one
// byte more, complete or not.
#include "protocol/line_framing.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using kioku::protocol::LineFraming;

namespace {

// Every complete line the framing gives now, as strings.
std::vector<std::string> take_lines(LineFraming& framing) {
  std::vector<std::string> lines;
  while (const auto line = framing.next_line()) lines.emplace_back(*line);
  return lines;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("line framing: the lines of one read come out in order", "[protocol][framing]") {
  LineFraming framing(64);
  framing.append("one\ntwo\n\nthree\n");
  CHECK(take_lines(framing) == Lines{"one", "two", "", "three"});
  CHECK(framing.pending().empty());
  CHECK(framing.pending_offset() == 15);
}

TEST_CASE("line framing: a line across reads comes out once its newline arrives",
          "[protocol][framing]") {
  LineFraming framing(64);
  framing.append("{\"id\":");
  CHECK_FALSE(framing.next_line());
  framing.append("1");
  CHECK_FALSE(framing.next_line());
  framing.append("}\n{\"id\"");
  CHECK(take_lines(framing) == Lines{"{\"id\":1}"});
  CHECK(framing.pending() == "{\"id\"");
  CHECK(framing.pending_offset() == 9);
  framing.append(":2}\n");
  CHECK(take_lines(framing) == Lines{"{\"id\":2}"});
}

TEST_CASE("line framing: a stream cut at every byte gives the same lines", "[protocol][framing]") {
  const std::string stream = "alpha\r\nbeta\n\ngamma delta\n";
  LineFraming framing(64);
  Lines lines;
  for (const char byte : stream) {
    // Received in place, as a socket read does, one byte at a time.
    framing.prepare(16)[0] = byte;
    framing.commit(1);
    for (const std::string& line : take_lines(framing)) lines.push_back(line);
  }
  CHECK(lines == Lines{"alpha", "beta", "", "gamma delta"});
}

TEST_CASE("line framing: one carriage return before the newline is dropped, others are kept",
          "[protocol][framing]") {
  LineFraming framing(64);
  framing.append("crlf\r\n\r\r\nmid\rdle\n\r");
  CHECK(take_lines(framing) == Lines{"crlf", "\r", "mid\rdle"});
  // A '\r' whose '\n' has not arrived yet is still the line's.
  CHECK(framing.pending() == "\r");
  framing.append("\n");
  CHECK(take_lines(framing) == Lines{""});
}

TEST_CASE("line framing: a line of exactly the limit passes, one byte more is overlong",
          "[protocol][framing]") {
  LineFraming at_limit(4);
  at_limit.append("1234\n");
  CHECK_FALSE(at_limit.overlong());
  CHECK(take_lines(at_limit) == Lines{"1234"});

  // The '\r' counts: it is part of the bytes before the '\n'.
  LineFraming crlf(4);
  crlf.append("123\r\n1234\r\n");
  CHECK(take_lines(crlf) == Lines{"123"});
  CHECK(crlf.overlong());

  LineFraming complete(4);
  complete.append("12345\nnext\n");
  CHECK(complete.overlong());
  CHECK_FALSE(complete.next_line());
  CHECK_FALSE(complete.next_line());  // it stays refused: the lines after it are never reached

  // Unfinished: overlong as soon as its fifth byte arrives, before any '\n'.
  LineFraming unfinished(4);
  unfinished.append("1234");
  CHECK_FALSE(unfinished.overlong());
  unfinished.append("5");
  CHECK(unfinished.overlong());
  CHECK_FALSE(unfinished.next_line());
}

TEST_CASE("line framing: the limit applies to each line, not to what is buffered",
          "[protocol][framing]") {
  LineFraming framing(4);
  framing.append("abcd\nefgh\nij");
  CHECK_FALSE(framing.overlong());
  CHECK(take_lines(framing) == Lines{"abcd", "efgh"});
  CHECK_FALSE(framing.overlong());
  framing.append("klm");
  CHECK(framing.overlong());
}

TEST_CASE("line framing: room not filled by a read is not taken as data", "[protocol][framing]") {
  LineFraming framing(64);
  auto room = framing.prepare(1024);
  const std::string bytes = "short\n";
  bytes.copy(room.data(), bytes.size());
  framing.commit(bytes.size());
  framing.commit(0);  // a read that brought nothing
  CHECK(take_lines(framing) == Lines{"short"});
  CHECK(framing.pending().empty());
}
