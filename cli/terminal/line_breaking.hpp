// Where a wrapped line may break, and the greedy layout both wrappers (text_width.hpp,
// styled_wrap.hpp) use: Latin text breaks at spaces; East Asian wide text between any two
// characters, except where Japanese line-breaking rules (kinsoku, the basic set of JIS X 4051)
// forbid it: no line starts with closing punctuation, a comma or full stop, a middle dot,
// an iteration mark, the prolonged sound mark or a small kana ("、", "。", "」", "）", "ー",
// "っ", "ャ"), and no line ends with opening punctuation ("「", "（"). docs/review-screen.md,
// "Text".
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace kioku::cli {

// Whether a line may start with, or end with, this grapheme cluster (by its first code point).
bool may_start_line(std::string_view cluster) noexcept;
bool may_end_line(std::string_view cluster) noexcept;

// One grapheme cluster as the layout sees it.
struct BreakCell {
  int width = 0;            // columns
  bool space = false;       // " ": a break opportunity, not shown at the end of a line
  bool line_break = false;  // "\n" or "\r\n": the line ends here, whatever its width
  bool wide = false;        // East Asian wide: breaks between any two, the rules allowing
  bool no_start = false;    // !may_start_line
  bool no_end = false;      // !may_end_line
};

BreakCell break_cell(std::string_view cluster) noexcept;

// Cells [begin, end) of a line; the space or line break a line ended at is in neither line.
struct LineSpan {
  std::size_t begin = 0;
  std::size_t end = 0;
};

// The cells laid out in lines of at most `width` columns (at least 1), each line as long as
// it can be: broken at its last opportunity (after a space; before or after a wide character
// where the rules allow), or, when it has none, where it is full. A cell wider than `width`
// gets a line of its own. Always at least one line.
std::vector<LineSpan> break_lines(const std::vector<BreakCell>& cells, int width);

}  // namespace kioku::cli
