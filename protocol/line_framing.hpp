// Newline-delimited JSON framing: a byte stream, received in pieces of any size, cut into lines.
// The one splitter kiokud's sessions, kioku's client, the test client and the fuzz targets share,
// so that a line across reads, a CRLF and the length limit mean the same to all of them. No I/O.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace kioku::protocol {

class LineFraming {
 public:
  // A line may hold up to `max_line_bytes` bytes before its '\n' (a '\r' before it included).
  explicit LineFraming(std::size_t max_line_bytes) : max_line_bytes_(max_line_bytes) {}

  // Room for up to `size` more bytes to receive into; commit() then says how many arrived.
  // Valid until the next call.
  std::span<char> prepare(std::size_t size);
  void commit(std::size_t received) noexcept { end_ += received; }
  // The same for bytes already at hand.
  void append(std::string_view bytes);

  // The next complete line without its '\n' and without one '\r' before it; nullopt when no line
  // is complete yet or the next one is longer than the limit. Valid until the next call.
  std::optional<std::string_view> next_line();
  // True when the next line is longer than the limit, complete or not: nothing then tells where
  // the line after it starts.
  bool overlong() noexcept;

  // The bytes received and not yet taken as lines, and the offset in the stream of their first.
  std::string_view pending() const noexcept { return {buffer_.data() + begin_, end_ - begin_}; }
  std::uint64_t pending_offset() const noexcept { return consumed_; }

 private:
  // Where the next line's '\n' is in buffer_, or npos; looks at each byte once.
  std::size_t find_newline() noexcept;

  std::size_t max_line_bytes_;
  std::string buffer_;
  std::size_t begin_ = 0;       // the next line's first byte in buffer_
  std::size_t end_ = 0;         // the end of the bytes received (the rest is prepare()'s room)
  std::size_t scanned_ = 0;     // bytes after begin_ already known to hold no '\n'
  std::uint64_t consumed_ = 0;  // the stream offset of buffer_[begin_]
};

}  // namespace kioku::protocol
