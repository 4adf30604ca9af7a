// Block-wise line reading (cli/line_reader.hpp).
#include "cli/line_reader.hpp"

#include <cstring>
#include <utility>

namespace kioku::cli {

ByteBuffer::ByteBuffer(std::size_t size)
    : data_(std::make_unique_for_overwrite<char[]>(size)), size_(size) {}

void ByteBuffer::grow(std::size_t size, std::size_t keep) {
  auto bigger = std::make_unique_for_overwrite<char[]>(size);
  std::memcpy(bigger.get(), data_.get(), keep);
  data_ = std::move(bigger);
  size_ = size;
}

LineReader::LineReader(std::istream& input) : input_(input), data_(kBlock) {}

bool LineReader::next(std::string_view& line) {
  for (;;) {
    const char* start = data_.data() + begin_;
    if (const void* newline = std::memchr(start, '\n', end_ - begin_)) {
      const auto length = static_cast<std::size_t>(static_cast<const char*>(newline) - start);
      line = std::string_view(start, length);
      begin_ += length + 1;
      return true;
    }
    if (at_end_) {
      if (begin_ == end_) return false;
      line = std::string_view(start, end_ - begin_);
      begin_ = end_;
      return true;
    }
    refill();
  }
}

void LineReader::refill() {
  std::memmove(data_.data(), data_.data() + begin_, end_ - begin_);
  end_ -= begin_;
  begin_ = 0;
  if (data_.size() - end_ < kBlock / 2) data_.grow(data_.size() * 2, end_);
  const std::streamsize got =
      input_.rdbuf()->sgetn(data_.data() + end_, static_cast<std::streamsize>(data_.size() - end_));
  if (got <= 0) {
    at_end_ = true;
    return;
  }
  end_ += static_cast<std::size_t>(got);
}

}  // namespace kioku::cli
