// Columns of UTF-8 text in a terminal, and wrapping to a width (cli/terminal/text_width.hpp):
// the review screen wraps Japanese and English cards with it.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cli/terminal/text_width.hpp"

using kioku::cli::display_width;
using kioku::cli::truncate_to_width;
using kioku::cli::wrap_text;
using Lines = std::vector<std::string>;

TEST_CASE("text width: wide characters take two columns, combining marks none", "[cli][width]") {
  CHECK(display_width("") == 0);
  CHECK(display_width("abc") == 3);
  CHECK(display_width("日本語") == 6);
  CHECK(display_width("ｶﾅ") == 2);        // half-width katakana
  CHECK(display_width("ＡＢ") == 4);      // full-width forms
  CHECK(display_width("e\u0301") == 1);   // e and a combining acute accent
  CHECK(display_width("a\u200Bb") == 2);  // zero-width space
  CHECK(display_width("\xff\xfe") == 2);  // not UTF-8: a column per byte
  CHECK(display_width("\xe6\x97") == 2);  // a cut-off character
}

TEST_CASE("text width: Latin text wraps at spaces, wide text anywhere, newlines stay",
          "[cli][width]") {
  CHECK(wrap_text("", 20) == Lines{""});
  CHECK(wrap_text("short", 20) == Lines{"short"});
  CHECK(wrap_text("the quick brown fox jumps", 10) == Lines{"the quick", "brown fox", "jumps"});
  CHECK(wrap_text("one\ntwo", 20) == Lines{"one", "two"});
  CHECK(wrap_text("あいうえおかきくけこさし", 10) == Lines{"あいうえお", "かきくけこ", "さし"});
  // A word longer than the line is cut where the line is full.
  CHECK(wrap_text("abcdefghijklmnop", 10) == Lines{"abcdefghij", "klmnop"});
  // Widths under 10 are taken as 10, so a narrow terminal still shows words.
  CHECK(wrap_text("abcdefghijkl", 3) == Lines{"abcdefghij", "kl"});
  for (const std::string& line :
       wrap_text("日本語の文 and English words mixed 漢字かな交じり文", 12)) {
    INFO(line);
    CHECK(display_width(line) <= 12);
  }
}

TEST_CASE("text width: truncating keeps whole characters and marks the cut", "[cli][width]") {
  CHECK(truncate_to_width("short", 10) == "short");
  CHECK(truncate_to_width("abcdefghijkl", 5) == "abcd…");
  CHECK(truncate_to_width("日本語です", 5) == "日本…");
  CHECK(display_width(truncate_to_width("日本語です", 6)) <= 6);
}

TEST_CASE("text width: wrapping and cutting never split a grapheme cluster", "[cli][width]") {
  std::string accents;
  for (int i = 0; i < 15; ++i) accents += "e\u0301";
  const Lines lines = wrap_text(accents, 10);
  REQUIRE(lines.size() == 2);
  CHECK(display_width(lines[0]) == 10);
  CHECK(display_width(lines[1]) == 5);
  for (const std::string& line : lines) CHECK(line.rfind("e\u0301", 0) == 0);
  CHECK(truncate_to_width("e\u0301e\u0301e\u0301", 2) == "e\u0301…");
  CHECK(truncate_to_width("🇯🇵🇯🇵🇯🇵", 3) == "🇯🇵…");
  // A half-width kana and its voiced mark take a column each, and stay together.
  CHECK(wrap_text("aｶﾞｷﾞｸﾞｹﾞｺﾞ", 10) == Lines{"aｶﾞｷﾞｸﾞｹﾞ", "ｺﾞ"});
}
