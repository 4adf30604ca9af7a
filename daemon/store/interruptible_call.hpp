// A long call into SQLite (the integrity check of doctor.check, seconds on a large collection)
// that can be stopped from outside it: SQLite's check of the b-trees runs as one step of its
// program, where no progress handler is called, so only sqlite3_interrupt() from another thread
// cuts it short.
#pragma once

#include <chrono>
#include <functional>

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// Runs `call` (which uses `database`) on this thread while another thread calls `keep_going`
// every `interval`. Once `keep_going` throws, the call is interrupted, again at every interval
// until it returns (each statement it starts is stopped too), and what `keep_going` threw is
// rethrown when the call has returned, whatever the call itself threw then. Without a
// thread to be had, `call` runs alone. `keep_going` runs on the other thread only while `call`
// runs.
void run_interruptible(sqlite::Database& database, const std::function<void()>& call,
                       const std::function<void()>& keep_going,
                       std::chrono::milliseconds interval = std::chrono::milliseconds(100));

}  // namespace kioku::daemon
