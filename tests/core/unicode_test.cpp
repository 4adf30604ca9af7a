// Unicode text rules (core/unicode.hpp): normalisation, case folding, whitespace, widths and
// grapheme clusters, with Japanese and English text and bytes that are not UTF-8.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/unicode.hpp"

using namespace kioku;
using namespace std::string_literals;
using Clusters = std::vector<std::string_view>;

namespace {

const std::string kReplacement = "\xEF\xBF\xBD";

std::string copies_of(std::string_view text, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

}  // namespace

TEST_CASE("unicode: a byte that is not UTF-8 becomes U+FFFD, one per byte", "[core][unicode]") {
  CHECK(valid_utf8("plain, 日本語") == "plain, 日本語");
  CHECK(valid_utf8("a\0b"s) == "a\0b"s);
  CHECK(valid_utf8("a\xff"
                   "b") == "a" + kReplacement + "b");
  CHECK(valid_utf8("\xe6\x97") == kReplacement + kReplacement);         // a cut-off 日
  CHECK(valid_utf8("\xc0\xaf") == kReplacement + kReplacement);         // an overlong '/'
  CHECK(valid_utf8("\xed\xa0\x80") == copies_of(kReplacement, 3));      // a surrogate
  CHECK(valid_utf8("\xf4\x90\x80\x80") == copies_of(kReplacement, 4));  // past U+10FFFF
  CHECK(valid_utf8("日\xff本") == "日" + kReplacement + "本");
}

TEST_CASE("unicode: NFKC folds full-width, half-width and compatibility forms", "[core][unicode]") {
  CHECK(nfkc("ＡＢＣ１２３") == "ABC123");
  CHECK(nfkc("ｶﾀｶﾅ") == "カタカナ");
  CHECK(nfkc("ｶﾞｯｺｳ") == "ガッコウ");  // a half-width voiced mark joins its kana
  CHECK(nfkc("か\u3099") == "が");     // a combining voiced mark composes
  CHECK(nfkc("e\u0301") == "\u00e9");  // é, composed
  CHECK(nfkc("ﬁ") == "fi");
  CHECK(nfkc("㍿") == "株式会社");
  CHECK(nfkc("\u3000") == " ");  // the ideographic space
  CHECK(nfkc("Case Stays") == "Case Stays");
  CHECK(nfkc("a\0b"s) == "a\0b"s);
  CHECK(nfkc("Ａ\xff") == "A" + kReplacement);
}

TEST_CASE("unicode: case folding is Unicode's full folding", "[core][unicode]") {
  CHECK(case_fold("HeLLo") == "hello");
  CHECK(case_fold("Straße") == "strasse");
  CHECK(case_fold("ÄÖÜ") == "äöü");
  CHECK(case_fold("ΣΟΦΟΣ") == case_fold("σοφος"));  // final sigma folds to σ
  CHECK(case_fold("ＡＢＣ") == "ａｂｃ");           // full-width letters have case too
  CHECK(case_fold("日本語とカタカナ") == "日本語とカタカナ");
  CHECK(case_fold("\xff") == kReplacement);
}

TEST_CASE("unicode: whitespace is the White_Space property", "[core][unicode]") {
  for (const char32_t space :
       {U'\t', U'\n', U'\v', U'\f', U'\r', U' ', U'\u0085', U'\u00a0', U'\u1680', U'\u2000',
        U'\u200a', U'\u2028', U'\u2029', U'\u202f', U'\u205f', U'\u3000'}) {
    INFO(static_cast<unsigned>(space));
    CHECK(is_unicode_whitespace(space));
  }
  for (const char32_t other :
       {U'a', U'\0', U'\u200b', U'\ufeff', U'\u180e', U'あ', U'\u0084', U'\U0010ffff'}) {
    INFO(static_cast<unsigned>(other));
    CHECK_FALSE(is_unicode_whitespace(other));
  }
  CHECK_FALSE(is_unicode_whitespace(static_cast<char32_t>(0x110000)));
}

TEST_CASE("unicode: trimming removes whitespace of every kind at both ends only",
          "[core][unicode]") {
  CHECK(trim_unicode_whitespace("") == "");
  CHECK(trim_unicode_whitespace(" \t\n") == "");
  CHECK(trim_unicode_whitespace("\u3000日本\u3000") == "日本");
  CHECK(trim_unicode_whitespace(" \t\n x  y \u2003\u00a0") == "x  y");
  CHECK(trim_unicode_whitespace("\u200bx\u200b") == "\u200bx\u200b");  // not whitespace
  CHECK(trim_unicode_whitespace(" \xff ") == "\xff");                  // nor is a stray byte
}

TEST_CASE("unicode: the comparison form ignores case, width and spacing but not kana",
          "[core][unicode]") {
  CHECK(normalize_for_comparison("  Ｔｏｋｙｏ　Ｔｏｗｅｒ ") == "tokyo tower");
  CHECK(normalize_for_comparison("a \t\n b\u3000\u3000c") == "a b c");
  CHECK(normalize_for_comparison("STRASSE") == normalize_for_comparison("Straße"));
  CHECK(normalize_for_comparison("A\u0308") == normalize_for_comparison("ä"));
  CHECK(normalize_for_comparison("ｶﾀｶﾅ") == normalize_for_comparison("カタカナ"));
  CHECK(normalize_for_comparison("ﾃﾞｰﾀ") == "データ");
  CHECK(normalize_for_comparison("ひらがな") != normalize_for_comparison("ヒラガナ"));
  // Default ignorables (soft hyphen, zero-width space, variation selector) compare as nothing.
  CHECK(normalize_for_comparison("Donau\u00addampf\u200bschiff") == "donaudampfschiff");
  CHECK(normalize_for_comparison("葛\U000e0100") == "葛");
  CHECK(normalize_for_comparison("x\xff") == "x" + kReplacement);
  CHECK(normalize_for_comparison(" \u3000 ") == "");
}

TEST_CASE("unicode: widths come from Unicode's tables", "[core][unicode]") {
  CHECK(display_width("") == 0);
  CHECK(display_width("kioku") == 5);
  CHECK(display_width("記憶のカード") == 12);
  CHECK(display_width("ｶﾀｶﾅ") == 4);    // half-width katakana
  CHECK(display_width("ＡＢＣ") == 6);  // full-width letters
  CHECK(display_width("한국어") == 6);
  CHECK(display_width("\u3000") == 2);                 // the ideographic space
  CHECK(display_width("😀") == 2);                      // emoji presentation
  CHECK(display_width("e\u0301") == 1);                // a combining accent takes none
  CHECK(display_width("a\u200bb\u200dc\ufe0f") == 3);  // nor do format characters
  CHECK(display_width("a\x1b\tb") == 2);               // nor controls (the CLI escapes them)
  CHECK(display_width("\xff\xe6\x97") == 3);           // a column per byte that is not UTF-8
  CHECK(code_point_width(U'日') == 2);
  CHECK(code_point_width(U'\u0301') == 0);
  CHECK(code_point_width(U'\ufffd') == 1);
  CHECK(code_point_width(static_cast<char32_t>(0x110000)) == 1);
}

TEST_CASE("unicode: grapheme clusters keep marks, emoji sequences and flags whole",
          "[core][unicode]") {
  CHECK(grapheme_clusters("").empty());
  CHECK(grapheme_clusters("abc") == Clusters{"a", "b", "c"});
  CHECK(grapheme_clusters("cafe\u0301!") == Clusters{"c", "a", "f", "e\u0301", "!"});
  CHECK(grapheme_clusters("か\u3099き") == Clusters{"か\u3099", "き"});
  CHECK(grapheme_clusters("ｶﾞｽ") == Clusters{"ｶﾞ", "ｽ"});  // U+FF9E extends its kana
  CHECK(grapheme_clusters("🇯🇵🇫🇷") == Clusters{"🇯🇵", "🇫🇷"});
  CHECK(grapheme_clusters("👨\u200d👩\u200d👧x") == Clusters{"👨\u200d👩\u200d👧", "x"});
  CHECK(grapheme_clusters("a\r\nb") == Clusters{"a", "\r\n", "b"});
  CHECK(grapheme_clusters("한국") == Clusters{"한", "국"});
  CHECK(grapheme_clusters("\u1100\u1161\u11a8") == Clusters{"\u1100\u1161\u11a8"});  // 각 in jamo
  // A byte that is not UTF-8 stands alone, even before a combining mark.
  CHECK(grapheme_clusters("a\xff\u0301") == Clusters{"a", "\xff", "\u0301"});
}

TEST_CASE("unicode: clusters cover every byte of any input, once, in order", "[core][unicode]") {
  std::string every_byte;
  for (int byte = 0; byte < 256; ++byte) every_byte += static_cast<char>(byte);
  const std::string zalgo = "a" + copies_of("\u0301", 10000) + "b";
  for (const std::string& text :
       {every_byte, zalgo, "日本語\xe6\x97 and 🇯🇵\u200d\u0301"s, copies_of("\xf0\x9f", 50)}) {
    const Clusters clusters = grapheme_clusters(text);
    std::string joined;
    for (const std::string_view cluster : clusters) {
      CHECK_FALSE(cluster.empty());
      joined += cluster;
    }
    CHECK(joined == text);
  }
  CHECK(grapheme_clusters(zalgo).size() == 2);
  CHECK(display_width(zalgo) == 2);
}
