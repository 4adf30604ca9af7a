// A read-write SQLite connection of the test process (another connection than kiokud's) holding
// a lock on a collection until released: a sqlite3 shell left open, for the fault tests, or a
// gate that holds kiokud's worker at a known point. Header-only, as sqlite_reader.hpp, so that
// only a test binary linking SQLite pays for it.
#pragma once

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <string>

namespace kioku::test {

class LockHolder {
 public:
  // Runs `statements` (for example "BEGIN IMMEDIATE") on a connection to `path`.
  LockHolder(const std::string& path, const std::string& statements) {
    REQUIRE(::sqlite3_open_v2(path.c_str(), &database_, SQLITE_OPEN_READWRITE, nullptr) ==
            SQLITE_OK);
    char* error = nullptr;
    const int result = ::sqlite3_exec(database_, statements.c_str(), nullptr, nullptr, &error);
    INFO("holding the lock: " << (error ? error : "ok"));
    ::sqlite3_free(error);
    REQUIRE(result == SQLITE_OK);
  }
  ~LockHolder() { release(); }
  LockHolder(const LockHolder&) = delete;
  LockHolder& operator=(const LockHolder&) = delete;

  // Rolls back what it holds and closes its connection.
  void release() {
    if (database_ == nullptr) return;
    ::sqlite3_exec(database_, "ROLLBACK", nullptr, nullptr, nullptr);
    ::sqlite3_close(database_);
    database_ = nullptr;
  }

 private:
  sqlite3* database_ = nullptr;
};

}  // namespace kioku::test
