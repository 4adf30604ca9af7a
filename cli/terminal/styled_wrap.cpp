#include "cli/terminal/styled_wrap.hpp"

#include <string_view>

#include "cli/terminal/line_breaking.hpp"
#include "core/unicode.hpp"

namespace kioku::cli {

namespace {

struct Cell {
  std::string_view bytes;  // one grapheme cluster
  unsigned style;
};

std::vector<StyledPiece> joined(const std::vector<Cell>& cells, LineSpan span) {
  std::vector<StyledPiece> line;
  for (std::size_t index = span.begin; index < span.end; ++index) {
    const Cell& cell = cells[index];
    if (line.empty() || line.back().style != cell.style) line.push_back({"", cell.style});
    line.back().text.append(cell.bytes);
  }
  return line;
}

}  // namespace

std::vector<std::vector<StyledPiece>> wrap_styled(const std::vector<StyledPiece>& pieces,
                                                  int width) {
  std::vector<Cell> cells;
  std::vector<BreakCell> layout;
  for (const StyledPiece& piece : pieces) {
    for (const std::string_view cluster : grapheme_clusters(piece.text)) {
      cells.push_back({cluster, piece.style});
      layout.push_back(break_cell(cluster));
    }
  }
  std::vector<std::vector<StyledPiece>> lines;
  for (const LineSpan& span : break_lines(layout, width)) lines.push_back(joined(cells, span));
  return lines;
}

std::string styled_line(const std::vector<StyledPiece>& line, bool colour) {
  std::string out;
  for (const StyledPiece& piece : line) {
    if (!colour || piece.style == 0) {
      out += piece.text;
      continue;
    }
    std::string codes;
    const auto add = [&codes](const char* code) {
      if (!codes.empty()) codes += ';';
      codes += code;
    };
    if ((piece.style & kStyleBold) != 0) add("1");
    if ((piece.style & kStyleItalic) != 0) add("3");
    if ((piece.style & kStyleCloze) != 0) {
      add("36");
    } else if ((piece.style & kStyleCode) != 0) {
      add("33");
    }
    out += "\033[" + codes + "m" + piece.text + "\033[0m";
  }
  return out;
}

}  // namespace kioku::cli
