// TOML's four string literals, read only as far as where each byte of their text comes from:
// basic ("…", escapes), literal ('…', none), and the multi-line forms of each ("""…""", '''…''',
// whose first newline is dropped, and in a basic one a backslash at the end of a line drops the
// line break and the blanks after it).
#include "core/deck_parser_source.hpp"

#include <string>

#include "core/utf8.hpp"

namespace kioku {

namespace {

// Walks `source` from a place, keeping its line and column.
class Cursor {
 public:
  Cursor(std::string_view source, std::size_t at, SourcePlace place)
      : source_(source), at_(at), place_(place) {}

  bool done() const noexcept { return at_ >= source_.size(); }
  char peek(std::size_t ahead = 0) const noexcept {
    return at_ + ahead < source_.size() ? source_[at_ + ahead] : '\0';
  }
  bool looking_at(std::string_view text) const noexcept {
    return source_.substr(at_).starts_with(text);
  }
  SourcePlace place() const noexcept { return place_; }
  std::size_t offset() const noexcept { return at_; }

  // The length in bytes of the code point at the cursor (a byte that is not UTF-8 is one).
  std::size_t length() const noexcept {
    if (done()) return 0;
    const CodePoint point = decode_utf8(source_, at_);
    return point.length == 0 ? 1 : point.length;
  }

  // Steps over one code point (a byte that is not UTF-8 is one); returns its length in bytes.
  std::size_t step() noexcept {
    if (done()) return 0;
    if (source_[at_] == '\n') {
      ++at_;
      ++place_.line;
      place_.column = 1;
      return 1;
    }
    const std::size_t bytes = length();
    at_ += bytes;
    ++place_.column;
    return bytes;
  }

  void skip(std::size_t code_points) noexcept {
    for (std::size_t i = 0; i < code_points && !done(); ++i) step();
  }

 private:
  std::string_view source_;
  std::size_t at_;
  SourcePlace place_;
};

// The byte offset of `place` in `source`, or source.size() when it is past the end.
std::size_t offset_of(std::string_view source, SourcePlace place) noexcept {
  std::size_t at = 0;
  for (int line = 1; line < place.line; ++line) {
    at = source.find('\n', at);
    if (at == std::string_view::npos) return source.size();
    ++at;
  }
  Cursor cursor(source, at, {place.line, 1});
  for (int column = 1; column < place.column && !cursor.done(); ++column) cursor.step();
  return cursor.offset();
}

std::size_t utf8_length(char32_t code) noexcept {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code < 0x10000) return 3;
  return 4;
}

char32_t hex_value(Cursor cursor, std::size_t digits) noexcept {
  char32_t value = 0;
  for (std::size_t i = 0; i < digits; ++i) {
    const char c = cursor.peek(i);
    value <<= 4;
    if (c >= '0' && c <= '9') value |= static_cast<char32_t>(c - '0');
    if (c >= 'a' && c <= 'f') value |= static_cast<char32_t>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') value |= static_cast<char32_t>(c - 'A' + 10);
  }
  return value;
}

// A backslash with nothing but blanks after it on its line, in a multi-line basic string.
bool at_line_continuation(const Cursor& cursor) noexcept {
  if (cursor.peek() != '\\') return false;
  for (std::size_t ahead = 1;; ++ahead) {
    const char c = cursor.peek(ahead);
    if (c == '\n') return true;
    if (c == '\r' && cursor.peek(ahead + 1) == '\n') return true;
    if (c != ' ' && c != '\t') return false;
  }
}

void skip_line_continuation(Cursor& cursor) noexcept {
  cursor.step();  // the backslash
  while (!cursor.done()) {
    const char c = cursor.peek();
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
    cursor.step();
  }
}

}  // namespace

SourcePlace place_in_string_literal(std::string_view source, SourcePlace literal,
                                    std::size_t text_offset) noexcept {
  const std::size_t begin = offset_of(source, literal);
  if (begin >= source.size()) return literal;
  const char quote = source[begin];
  if (quote != '"' && quote != '\'') return literal;
  const bool escapes = quote == '"';
  const std::string_view delimiter = source.substr(begin).starts_with(std::string(3, quote))
                                         ? std::string_view(quote == '"' ? "\"\"\"" : "'''")
                                         : std::string_view(quote == '"' ? "\"" : "'");
  const bool multi_line = delimiter.size() == 3;
  Cursor cursor(source, begin, literal);
  cursor.skip(delimiter.size());
  // TOML trims the one newline right after the opening delimiter, LF or CRLF.
  if (multi_line && cursor.looking_at("\n")) {
    cursor.step();
  } else if (multi_line && cursor.looking_at("\r\n")) {
    cursor.skip(2);
  }

  std::size_t decoded = 0;  // bytes of text before the cursor
  while (!cursor.done()) {
    if (multi_line && escapes && at_line_continuation(cursor)) {
      skip_line_continuation(cursor);
      continue;
    }
    if (cursor.looking_at(delimiter)) {
      // Up to two quotes right before a multi-line string's closing three are its text.
      const bool text_quote = multi_line && cursor.peek(3) == quote;
      if (!text_quote) return cursor.place();
    }
    if (!multi_line && cursor.peek() == '\n') return cursor.place();  // unterminated
    std::size_t length = cursor.length();
    std::size_t escape_code_points = 0;
    if (escapes && cursor.peek() == '\\') {
      const char kind = cursor.peek(1);
      escape_code_points = 2;
      length = 1;
      if (kind == 'u' || kind == 'U' || kind == 'x') {
        const std::size_t digits = kind == 'u' ? 4 : kind == 'U' ? 8 : 2;
        Cursor digits_at = cursor;
        digits_at.skip(2);
        length = utf8_length(hex_value(digits_at, digits));
        escape_code_points += digits;
      }
    } else if (cursor.looking_at("\r\n")) {
      escape_code_points = 2;  // read as one newline
      length = 1;
    }
    if (text_offset < decoded + length) return cursor.place();
    if (escape_code_points > 0) {
      cursor.skip(escape_code_points);
      decoded += length;
    } else {
      decoded += cursor.step();
    }
  }
  return cursor.place();
}

}  // namespace kioku
