// The buffer keeps taken lines until more room is needed, so taking a line copies nothing.
#include "protocol/line_framing.hpp"

#include <cstring>

namespace kioku::protocol {

std::span<char> LineFraming::prepare(std::size_t size) {
  if (begin_ > 0) {
    // What is left is the start of one line, usually far shorter than what was taken.
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  // Grown, never shrunk: the room stays between reads, which zero-filled 16 KiB per request when
  // it was given back and asked for again (docs/decisions.md, "The single-client answer path").
  if (buffer_.size() < end_ + size) buffer_.resize(end_ + size);
  return {buffer_.data() + end_, size};
}

void LineFraming::append(std::string_view bytes) {
  const std::span<char> room = prepare(bytes.size());
  bytes.copy(room.data(), bytes.size());
  commit(bytes.size());
}

std::size_t LineFraming::find_newline() noexcept {
  const std::size_t length = end_ - begin_;
  if (scanned_ < length) {
    const void* found = std::memchr(buffer_.data() + begin_ + scanned_, '\n', length - scanned_);
    if (found != nullptr) {
      return static_cast<std::size_t>(static_cast<const char*>(found) - buffer_.data());
    }
  }
  scanned_ = length;
  return std::string::npos;
}

bool LineFraming::overlong() noexcept {
  const std::size_t newline = find_newline();
  const std::size_t length = newline == std::string::npos ? end_ - begin_ : newline - begin_;
  return length > max_line_bytes_;
}

std::optional<std::string_view> LineFraming::next_line() {
  const std::size_t newline = find_newline();
  if (newline == std::string::npos || newline - begin_ > max_line_bytes_) return std::nullopt;
  std::string_view line(buffer_.data() + begin_, newline - begin_);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  consumed_ += newline + 1 - begin_;
  begin_ = newline + 1;
  scanned_ = 0;
  return line;
}

}  // namespace kioku::protocol
