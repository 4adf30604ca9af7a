// inotify plus poll: every write to the directory wakes the waiter, which then checks the size.
#include "tests/support/file_watch.hpp"

#include <poll.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

namespace kioku::test {

FileWatch::FileWatch(const std::string& directory)
    : descriptor_(::inotify_init1(IN_CLOEXEC | IN_NONBLOCK)) {
  if (descriptor_ < 0 || ::inotify_add_watch(descriptor_, directory.c_str(),
                                             IN_MODIFY | IN_CREATE | IN_MOVED_TO) < 0) {
    if (descriptor_ >= 0) ::close(descriptor_);
    throw std::runtime_error("cannot watch " + directory);
  }
}

FileWatch::~FileWatch() {
  ::close(descriptor_);
}

bool FileWatch::wait_until_size(const std::string& path, std::int64_t bytes, int quiet_ms) {
  return wait_until([&] { return file_size(path) >= bytes; }, quiet_ms);
}

bool FileWatch::wait_until_exists(const std::string& path, int quiet_ms) {
  return wait_until(
      [&] {
        struct stat info {};
        return ::lstat(path.c_str(), &info) == 0;
      },
      quiet_ms);
}

bool FileWatch::wait_until(const std::function<bool()>& done, int quiet_ms) {
  for (;;) {
    // Checking after each wake-up (not counting events) is immune to inotify merging events;
    // a change between the check and poll() leaves an event queued, so none is missed.
    if (done()) return true;
    pollfd readable{descriptor_, POLLIN, 0};
    const int ready = ::poll(&readable, 1, quiet_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    alignas(inotify_event) char events[16384];
    while (::read(descriptor_, events, sizeof events) > 0) {
    }
  }
}

std::int64_t file_size(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 ? static_cast<std::int64_t>(info.st_size) : 0;
}

}  // namespace kioku::test
