#include "cli/terminal/styled_wrap.hpp"

#include <string_view>

#include "core/unicode.hpp"

namespace kioku::cli {

namespace {

struct Cell {
  std::string_view bytes;  // one grapheme cluster
  unsigned style;
  int width;
};

bool is_line_break(std::string_view cluster) {
  return cluster == "\n" || cluster == "\r\n";
}

std::vector<StyledPiece> joined(const std::vector<Cell>& cells, std::size_t begin,
                                std::size_t end) {
  std::vector<StyledPiece> line;
  for (std::size_t index = begin; index < end; ++index) {
    const Cell& cell = cells[index];
    if (line.empty() || line.back().style != cell.style) line.push_back({"", cell.style});
    line.back().text.append(cell.bytes);
  }
  return line;
}

int width_of(const std::vector<Cell>& cells) {
  int width = 0;
  for (const Cell& cell : cells) width += cell.width;
  return width;
}

}  // namespace

std::vector<std::vector<StyledPiece>> wrap_styled(const std::vector<StyledPiece>& pieces,
                                                  int width) {
  if (width < 1) width = 1;
  std::vector<std::vector<StyledPiece>> lines;
  std::vector<Cell> line;
  int line_width = 0;
  std::size_t last_space = std::string::npos;  // index in `line` of the last space
  const auto finish = [&](std::size_t end) { lines.push_back(joined(line, 0, end)); };
  for (const StyledPiece& piece : pieces) {
    const std::string_view text(piece.text);
    for (std::size_t at = 0; at < text.size();) {
      const std::string_view bytes = text.substr(at, grapheme_end(text, at) - at);
      at += bytes.size();
      const Cell cell{bytes, piece.style, display_width(bytes)};
      if (is_line_break(bytes)) {
        finish(line.size());
        line.clear();
        line_width = 0;
        last_space = std::string::npos;
        continue;
      }
      const bool space = bytes == " ";
      const bool wide = cell.width >= 2;
      if (line_width + cell.width > width && !line.empty()) {
        if (space) {  // the space the line breaks at is not shown
          finish(line.size());
          line.clear();
          line_width = 0;
          last_space = std::string::npos;
          continue;
        }
        if (last_space != std::string::npos && !wide) {
          finish(last_space);
          line.erase(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(last_space) + 1);
        } else {
          finish(line.size());
          line.clear();
        }
        line_width = width_of(line);
        last_space = std::string::npos;
      }
      if (space) last_space = line.size();
      if (wide) last_space = std::string::npos;
      line.push_back(cell);
      line_width += cell.width;
    }
  }
  if (!line.empty() || lines.empty()) finish(line.size());
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
