// /proc/locks lines read "1: FLOCK  ADVISORY  WRITE 1234 fe:00:10953288 0 EOF": the holder's
// pid, then the locked file's device (major:minor in hex) and inode.
#include "protocol/daemon_lock.hpp"

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace kioku::protocol {

std::string lock_file_path(const std::string& data_directory) {
  return data_directory + "/kiokud.lock";
}

std::optional<pid_t> lock_holder(const std::string& lock_path) {
  struct stat file {};
  if (::stat(lock_path.c_str(), &file) != 0) return std::nullopt;
  std::ifstream locks("/proc/locks");
  std::string line;
  while (std::getline(locks, line)) {
    std::istringstream fields(line);
    std::string number, kind, mode, access, identity;
    long pid = 0;
    if (!(fields >> number >> kind)) continue;
    if (kind == "->") continue;  // a process waiting for the lock, not holding it
    if (!(fields >> mode >> access >> pid >> identity) || kind != "FLOCK" || access != "WRITE") {
      continue;
    }
    unsigned major_number = 0, minor_number = 0;
    unsigned long long inode = 0;
    if (std::sscanf(identity.c_str(), "%x:%x:%llu", &major_number, &minor_number, &inode) != 3) {
      continue;
    }
    if (inode == file.st_ino && major_number == major(file.st_dev) &&
        minor_number == minor(file.st_dev) && pid > 0) {
      return static_cast<pid_t>(pid);
    }
  }
  return std::nullopt;
}

}  // namespace kioku::protocol
