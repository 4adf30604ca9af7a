// Aligned text for the terminal: table rows whose cells line up by display width (a Japanese
// character takes two columns, a colour code none), and two blocks of lines side by side.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kioku::cli {

// `text` without its trailing spaces: every line the dashboard draws ends without them.
void trim_end(std::string& text);

// Columns `text` takes on the terminal: its display width without the SGR sequences
// ("\033[…m") Style adds.
int visible_width(std::string_view text);

struct TableColumn {
  int width = 0;       // columns, the space before the next cell included
  bool right = false;  // aligned right (numbers) rather than left (labels)
};

// `cells` each padded with spaces to its column's width: a left-aligned cell after its text, a
// right-aligned one before it, ending one column early. A cell wider than its column is kept
// whole and pushes the rest along; a space always follows a cell. Trailing spaces go.
std::string table_row(const std::vector<std::string>& cells,
                      const std::vector<TableColumn>& columns);

// `rows` as a table whose columns fit their widest cell and one space after it: the columns
// before `first_right_column` aligned left, the others right with `extra_gap` more columns
// before them.
std::vector<std::string> aligned_table(const std::vector<std::vector<std::string>>& rows,
                                       std::size_t first_right_column, int extra_gap);

// Each line of `left` padded to `left_width` columns and followed by the line of `right` at the
// same index; the longer block goes on alone. Trailing spaces go.
std::vector<std::string> side_by_side(const std::vector<std::string>& left,
                                      const std::vector<std::string>& right, int left_width);

}  // namespace kioku::cli
