// Waiting for another process to write a file, without sleeping: inotify on its directory.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace kioku::test {

// Watches the files of one directory for writes and new names. Used to act at a precise point
// of another process's work, e.g. to kill kiokud once its write-ahead log has grown by so many
// bytes, or to go on once it has made its socket file again. The quiet time is long (30 s)
// because it only runs out when a test is failing: under ASan beside a full machine a spawned
// process (the reminders' notify command) took longer than 5 s to write its line, and a passing
// test never waits for it.
class FileWatch {
 public:
  // Starts watching `directory`; throws std::runtime_error when inotify refuses.
  explicit FileWatch(const std::string& directory);
  ~FileWatch();
  FileWatch(const FileWatch&) = delete;
  FileWatch& operator=(const FileWatch&) = delete;

  // Returns true as soon as `path` (a file in the directory) is at least `bytes` long; false when
  // nothing in the directory was written for `quiet_ms`.
  bool wait_until_size(const std::string& path, std::int64_t bytes, int quiet_ms = 30'000);
  // Returns true as soon as `path` (a name in the directory) exists; false when nothing in the
  // directory changed for `quiet_ms`.
  bool wait_until_exists(const std::string& path, int quiet_ms = 30'000);
  // Returns true as soon as `done()` holds, looked at after each change in the directory (e.g.
  // a line in a log there); false when nothing in it changed for `quiet_ms`.
  bool wait_until(const std::function<bool()>& done, int quiet_ms = 30'000);

 private:
  int descriptor_ = -1;
};

// The size of the file at `path`; 0 when it does not exist.
std::int64_t file_size(const std::string& path);

}  // namespace kioku::test
