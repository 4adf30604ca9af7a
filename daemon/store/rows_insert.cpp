// Multi-row INSERTs (daemon/store/rows_insert.hpp).
#include "daemon/store/rows_insert.hpp"

#include <stdexcept>
#include <utility>

namespace kioku::daemon {

RowsInsert::RowsInsert(sqlite::Database& database, std::string table,
                       std::initializer_list<std::string_view> columns)
    : database_(database),
      table_(std::move(table)),
      column_count_(static_cast<int>(columns.size())) {
  for (const std::string_view column : columns) {
    columns_ += (columns_.empty() ? "(" : ", ") + std::string(column);
  }
  columns_ += ")";
}

sqlite::Statement& RowsInsert::statement(int rows) {
  if (rows < 1 || rows > kMostRows) throw std::logic_error("RowsInsert: rows out of range");
  std::optional<sqlite::Statement>& prepared = statements_[static_cast<std::size_t>(rows)];
  if (!prepared) {
    std::string row = "(";
    for (int column = 0; column < column_count_; ++column) row += column == 0 ? "?" : ", ?";
    row += ")";
    std::string sql = "INSERT INTO " + table_ + " " + columns_ + " VALUES ";
    for (int at = 0; at < rows; ++at) sql += (at == 0 ? "" : ", ") + row;
    prepared.emplace(database_.prepare(sql));
  }
  return *prepared;
}

}  // namespace kioku::daemon
