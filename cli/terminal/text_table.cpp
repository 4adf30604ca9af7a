// Padding by what the terminal shows: SGR sequences skipped, wide characters counted twice.
#include "cli/terminal/text_table.hpp"

#include <algorithm>

#include "cli/terminal/text_width.hpp"

namespace kioku::cli {

namespace {

std::string spaces(int count) {
  return std::string(static_cast<std::size_t>(std::max(0, count)), ' ');
}

}  // namespace

void trim_end(std::string& text) {
  while (!text.empty() && text.back() == ' ') text.pop_back();
}

int visible_width(std::string_view text) {
  int width = 0;
  std::size_t start = 0;
  for (std::size_t at = text.find('\033'); at != std::string_view::npos;
       at = text.find('\033', start)) {
    width += display_width(text.substr(start, at - start));
    const std::size_t end = text.find('m', at);
    if (end == std::string_view::npos) return width;
    start = end + 1;
  }
  return width + display_width(text.substr(std::min(start, text.size())));
}

std::string table_row(const std::vector<std::string>& cells,
                      const std::vector<TableColumn>& columns) {
  std::string row;
  for (std::size_t index = 0; index < cells.size(); ++index) {
    const TableColumn column = index < columns.size() ? columns[index] : TableColumn{};
    const int room = column.width - visible_width(cells[index]);
    if (column.right) {
      // The column's last space parts the number from the next cell, even when it overflows.
      row += spaces(room - 1) + cells[index] + " ";
    } else {
      row += cells[index] + spaces(std::max(1, room));
    }
  }
  trim_end(row);
  return row;
}

std::vector<std::string> aligned_table(const std::vector<std::vector<std::string>>& rows,
                                       std::size_t first_right_column, int extra_gap) {
  std::vector<TableColumn> columns;
  for (const std::vector<std::string>& row : rows) {
    if (columns.size() < row.size()) columns.resize(row.size());
    for (std::size_t index = 0; index < row.size(); ++index) {
      columns[index].width = std::max(columns[index].width, visible_width(row[index]) + 1);
    }
  }
  for (std::size_t index = first_right_column; index < columns.size(); ++index) {
    columns[index].right = true;
    columns[index].width += extra_gap;
  }
  std::vector<std::string> lines;
  for (const std::vector<std::string>& row : rows) lines.push_back(table_row(row, columns));
  return lines;
}

std::vector<std::string> side_by_side(const std::vector<std::string>& left,
                                      const std::vector<std::string>& right, int left_width) {
  std::vector<std::string> lines;
  const std::size_t count = std::max(left.size(), right.size());
  for (std::size_t index = 0; index < count; ++index) {
    std::string line = index < left.size() ? left[index] : std::string();
    if (index < right.size() && !right[index].empty()) {
      line += spaces(left_width - visible_width(line)) + right[index];
    }
    trim_end(line);
    lines.push_back(line);
  }
  return lines;
}

}  // namespace kioku::cli
