// A small East Asian Width table: enough for Japanese, Chinese, Korean and full-width forms.
#include "cli/terminal/text_width.hpp"

#include <algorithm>
#include <cstdint>

namespace kioku::cli {

namespace {

struct CodePoint {
  char32_t value;
  std::size_t length;  // bytes
};

CodePoint decode(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  const auto continuation_ok = [&](std::size_t count) {
    if (at + count > text.size()) return false;
    for (std::size_t i = 1; i < count; ++i) {
      if ((byte(i) & 0xC0) != 0x80) return false;
    }
    return true;
  };
  if (lead < 0x80) return {lead, 1};
  if ((lead & 0xE0) == 0xC0 && continuation_ok(2)) {
    return {static_cast<char32_t>(((lead & 0x1F) << 6) | (byte(1) & 0x3F)), 2};
  }
  if ((lead & 0xF0) == 0xE0 && continuation_ok(3)) {
    return {
        static_cast<char32_t>(((lead & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F)),
        3};
  }
  if ((lead & 0xF8) == 0xF0 && continuation_ok(4)) {
    return {static_cast<char32_t>(((lead & 0x07) << 18) | ((byte(1) & 0x3F) << 12) |
                                  ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F)),
            4};
  }
  return {0xFFFD, 1};
}

bool is_wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
         (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
         (c >= 0x20000 && c <= 0x3FFFD);
}

bool is_zero_width(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) || c == 0x200B || c == 0x200D || (c >= 0xFE00 && c <= 0xFE0F);
}

int width_of(char32_t c) {
  if (is_zero_width(c)) return 0;
  return is_wide(c) ? 2 : 1;
}

}  // namespace

int display_width(std::string_view text) {
  int width = 0;
  for (std::size_t at = 0; at < text.size();) {
    const CodePoint point = decode(text, at);
    width += width_of(point.value);
    at += point.length;
  }
  return width;
}

std::vector<std::string> wrap_text(std::string_view text, int width) {
  std::vector<std::string> lines;
  if (width < 10) width = 10;
  std::string line;
  int line_width = 0;
  std::size_t last_space = std::string::npos;  // byte offset in `line` of the last space
  for (std::size_t at = 0; at < text.size();) {
    const CodePoint point = decode(text, at);
    const std::string_view bytes = text.substr(at, point.length);
    at += point.length;
    if (point.value == '\n') {
      lines.push_back(line);
      line.clear();
      line_width = 0;
      last_space = std::string::npos;
      continue;
    }
    const int glyph = width_of(point.value);
    if (line_width + glyph > width) {
      if (point.value == ' ') {
        lines.push_back(line);
        line.clear();
        line_width = 0;
        last_space = std::string::npos;
        continue;
      }
      if (last_space != std::string::npos && !is_wide(point.value)) {
        lines.push_back(line.substr(0, last_space));
        line = line.substr(last_space + 1);
      } else {
        lines.push_back(line);
        line.clear();
      }
      line_width = display_width(line);
      last_space = std::string::npos;
    }
    if (point.value == ' ') last_space = line.size();
    if (is_wide(point.value)) last_space = std::string::npos;
    line.append(bytes);
    line_width += glyph;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

std::string truncate_to_width(std::string_view text, int width) {
  if (display_width(text) <= width) return std::string(text);
  std::string result;
  int used = 0;
  for (std::size_t at = 0; at < text.size();) {
    const CodePoint point = decode(text, at);
    const int glyph = width_of(point.value);
    if (used + glyph > width - 1) break;  // leave a column for the ellipsis
    result.append(text.substr(at, point.length));
    used += glyph;
    at += point.length;
  }
  return result + "…";
}

namespace {

std::string spaces_for(std::string_view text, int width) {
  return std::string(static_cast<std::size_t>(std::max(0, width - display_width(text))), ' ');
}

}  // namespace

std::string pad_after(std::string_view text, int width) {
  return std::string(text) + spaces_for(text, width);
}

std::string pad_before(std::string_view text, int width) {
  return spaces_for(text, width) + std::string(text);
}

}  // namespace kioku::cli
