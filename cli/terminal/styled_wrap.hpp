// Wrapping text whose pieces carry styles, by line_breaking.hpp's rules as wrap_text (Latin text
// breaks at spaces, East Asian wide text where Japanese line-breaking rules allow, never inside
// a grapheme cluster, newlines kept), so a style can change in the middle of a line and a line
// can break in the middle of a style.
#pragma once

#include <string>
#include <vector>

namespace kioku::cli {

// Text the terminal may show as it is (passed through safe_text) and its style, as a set of
// the bits below.
struct StyledPiece {
  std::string text;
  unsigned style = 0;
};

inline constexpr unsigned kStyleItalic = 1;
inline constexpr unsigned kStyleBold = 2;
inline constexpr unsigned kStyleCode = 4;   // a colour of its own
inline constexpr unsigned kStyleCloze = 8;  // the deletion's colour, over the code colour

// The pieces in lines of at most `width` columns (at least 1), each line the pieces of one
// style joined: a grapheme cluster wider than `width` gets a line of its own.
std::vector<std::vector<StyledPiece>> wrap_styled(const std::vector<StyledPiece>& pieces,
                                                  int width);

// A line's pieces as terminal text: each styled piece in its SGR sequence and a reset after it
// when `colour` is on, the bare text when it is off.
std::string styled_line(const std::vector<StyledPiece>& line, bool colour);

}  // namespace kioku::cli
