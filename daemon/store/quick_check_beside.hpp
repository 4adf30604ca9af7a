// SQLite's quick_check of a file from outside, run on a thread of its own beside the reading of
// that file through another connection: on a package's collection it took as long as a tenth of
// the whole import when it ran first. The file is read-only (immutable) for both connections, so
// neither waits for the other; what was read from it is kept only once the check has passed.
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

// Why a file failed its check.
struct QuickCheckFailure {
  // quick_check's first line, or the error that stopped the check.
  std::string finding;
  bool stopped = false;  // an error stopped the check: the file could not be read through
};

class QuickCheckBeside {
 public:
  // Opens `uri` with `flags` on the calling thread, lets `configure` prepare the connection (a
  // collation the file's indexes name), and starts the check.
  QuickCheckBeside(const std::string& uri, int flags,
                   const std::function<void(sqlite::Database&)>& configure);
  // Interrupts a check still running, and waits for its thread.
  ~QuickCheckBeside();
  QuickCheckBeside(const QuickCheckBeside&) = delete;
  QuickCheckBeside& operator=(const QuickCheckBeside&) = delete;

  // Waits for the check: nullopt when the file passed it. Any thread may ask, several at once.
  std::optional<QuickCheckFailure> failure();

 private:
  void run() noexcept;

  sqlite::Database database_;
  bool passed_ = false;  // set only by a check that ended in "ok"
  // Set by the destructor; SQLite's progress handler then ends the check (sqlite3_interrupt
  // alone is forgotten when it comes before the check's first step).
  std::atomic<bool> stopping_{false};
  QuickCheckFailure failure_;
  std::thread thread_;
  std::once_flag joined_;
};

}  // namespace kioku::daemon
