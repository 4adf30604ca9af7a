// Stream offsets tie descriptors to lines, so a line taken out does not shift the others.
#include "daemon/server/request_lines.hpp"

#include <algorithm>
#include <string_view>

namespace kioku::daemon {

std::span<char> RequestLines::prepare(std::size_t size) {
  // The room stays between requests: resizing down and up again zero-filled 16 KiB per request.
  if (buffer_.size() < received_ + size) buffer_.resize(received_ + size);
  return {buffer_.data() + received_, size};
}

void RequestLines::commit(std::size_t received, PassedDescriptors descriptors) {
  received_ += received;
  if (descriptors.empty()) return;
  // The line that holds the last byte received: it starts after the newline before that byte.
  const std::string_view data(buffer_.data(), received_);
  std::size_t line_start = 0;
  if (received_ >= 2) {
    if (const auto newline = data.rfind('\n', received_ - 2); newline != std::string_view::npos) {
      line_start = newline + 1;
    }
  }
  line_start += consumed_;
  if (!held_.empty() && held_.back().line_start == line_start) {
    held_.back().descriptors.merge(std::move(descriptors));
  } else {
    held_.push_back(Held{line_start, std::move(descriptors)});
  }
}

bool RequestLines::overlong() const noexcept {
  const std::string_view data(buffer_.data(), received_);
  const auto newline = data.find('\n');
  const std::size_t length = newline == std::string_view::npos ? received_ : newline;
  return length > max_line_bytes_;
}

std::optional<RequestLine> RequestLines::next() {
  const std::string_view data(buffer_.data(), received_);
  const auto newline = data.find('\n');
  if (newline == std::string_view::npos || newline > max_line_bytes_) return std::nullopt;
  RequestLine line{std::string(data.substr(0, newline)), {}};
  if (!held_.empty() && held_.front().line_start == consumed_) {
    line.descriptors = std::move(held_.front().descriptors);
    held_.pop_front();
  }
  // Only the bytes received move to the front, not the room after them.
  std::copy(buffer_.begin() + static_cast<std::ptrdiff_t>(newline + 1),
            buffer_.begin() + static_cast<std::ptrdiff_t>(received_), buffer_.begin());
  received_ -= newline + 1;
  consumed_ += newline + 1;
  return line;
}

}  // namespace kioku::daemon
