#include "cli/terminal/line_breaking.hpp"

#include <algorithm>
#include <array>

#include "core/unicode.hpp"
#include "core/utf8.hpp"

namespace kioku::cli {

namespace {

// What a line may not start with beyond closing punctuation (which Unicode's categories give):
// commas, stops, colons, marks of exclamation and question, the middle dot, iteration marks,
// the prolonged sound mark and the small kana, full- and half-width; sorted for binary search.
constexpr std::array<char32_t, 62> kNoStart = {
    U'!',      U',',      U'.',      U':',      U';',      U'?',      U'\u203C', U'\u2047',
    U'\u2048', U'\u2049', U'\u3001', U'\u3002', U'\u3005', U'\u303B', U'\u3041', U'\u3043',
    U'\u3045', U'\u3047', U'\u3049', U'\u3063', U'\u3083', U'\u3085', U'\u3087', U'\u308E',
    U'\u3095', U'\u3096', U'\u309D', U'\u309E', U'\u30A1', U'\u30A3', U'\u30A5', U'\u30A7',
    U'\u30A9', U'\u30C3', U'\u30E3', U'\u30E5', U'\u30E7', U'\u30EE', U'\u30F5', U'\u30F6',
    U'\u30FB', U'\u30FC', U'\u30FD', U'\u30FE', U'\uFF01', U'\uFF0C', U'\uFF0E', U'\uFF1A',
    U'\uFF1B', U'\uFF1F', U'\uFF61', U'\uFF64', U'\uFF65', U'\uFF67', U'\uFF68', U'\uFF69',
    U'\uFF6A', U'\uFF6B', U'\uFF6C', U'\uFF6D', U'\uFF6E', U'\uFF6F'};
static_assert(std::is_sorted(kNoStart.begin(), kNoStart.end()));

// The small katakana for Ainu (U+31F0-U+31FF) are all small: a range, not a list.
constexpr bool is_small_ainu_katakana(char32_t code) noexcept {
  return code >= 0x31F0 && code <= 0x31FF;
}

char32_t first_code_point(std::string_view cluster) noexcept {
  if (cluster.empty()) return 0;
  const CodePoint point = decode_utf8(cluster, 0);
  return point.length == 0 ? 0xFFFD : point.code;
}

}  // namespace

bool may_start_line(std::string_view cluster) noexcept {
  const char32_t code = first_code_point(cluster);
  return !is_closing_punctuation(code) && !is_small_ainu_katakana(code) &&
         !std::binary_search(kNoStart.begin(), kNoStart.end(), code);
}

bool may_end_line(std::string_view cluster) noexcept {
  return !is_opening_punctuation(first_code_point(cluster));
}

BreakCell break_cell(std::string_view cluster) noexcept {
  BreakCell cell;
  cell.width = display_width(cluster);
  cell.space = cluster == " ";
  cell.line_break = cluster == "\n" || cluster == "\r\n";
  cell.wide = cell.width >= 2;
  cell.no_start = !may_start_line(cluster);
  cell.no_end = !may_end_line(cluster);
  return cell;
}

std::vector<LineSpan> break_lines(const std::vector<BreakCell>& cells, int width) {
  if (width < 1) width = 1;
  std::vector<LineSpan> lines;
  std::size_t begin = 0;  // the line's first cell
  int used = 0;           // its columns so far
  // The line's last break opportunity: it would end before `cut` and the next start at `next`.
  std::size_t cut = 0;
  std::size_t next = 0;
  bool has_opportunity = false;
  // Ends the line before `end`; the next starts after the space or line break there.
  const auto end_line = [&](std::size_t end) {
    lines.push_back({begin, end});
    begin = end + 1;
    used = 0;
    has_opportunity = false;
  };
  for (std::size_t index = 0; index < cells.size(); ++index) {
    const BreakCell& cell = cells[index];
    if (cell.line_break) {
      end_line(index);
      continue;
    }
    if (cell.space) {
      if (used + cell.width > width && index > begin) {
        end_line(index);  // the space the line breaks at is not shown
        continue;
      }
      cut = index;
      next = index + 1;
      has_opportunity = true;
      used += cell.width;
      continue;
    }
    if (index > begin) {
      const BreakCell& before = cells[index - 1];
      if (!before.space && (cell.wide || before.wide) && !cell.no_start && !before.no_end) {
        cut = index;
        next = index;
        has_opportunity = true;
      }
    }
    if (used + cell.width > width && index > begin) {
      if (has_opportunity && cut > begin) {
        // The cells after the opportunity go to the next line with this one.
        lines.push_back({begin, cut});
        begin = next;
        used = 0;
        for (std::size_t carried = begin; carried < index; ++carried) used += cells[carried].width;
        has_opportunity = false;
      }
      // No opportunity, or what was carried does not fit beside this cell: break where full.
      if (used + cell.width > width && index > begin) {
        lines.push_back({begin, index});
        begin = index;
        used = 0;
        has_opportunity = false;
      }
    }
    used += cell.width;
  }
  if (begin < cells.size() || lines.empty()) lines.push_back({begin, cells.size()});
  return lines;
}

}  // namespace kioku::cli
