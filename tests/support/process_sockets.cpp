// /proc/PID/fd, pidfd_getfd and FIONREAD.
#include "tests/support/process_sockets.hpp"

#include <dirent.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

namespace kioku::test {

std::set<int> socket_descriptors(pid_t pid) {
  std::set<int> sockets;
  const std::string directory = "/proc/" + std::to_string(pid) + "/fd";
  DIR* listing = ::opendir(directory.c_str());
  if (listing == nullptr) return sockets;
  while (const dirent* entry = ::readdir(listing)) {
    if (entry->d_name[0] == '.') continue;
    char target[256] = {};
    const std::string link = directory + "/" + entry->d_name;
    const ssize_t length = ::readlink(link.c_str(), target, sizeof target - 1);
    if (length > 0 &&
        std::string(target, static_cast<std::size_t>(length)).rfind("socket:", 0) == 0) {
      sockets.insert(std::stoi(entry->d_name));
    }
  }
  ::closedir(listing);
  return sockets;
}

int new_socket_descriptor(pid_t pid, const std::set<int>& before) {
  int found = -1;
  for (int descriptor : socket_descriptors(pid)) {
    if (!before.contains(descriptor)) found = descriptor;
  }
  return found;
}

std::int64_t unread_bytes(pid_t pid, int descriptor) {
  const int process = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  if (process < 0) return -1;
  const int copy = static_cast<int>(::syscall(SYS_pidfd_getfd, process, descriptor, 0));
  ::close(process);
  if (copy < 0) return -1;
  int waiting = 0;
  const bool asked = ::ioctl(copy, FIONREAD, &waiting) == 0;
  // The copy keeps the socket open: closed before the daemon's end of it can matter.
  ::close(copy);
  return asked ? waiting : -1;
}

bool poll_until(const std::function<bool()>& condition, int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (!condition()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::yield();  // no event announces it: look again at once
  }
  return true;
}

}  // namespace kioku::test
