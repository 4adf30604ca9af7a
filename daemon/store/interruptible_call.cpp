// A long call into SQLite, stopped from another thread (daemon/store/interruptible_call.hpp).
#include "daemon/store/interruptible_call.hpp"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

void run_interruptible(sqlite::Database& database, const std::function<void()>& call,
                       const std::function<void()>& keep_going,
                       std::chrono::milliseconds interval) {
  std::mutex mutex;
  std::condition_variable woken;
  bool done = false;
  std::exception_ptr stopped;
  std::thread watcher;
  try {
    watcher = std::thread([&] {
      std::unique_lock lock(mutex);
      while (!woken.wait_for(lock, interval, [&] { return done; })) {
        if (stopped) {
          // Again at each interval until the call returns: SQLite forgets an interrupt that
          // lands while none of the connection's statements runs (between the integrity check
          // and the foreign key check), and the call's next statement would run whole.
          sqlite3_interrupt(database.handle());
          continue;
        }
        lock.unlock();
        try {
          keep_going();
          lock.lock();
        } catch (...) {
          lock.lock();
          stopped = std::current_exception();
          // Safe from any thread while the connection is open: the call is still running, as
          // `done` is not set, and the join below comes before the connection can close.
          sqlite3_interrupt(database.handle());
        }
      }
    });
  } catch (const std::system_error&) {
    call();  // no thread to be had: not stoppable, as before
    return;
  }
  const auto finish = [&] {
    {
      std::lock_guard lock(mutex);
      done = true;
    }
    woken.notify_one();
    watcher.join();
  };
  try {
    call();
  } catch (...) {
    finish();
    if (stopped) std::rethrow_exception(stopped);
    throw;
  }
  finish();
  if (stopped) std::rethrow_exception(stopped);
}

}  // namespace kioku::daemon
