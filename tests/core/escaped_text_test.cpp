// Control characters in error messages: escaped, so that a NUL cannot cut a message short.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/escaped_text.hpp"

using namespace kioku;

TEST_CASE("escaped text: control characters become escapes - the rest is kept",
          "[core][escaped_text]") {
  using namespace std::string_literals;
  CHECK(escape_controls("plain text, 日本語 and \\ quotes \"") ==
        "plain text, 日本語 and \\ quotes \"");
  CHECK(escape_controls("a\0b"s) == "a\\u0000b");
  CHECK(escape_controls("\x1b]52;c;ZWNobw==\a") == "\\u001b]52;c;ZWNobw==\\u0007");
  CHECK(escape_controls("one\ntwo\r\tthree\x7f") == "one\\ntwo\\r\\tthree\\u007f");
  // C1 controls as UTF-8 (U+0085, U+009B), beside a character of the same lead byte (U+00A0).
  CHECK(escape_controls("x\xc2\x85y\xc2\x9b\xc2\xa0") == "x\\u0085y\\u009b\xc2\xa0");
  // A lone lead byte at the end stays as it is.
  CHECK(escape_controls("end\xc2") == "end\xc2");
}

TEST_CASE("escaped text: a kioku::Error keeps all of a message with a NUL in it",
          "[core][escaped_text]") {
  using namespace std::string_literals;
  const Error error(ErrorCode::kNotFound, "no deck with id 'gradient-checkpointing\0x'"s);
  // what() is a C string: before, it ended at the NUL, without the closing quote.
  CHECK(std::string(error.what()) == "no deck with id 'gradient-checkpointing\\u0000x'");
  const InputError input("deck.toml", 3, "cards[1].question",
                         kioku::same_in_both("bad \x1b[2J text"));
  CHECK(std::string(input.what()) == "deck.toml:3: cards[1].question: bad \\u001b[2J text");
}
