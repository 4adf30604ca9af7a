// One INSERT of many rows: `INSERT INTO t (c1, c2) VALUES (?, ?), (?, ?), ...`. A batch of new
// notes goes in a few statements instead of three for each note: SQLite's work for each statement
// (its cursors on the table and every index opened and closed, its constraint and foreign key
// set-up, the halt) is then shared by the rows. callgrind, 5,000 basic notes with kiokud's SQL:
// 57,500 instructions a note in sqlite3_step one row a statement, 32,900 with 32.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

class RowsInsert {
 public:
  // Most rows in one statement.
  static constexpr int kMostRows = 32;

  // `columns` lists the table's columns given, as an INSERT names them: "(id, name)".
  RowsInsert(sqlite::Database& database, std::string table, std::string columns, int column_count);

  // The statement for `rows` rows (1 to kMostRows), prepared when first asked for; row r's
  // column c (both from 0) is parameter r * column_count + c + 1.
  sqlite::Statement& statement(int rows);
  int column_count() const noexcept { return column_count_; }

 private:
  sqlite::Database& database_;
  std::string table_;
  std::string columns_;
  int column_count_;
  std::array<std::optional<sqlite::Statement>, kMostRows + 1> statements_;
};

// Binds one row's columns in turn: its parameters from row * column_count + 1 on.
class RowBinder {
 public:
  RowBinder(sqlite::Statement& statement, int row, int column_count)
      : statement_(statement), next_(row * column_count + 1) {}
  template <typename Value>
  RowBinder& bind(const Value& value) {
    statement_.bind(next_++, value);
    return *this;
  }
  // A text that outlives the statement's run (SQLITE_STATIC: not copied).
  RowBinder& bind_lasting(std::string_view value) {
    statement_.bind_lasting(next_++, value);
    return *this;
  }

 private:
  sqlite::Statement& statement_;
  int next_;
};

}  // namespace kioku::daemon
