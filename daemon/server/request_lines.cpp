// Stream offsets tie descriptors to lines, so a line taken out does not shift the others.
#include "daemon/server/request_lines.hpp"

#include <string_view>

namespace kioku::daemon {

std::span<char> RequestLines::prepare(std::size_t size) {
  return framing_.prepare(size);
}

void RequestLines::commit(std::size_t received, PassedDescriptors descriptors) {
  framing_.commit(received);
  if (descriptors.empty()) return;
  // The line that holds the last byte received: it starts after the newline before that byte.
  const std::string_view data = framing_.pending();
  std::uint64_t line_start = 0;
  if (data.size() >= 2) {
    if (const auto newline = data.rfind('\n', data.size() - 2); newline != std::string_view::npos) {
      line_start = newline + 1;
    }
  }
  line_start += framing_.pending_offset();
  if (!held_.empty() && held_.back().line_start == line_start) {
    held_.back().descriptors.merge(std::move(descriptors));
  } else {
    held_.push_back(Held{line_start, std::move(descriptors)});
  }
}

std::optional<RequestLine> RequestLines::next() {
  const std::uint64_t line_start = framing_.pending_offset();
  const std::optional<std::string_view> text = framing_.next_line();
  if (!text) return std::nullopt;
  RequestLine line{std::string(*text), {}};
  if (!held_.empty() && held_.front().line_start == line_start) {
    line.descriptors = std::move(held_.front().descriptors);
    held_.pop_front();
  }
  return line;
}

}  // namespace kioku::daemon
