// A typed answer keyed byte by byte (cli/typed_answer_keys.hpp): what reaches the echo.
#include "cli/typed_answer_keys.hpp"

#include <catch2/catch.hpp>
#include <string>

using kioku::cli::TypedAnswerKeys;

namespace {

// Every byte of `bytes` added; what the echo was given, in order.
std::string echoed(TypedAnswerKeys& keys, const std::string& bytes) {
  std::string shown;
  for (const char byte : bytes) shown += keys.add(byte);
  return shown;
}

}  // namespace

TEST_CASE("typed answer keys: whole characters are echoed once each", "[cli][typed]") {
  TypedAnswerKeys keys;
  CHECK(keys.add('a') == "a");
  // A three-byte character shows once it is whole, never a lone lead byte.
  CHECK(keys.add('\xE7').empty());
  CHECK(keys.add('\x8A').empty());
  CHECK(keys.add('\xAC') == "犬");
  CHECK(keys.text() == "a犬");
  CHECK(keys.erase_last() == "犬");
  CHECK(keys.erase_last() == "a");
  CHECK(keys.erase_last().empty());
  CHECK(keys.text().empty());
}

TEST_CASE("typed answer keys: nothing that acts on a terminal is kept or echoed", "[cli][typed]") {
  TypedAnswerKeys keys;
  // U+009B (CSI as a C1 control) then "31m"; bytes that are not UTF-8; a lead byte cut short;
  // a right-to-left override; an overlong slash.
  const std::string shown = echoed(keys, std::string("ab\xC2\x9B"
                                                     "31m\xFF\xFE\xE7x"
                                                     "\xE2\x80\xAE"
                                                     "c\xC0\xAF"));
  CHECK(shown == "ab31mxc");
  CHECK(keys.text() == "ab31mxc");
  // A control byte alone is dropped too (the caller takes Enter and Backspace first).
  CHECK(keys.add('\x1b').empty());
  CHECK(keys.add('\x07').empty());
  CHECK(keys.text() == "ab31mxc");
}

TEST_CASE("typed answer keys: a line or paragraph separator is dropped, as a newline is",
          "[cli][typed]") {
  TypedAnswerKeys keys;
  // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR, keyed between letters: the answer is
  // one line, and some terminals break the echo's line there.
  const std::string shown = echoed(keys,
                                   "a\xE2\x80\xA8"
                                   "b\xE2\x80\xA9"
                                   "c");
  CHECK(shown == "abc");
  CHECK(keys.text() == "abc");
  // Their neighbours show: U+2027 HYPHENATION POINT and U+202F NARROW NO-BREAK SPACE.
  CHECK(echoed(keys, "\xE2\x80\xA7") == "\u2027");
  CHECK(echoed(keys, "\xE2\x80\xAF") == "\u202F");
  CHECK(keys.text() == "abc\u2027\u202F");
}

TEST_CASE("typed answer keys: a paste past the most length is cut there", "[cli][typed]") {
  TypedAnswerKeys keys;
  const std::string shown = echoed(keys, std::string(TypedAnswerKeys::kMostBytes + 500, 'y'));
  CHECK(shown.size() == TypedAnswerKeys::kMostBytes);
  CHECK(keys.text().size() == TypedAnswerKeys::kMostBytes);
  // A character that would pass it is not split.
  TypedAnswerKeys almost;
  echoed(almost, std::string(TypedAnswerKeys::kMostBytes - 1, 'y'));
  CHECK(echoed(almost, "犬").empty());
  CHECK(almost.add('z') == "z");
}
