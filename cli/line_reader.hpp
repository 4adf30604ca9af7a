// Reading a large stream line by line, fast: the history that sched replay and sched optimize
// read can have millions of lines.
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <string_view>

namespace kioku::cli {

// A growable run of bytes left uninitialized: zero-filling the two 1 MiB buffers was a
// noticeable share of a short replay.
class ByteBuffer {
 public:
  explicit ByteBuffer(std::size_t size);
  char* data() { return data_.get(); }
  std::size_t size() const { return size_; }
  // Grows to `size`, keeping the first `keep` bytes.
  void grow(std::size_t size, std::size_t keep);

 private:
  std::unique_ptr<char[]> data_;
  std::size_t size_;
};

// Lines of a stream, read in large blocks; each line is valid until the next call.
class LineReader {
 public:
  explicit LineReader(std::istream& input);

  // Like std::getline: false at the end, and a last line without a newline still counts.
  bool next(std::string_view& line);

 private:
  void refill();

  static constexpr std::size_t kBlock = 1 << 20;
  std::istream& input_;
  ByteBuffer data_;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  bool at_end_ = false;
};

}  // namespace kioku::cli
