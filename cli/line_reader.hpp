// Reading a large stream line by line, fast: the history that sched replay and sched optimize
// read can have millions of lines. It reads a file descriptor rather than an istream so that a
// failed read (a directory given as the file, an I/O error half way) is an error with its
// errno instead of an end of input that silently cuts the history short.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
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

// Why LineReader::next could not give the next line.
class LineReadError : public std::runtime_error {
 public:
  enum class Kind { kTooLong, kReadFailed };
  LineReadError(Kind kind, int error_number);
  Kind kind() const noexcept { return kind_; }
  int error_number() const noexcept { return error_number_; }  // for kReadFailed

 private:
  Kind kind_;
  int error_number_;
};

// Lines of a file descriptor, read in large blocks; each line is valid until the next call.
class LineReader {
 public:
  // The longest line read: far beyond any history line, and what keeps a file without a newline
  // from taking all memory.
  static constexpr std::size_t kMaxLineBytes = 1 << 20;

  // Reads `descriptor` (not owned) from where it is.
  explicit LineReader(int descriptor);

  // Like std::getline: false at the end, and a last line without a newline still counts.
  // Throws LineReadError for a line longer than kMaxLineBytes or a failed read.
  bool next(std::string_view& line);

 private:
  void refill();

  static constexpr std::size_t kBlock = 1 << 20;
  int descriptor_;
  ByteBuffer data_;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  bool at_end_ = false;
};

}  // namespace kioku::cli
