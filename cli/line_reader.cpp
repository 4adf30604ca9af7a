// Block-wise line reading (cli/line_reader.hpp).
#include "cli/line_reader.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "core/system_error_reason.hpp"

namespace kioku::cli {

ByteBuffer::ByteBuffer(std::size_t size)
    : data_(std::make_unique_for_overwrite<char[]>(size)), size_(size) {}

void ByteBuffer::grow(std::size_t size, std::size_t keep) {
  auto bigger = std::make_unique_for_overwrite<char[]>(size);
  std::memcpy(bigger.get(), data_.get(), keep);
  data_ = std::move(bigger);
  size_ = size;
}

// what() is for a program's log alone: the one reader of lines, HistoryReader, words the error
// for the user in their language from kind() and error_number().
LineReadError::LineReadError(Kind kind, int error_number)
    : std::runtime_error(kind == Kind::kTooLong ? "line too long"
                                                : system_error_reason(error_number).english),
      kind_(kind),
      error_number_(error_number) {}

namespace {

// A whole block for a stream of unknown length; a small regular file gets a buffer its size, so
// that reading a few lines does not map and unmap a megabyte (most of the fuzz target's time).
std::size_t first_buffer_size(int descriptor, std::size_t block) {
  struct stat info {};
  if (::fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode)) return block;
  constexpr std::size_t kSmallest = 4096;
  return std::clamp(static_cast<std::size_t>(info.st_size) + 1, kSmallest, block);
}

}  // namespace

LineReader::LineReader(int descriptor)
    : descriptor_(descriptor), data_(first_buffer_size(descriptor, kBlock)) {}

bool LineReader::next(std::string_view& line) {
  for (;;) {
    const char* start = data_.data() + begin_;
    if (const void* newline = std::memchr(start, '\n', end_ - begin_)) {
      const auto length = static_cast<std::size_t>(static_cast<const char*>(newline) - start);
      if (length > kMaxLineBytes) throw LineReadError(LineReadError::Kind::kTooLong, 0);
      line = std::string_view(start, length);
      begin_ += length + 1;
      return true;
    }
    if (end_ - begin_ > kMaxLineBytes) throw LineReadError(LineReadError::Kind::kTooLong, 0);
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
  // Bounded: next() refuses a line before it outgrows kMaxLineBytes, so the buffer never needs
  // more than twice the block.
  if (data_.size() - end_ < std::min(kBlock, data_.size()) / 2) {
    data_.grow(data_.size() * 2, end_);
  }
  ssize_t got = 0;
  do {
    got = ::read(descriptor_, data_.data() + end_, data_.size() - end_);
  } while (got < 0 && errno == EINTR);
  if (got < 0) throw LineReadError(LineReadError::Kind::kReadFailed, errno);
  if (got == 0) {
    at_end_ = true;
    return;
  }
  end_ += static_cast<std::size_t>(got);
}

}  // namespace kioku::cli
