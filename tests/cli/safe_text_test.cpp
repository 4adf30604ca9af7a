// What terminal output makes of control characters (cli/terminal/safe_text.hpp); the e2e cases
// in tests/e2e/terminal_escapes_test.cpp show it on the review screen, `decks` and error lines.
#include <catch2/catch.hpp>
#include <string>

#include "cli/terminal/safe_text.hpp"

// The escaping function itself, on what the end-to-end cases do not reach.
TEST_CASE("cli safe_text: every kind of control shows - the rest is left alone", "[escapes]") {
  using kioku::cli::safe_json;
  using kioku::cli::safe_line;
  using kioku::cli::safe_text;
  CHECK(safe_line("plain text, 日本語 and é") == "plain text, 日本語 and é");
  CHECK(safe_line("a\x1b[2Jb\x07\r\n\t\x7f") == R"(a\u001b[2Jb\u0007\r\n\t\u007f)");
  CHECK(safe_line(std::string("nul\0cut", 7)) == R"(nul\u0000cut)");
  CHECK(safe_line("\u0085 \u009b \u202a \u2066 \u2069 \u200f") ==
        R"(\u0085 \u009b \u202a \u2066 \u2069 )"
        "\u200f");  // RLM only nudges neutrals: kept
  // A lone byte that is not UTF-8 (here what a Latin-1 terminal reads as CSI) is U+FFFD.
  CHECK(safe_line("x\x9by\xc0\xaf") == "x\uFFFDy\uFFFD\uFFFD");
  CHECK(safe_text("line 1\n\tline 2\x1b") == "line 1\n    line 2\\u001b");
  // Unicode's line and paragraph separators: escaped on one line, which they would break (a typed
  // answer's echo from a script), kept in a text of several lines and in JSON's strings.
  CHECK(safe_line("a\u2028b\u2029c") == R"(a\u2028b\u2029c)");
  CHECK(safe_text("a\u2028b\u2029c") == "a\u2028b\u2029c");
  CHECK(safe_json("{\"a\":\"\u2028\"}") == "{\"a\":\"\u2028\"}");
  CHECK(safe_json(R"({"a":"\u001b"})") == R"({"a":"\u001b"})");
  CHECK(safe_json("{\"a\":\"\x7f \u009b \u202e\"}") == R"({"a":"\u007f \u009b \u202e"})");
}
