// Read-only SQLite access for end-to-end tests that inspect a collection behind kiokud's back.
// Header-only on purpose: kioku_test_support does not link SQLite, so only a test binary that
// includes this header (and links SQLite::SQLite3) pays for it.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace kioku::test {

// One read-only connection. Reading beside a running kiokud is safe: the collection is in WAL
// mode, so this connection sees the last committed state and never blocks the daemon's writes.
class SqliteReader {
 public:
  // Opens `path` read-only; throws std::runtime_error when it cannot.
  explicit SqliteReader(const std::string& path) {
    if (::sqlite3_open_v2(path.c_str(), &database_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
      const std::string message = database_ ? ::sqlite3_errmsg(database_) : "out of memory";
      ::sqlite3_close(database_);
      throw std::runtime_error("cannot open " + path + ": " + message);
    }
    ::sqlite3_busy_timeout(database_, 10'000);
  }
  ~SqliteReader() { ::sqlite3_close(database_); }
  SqliteReader(const SqliteReader&) = delete;
  SqliteReader& operator=(const SqliteReader&) = delete;

  // Every row of `sql`, each column as text (NULL as ""); throws std::runtime_error on an error.
  std::vector<std::vector<std::string>> rows(const std::string& sql) const {
    sqlite3_stmt* statement = nullptr;
    if (::sqlite3_prepare_v2(database_, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
      throw std::runtime_error(sql + ": " + ::sqlite3_errmsg(database_));
    }
    std::vector<std::vector<std::string>> result;
    int status = SQLITE_ROW;
    while ((status = ::sqlite3_step(statement)) == SQLITE_ROW) {
      std::vector<std::string> row;
      for (int column = 0; column < ::sqlite3_column_count(statement); ++column) {
        const auto* text = ::sqlite3_column_text(statement, column);
        row.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
      }
      result.push_back(std::move(row));
    }
    ::sqlite3_finalize(statement);
    if (status != SQLITE_DONE) throw std::runtime_error(sql + ": " + ::sqlite3_errmsg(database_));
    return result;
  }

  // The first column of the first row, as text ("" when there is no row).
  std::string text(const std::string& sql) const {
    const auto all = rows(sql);
    return all.empty() || all.front().empty() ? std::string() : all.front().front();
  }

  // The first column of the first row, as an integer.
  std::int64_t integer(const std::string& sql) const {
    const std::string value = text(sql);
    return value.empty() ? 0 : std::stoll(value);
  }

 private:
  sqlite3* database_ = nullptr;
};

}  // namespace kioku::test
