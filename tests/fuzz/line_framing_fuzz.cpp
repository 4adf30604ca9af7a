// libFuzzer target for protocol::LineFraming, the splitter every byte from a socket goes through
// (kiokud's sessions, kioku's client): a differential test against the plainest reading of the
// rule, run on the whole stream at once.
//
// Input: byte 0 is the line limit (0-63), byte 1 seeds the sizes of the pieces the stream
// arrives in (1 to 16 bytes, as reads of any size would give), the rest is the stream. After each
// piece every complete line is taken; what must hold, whatever the bytes and the cuts:
// - the lines are the stream's '\n'-separated lines in order, each without one '\r' before its
//   '\n', and nothing else;
// - a line (its '\r' included) longer than the limit stops the taking, and overlong() says so
//   from the moment the line's bytes past the limit have arrived, complete or not;
// - pending() is exactly the bytes after the last line taken, and pending_offset() their offset.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "protocol/line_framing.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "line_framing_fuzz: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t limit = data[0] % 64;
  std::uint32_t cut_state = data[1] | 0x100u;
  const std::string_view stream(reinterpret_cast<const char*>(data + 2), size - 2);

  kioku::protocol::LineFraming framing(limit);
  std::size_t received = 0;  // stream bytes given to the framing
  std::size_t taken = 0;     // stream bytes the reference has taken as lines
  bool stopped = false;      // the reference met a line over the limit
  while (received < stream.size() && !stopped) {
    cut_state = cut_state * 1103515245u + 12345u;
    const std::size_t piece =
        std::min<std::size_t>(1 + (cut_state >> 16) % 16, stream.size() - received);
    // Through prepare/commit with more room than arrives, as a socket read fills it.
    const auto room = framing.prepare(piece + 7);
    std::memset(room.data(), 'x', room.size());
    std::memcpy(room.data(), stream.data() + received, piece);
    framing.commit(piece);
    received += piece;

    for (;;) {
      const std::string_view seen = stream.substr(0, received);
      const std::size_t newline = seen.find('\n', taken);
      const bool complete = newline != std::string_view::npos;
      const std::size_t length = complete ? newline - taken : received - taken;
      const auto line = framing.next_line();
      if (complete && length <= limit) {
        std::string_view expected = seen.substr(taken, length);
        if (!expected.empty() && expected.back() == '\r') expected.remove_suffix(1);
        if (!line) fail("a complete line within the limit was not given");
        if (*line != expected) fail("a line differs from the stream's");
        taken = newline + 1;
        continue;
      }
      if (line) fail("a line was given that the stream does not complete within the limit");
      if (framing.overlong() != (length > limit)) fail("overlong() is wrong");
      stopped = length > limit && complete;
      break;
    }
    if (framing.pending() != stream.substr(taken, received - taken)) fail("pending() is wrong");
    if (framing.pending_offset() != taken) fail("pending_offset() is wrong");
  }
  return 0;
}
