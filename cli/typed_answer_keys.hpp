// A typed answer as it is keyed, byte by byte from a terminal in single-key mode: only whole
// UTF-8 characters that show on one line are kept and echoed, so that neither a pasted C1 control
// (U+009B starts an escape sequence), a bidirectional override, a line or paragraph separator
// (U+2028, U+2029) nor a byte that is not UTF-8 reaches the terminal through the echo; and the
// answer has a most length, so that a long paste cannot hold the screen redrawing it.
#pragma once

#include <cstddef>
#include <string>

namespace kioku::cli {

class TypedAnswerKeys {
 public:
  // Far past any card's answer; a paste beyond it is cut there.
  static constexpr std::size_t kMostBytes = 2048;

  // Takes one byte (not Enter or Backspace, which the caller handles): the character it
  // completes when the answer keeps it, else "" (a byte of a character not yet whole, or one
  // dropped: a control, a line separator, not UTF-8, past kMostBytes).
  std::string add(char byte);
  // Takes back the last character: what was removed ("" when the answer is empty).
  std::string erase_last();
  const std::string& text() const noexcept { return text_; }

 private:
  std::string text_;
  std::string pending_;  // the first bytes of a character not yet whole
};

}  // namespace kioku::cli
