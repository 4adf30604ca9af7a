// An owned file descriptor, closed when its owner goes: both binaries pass deck files between
// them (docs/protocol.md, deck.import), and a descriptor lost on an error path would stay open
// in kiokud for its whole life.
#pragma once

#include <unistd.h>

#include <utility>

namespace kioku::protocol {

class UniqueFd {
 public:
  UniqueFd() noexcept = default;
  // Takes ownership of `descriptor` (-1 for none).
  explicit UniqueFd(int descriptor) noexcept : descriptor_(descriptor) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd&& other) noexcept : descriptor_(other.release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;

  int get() const noexcept { return descriptor_; }
  explicit operator bool() const noexcept { return descriptor_ >= 0; }
  // Gives up ownership without closing.
  int release() noexcept { return std::exchange(descriptor_, -1); }
  // Closes the descriptor held (if any) and takes `descriptor` instead.
  void reset(int descriptor = -1) noexcept {
    if (descriptor_ >= 0) ::close(descriptor_);
    descriptor_ = descriptor;
  }

 private:
  int descriptor_ = -1;
};

}  // namespace kioku::protocol
