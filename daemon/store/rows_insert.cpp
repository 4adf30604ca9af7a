// Multi-row INSERTs (daemon/store/rows_insert.hpp).
#include "daemon/store/rows_insert.hpp"

#include <stdexcept>
#include <utility>

namespace kioku::daemon {

RowsInsert::RowsInsert(sqlite::Database& database, std::string table, std::string columns,
                       int column_count)
    : database_(database),
      table_(std::move(table)),
      columns_(std::move(columns)),
      column_count_(column_count) {}

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
