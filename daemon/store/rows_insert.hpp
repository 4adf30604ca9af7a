// One INSERT of many rows: `INSERT INTO t (c1, c2) VALUES (?, ?), (?, ?), ...`. A batch of new
// notes goes in a few statements instead of three for each note: SQLite's work for each statement
// (its cursors on the table and every index opened and closed, its constraint and foreign key
// set-up, the halt) is then shared by the rows. callgrind, 5,000 basic notes with kiokud's SQL:
// 57,500 instructions a note in sqlite3_step one row a statement, 32,900 with 32.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

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

class RowsInsert {
 public:
  // Most rows in one statement.
  static constexpr int kMostRows = 32;

  // Rows of `table` giving `columns`, in that order.
  RowsInsert(sqlite::Database& database, std::string table,
             std::initializer_list<std::string_view> columns);

  // The statement for `rows` rows (1 to kMostRows), prepared when first asked for.
  sqlite::Statement& statement(int rows);
  // The binder of row `row` (from 0) of `statement`, one of this insert's.
  RowBinder row(sqlite::Statement& statement, int row) const {
    return RowBinder(statement, row, column_count_);
  }

 private:
  sqlite::Database& database_;
  std::string table_;
  std::string columns_;  // "(c1, c2, ...)"
  int column_count_;
  std::array<std::optional<sqlite::Statement>, kMostRows + 1> statements_;
};

// `rows` in parts of at most RowsInsert::kMostRows, each given to `each` in turn: a statement's
// worth.
template <typename Row, typename Each>
void for_each_part(std::span<const Row> rows, const Each& each) {
  for (std::size_t first = 0; first < rows.size(); first += RowsInsert::kMostRows) {
    each(rows.subspan(first, std::min<std::size_t>(RowsInsert::kMostRows, rows.size() - first)));
  }
}

}  // namespace kioku::daemon
