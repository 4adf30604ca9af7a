#include "cli/typed_answer_keys.hpp"

#include "core/utf8.hpp"

namespace kioku::cli {

namespace {

// The bytes of the character `lead` starts; 0 for a byte no character starts with.
std::size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 0;
}

}  // namespace

std::string TypedAnswerKeys::add(char byte) {
  const auto value = static_cast<unsigned char>(byte);
  if (!pending_.empty() && (value & 0xC0) != 0x80) pending_.clear();  // cut short: dropped
  pending_ += byte;
  const std::size_t length = sequence_length(static_cast<unsigned char>(pending_.front()));
  if (length == 0) {
    pending_.clear();
    return "";
  }
  if (pending_.size() < length) return "";
  std::string whole;
  whole.swap(pending_);
  const CodePoint code = decode_utf8(whole, 0);
  // The answer is one line, which the echo must not break: a line separator is dropped as a
  // newline is (the one-line rule of a deck's texts).
  if (code.length != whole.size() || acts_on_terminal(code.code) || is_line_separator(code.code) ||
      text_.size() + whole.size() > kMostBytes) {
    return "";
  }
  text_ += whole;
  return whole;
}

std::string TypedAnswerKeys::erase_last() {
  pending_.clear();
  std::size_t start = text_.size();
  while (start > 0 && (static_cast<unsigned char>(text_[start - 1]) & 0xC0) == 0x80) --start;
  if (start > 0) --start;
  std::string removed = text_.substr(start);
  text_.erase(start);
  return removed;
}

}  // namespace kioku::cli
