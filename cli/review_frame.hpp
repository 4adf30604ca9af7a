// The full-screen review's frame as rows of text: a pure function of what the screen holds and
// the terminal's size, so that it is drawn again the same at any size (after a resize) and can
// be tested without a terminal.
//
//   row 0          the header: the deck at the left; new · learning · review left and the
//                  elapsed time at the right
//   (row 1         under --lang both, the header's English, dim)
//   row 1          a rule
//   rows 2 ..      the card: its lines; when they do not all fit, the question's and the
//                  latest
//   last rows      a notice (what became of the last answer), the prompt (what the keys do
//                  now) and the key hints, both wrapped
#pragma once

#include <string>
#include <vector>

namespace kioku::cli {

struct FrameContent {
  std::string deck;    // safe for the terminal already (safe_text)
  std::string counts;  // "new 3 · learning 0 · review 5"
  std::string clock;   // "1:05"
  // The card's lines, laid out for the width the frame is composed for; they may carry SGR
  // styles, which take no columns.
  std::vector<std::string> body;
  // How many of the body's first lines are the question: when the body does not fit, they
  // stay at the top (up to half the card area), then a "…" row, then the latest lines.
  std::size_t question_rows = 0;
  std::string notice;  // above the prompt, dim; plain text: it is wrapped here
  std::string prompt;  // plain text: it is wrapped here
  std::string keys;    // plain text: it is wrapped here
  // Under --lang both, the English of the header, the notice, the prompt and the keys, each
  // shown dim under its Japanese; empty for none.
  std::string deck_second;
  std::string counts_second;
  std::string notice_second;
  std::string prompt_second;
  std::string keys_second;
  // When not empty, shown instead of the body, wrapped and from its top (the help); plain text.
  std::vector<std::string> overlay;
  // The overlay's last lines (how to close it), shown below it even when the rest is cut to
  // the screen's height, after a "…" row.
  std::vector<std::string> overlay_closing;
};

// Exactly `height` rows (at least 1), none wider than `width` - 1 columns: writing the last
// column makes some terminals wrap on their own. With `colour`, the header is bold and the
// rule and key hints dim.
std::vector<std::string> compose_frame(const FrameContent& content, int width, int height,
                                       bool colour);

// `line` cut to at most `width` columns, its SGR sequences kept and taking no columns; "…"
// marks a cut, after which the styles are reset.
std::string fit_to_width(const std::string& line, int width);

// Columns `line` takes on the terminal, its SGR sequences taking none.
int visible_width(const std::string& line);

}  // namespace kioku::cli
