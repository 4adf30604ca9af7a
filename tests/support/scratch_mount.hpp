// Mounts for fault tests (a small tmpfs, a read-only bind), made in a private mount namespace
// so that nothing leaks to the rest of the machine even if the test dies. Needs root.
#pragma once

#include <cstddef>
#include <string>

namespace kioku::test {

// Moves this process (and the processes it starts later) into a private mount namespace.
// Returns "" when mounting is possible, or why not when this process is not root (for a SKIP).
// As root, a namespace that cannot be made throws std::runtime_error: root is where these tests
// must run, so the failure fails the test instead of hiding behind a skip.
std::string prepare_private_mounts();

class ScratchMount {
 public:
  // A tmpfs of `size_bytes` at `target` (created when missing). Throws std::runtime_error.
  static ScratchMount tmpfs(const std::string& target, std::size_t size_bytes);
  // `path` bound onto itself read-only: writes through it fail with EROFS, even for root.
  static ScratchMount read_only(const std::string& path);

  ScratchMount(ScratchMount&& other) noexcept;
  ScratchMount& operator=(ScratchMount&&) = delete;
  ScratchMount(const ScratchMount&) = delete;
  ScratchMount& operator=(const ScratchMount&) = delete;
  ~ScratchMount();

  // Grows or shrinks a tmpfs in place, with its files kept.
  void resize(std::size_t size_bytes);

 private:
  explicit ScratchMount(std::string target) : target_(std::move(target)) {}
  std::string target_;
};

}  // namespace kioku::test
