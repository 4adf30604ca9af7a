// mount(2) and unshare(2) directly, so no mount(8) needs to be installed.
#include "tests/support/scratch_mount.hpp"

#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace kioku::test {

namespace {

std::string failure(const std::string& what) {
  return what + ": " + std::strerror(errno);
}

}  // namespace

std::string prepare_private_mounts() {
  static const std::string reason = [] {
    if (::geteuid() != 0) return std::string("mounting needs root");
    if (::unshare(CLONE_NEWNS) != 0) throw std::runtime_error(failure("unshare(CLONE_NEWNS)"));
    // Without this, mounts would still propagate back to the shared parent namespace.
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
      throw std::runtime_error(failure("making / private"));
    }
    return std::string();
  }();
  return reason;
}

ScratchMount ScratchMount::tmpfs(const std::string& target, std::size_t size_bytes) {
  ::mkdir(target.c_str(), 0700);
  const std::string options = "size=" + std::to_string(size_bytes) + ",mode=0700";
  if (::mount("tmpfs", target.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) != 0) {
    throw std::runtime_error(failure("mount tmpfs on " + target));
  }
  return ScratchMount(target);
}

ScratchMount ScratchMount::read_only(const std::string& path) {
  if (::mount(path.c_str(), path.c_str(), nullptr, MS_BIND, nullptr) != 0) {
    throw std::runtime_error(failure("bind " + path));
  }
  ScratchMount bound(path);
  // A bind mount takes its read-only flag only on a remount.
  if (::mount(nullptr, path.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr) != 0) {
    throw std::runtime_error(failure("remount " + path + " read-only"));
  }
  return bound;
}

ScratchMount::ScratchMount(ScratchMount&& other) noexcept : target_(std::move(other.target_)) {
  other.target_.clear();
}

ScratchMount::~ScratchMount() {
  if (!target_.empty()) ::umount2(target_.c_str(), MNT_DETACH);
}

void ScratchMount::resize(std::size_t size_bytes) {
  const std::string options = "size=" + std::to_string(size_bytes);
  if (::mount(nullptr, target_.c_str(), nullptr, MS_REMOUNT, options.c_str()) != 0) {
    throw std::runtime_error(failure("resize the tmpfs at " + target_));
  }
}

}  // namespace kioku::test
