// Where a streaming reader in core gets its bytes: the daemon wraps a file descriptor, tests and
// the fuzz target a string. Core reads through this and never opens anything itself.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace kioku {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Up to `size` bytes into `buffer`; returns 0 only at the end. May throw kioku::InputError
  // when the bytes cannot be read, or what its owner makes it throw to stop a reading that is
  // no longer wanted (a text import's walk, when the import stopped).
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
};

// Bytes held in memory, handed out at most `chunk` at a time, so that tests can split a file
// at every place a read could end.
class StringByteSource : public ByteSource {
 public:
  explicit StringByteSource(std::string_view text, std::size_t chunk = 64 * 1024)
      : text_(text), chunk_(std::max<std::size_t>(chunk, 1)) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t count = std::min({size, chunk_, text_.size() - offset_});
    std::copy_n(text_.data() + offset_, count, buffer);
    offset_ += count;
    return count;
  }

 private:
  std::string_view text_;
  std::size_t chunk_;
  std::size_t offset_ = 0;
};

}  // namespace kioku
