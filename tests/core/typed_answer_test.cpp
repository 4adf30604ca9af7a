// Typed answers against the expected one (core/typed_answer.hpp): what counts as right, and
// the diff shown for a wrong one, with Japanese and English answers.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/typed_answer.hpp"
#include "core/unicode.hpp"

using namespace kioku;
using namespace std::string_literals;
using Segments = std::vector<DiffSegment>;

namespace {

DiffSegment same(std::string text) {
  return {DiffKind::kSame, std::move(text)};
}
DiffSegment missing(std::string text) {
  return {DiffKind::kMissing, std::move(text)};
}
DiffSegment extra(std::string text) {
  return {DiffKind::kExtra, std::move(text)};
}

std::string repeat(std::string_view text, std::size_t times) {
  std::string out;
  for (std::size_t i = 0; i < times; ++i) out += text;
  return out;
}

// The text of the segments of the given kinds, joined.
std::string joined(const Segments& segments, std::initializer_list<DiffKind> kinds) {
  std::string text;
  for (const DiffSegment& segment : segments) {
    for (const DiffKind kind : kinds) {
      if (segment.kind == kind) text += segment.text;
    }
  }
  return text;
}

// A wrong answer's two lines.
void check_diff(std::string_view expected, std::string_view given, const Segments& given_line,
                const Segments& expected_line) {
  INFO("expected \"" << expected << "\", given \"" << given << "\"");
  const TypedAnswerComparison result = compare_typed_answer(expected, given);
  CHECK_FALSE(result.right);
  CHECK(result.given == given_line);
  CHECK(result.expected == expected_line);
}

}  // namespace

namespace Catch {
template <>
struct StringMaker<DiffSegment> {
  static std::string convert(const DiffSegment& segment) {
    return std::string(to_string(segment.kind)) + " \"" + segment.text + "\"";
  }
};
}  // namespace Catch

TEST_CASE("typed answer: case, width and spacing do not make an answer wrong",
          "[core][typed-answer]") {
  struct Row {
    const char* expected;
    const char* given;
  };
  for (const Row row :
       {Row{"Tokyo", "  tokyo "}, Row{"ＡＢＣ", "abc"}, Row{"ABC", "ａｂｃ"},
        Row{"カタカナ", "ｶﾀｶﾅ"}, Row{"ガッコウ", "ｶﾞｯｺｳ"}, Row{"Straße", "STRASSE"},
        Row{"Ä", "a\u0308"}, Row{"Ärger", "ärger"}, Row{"東京　タワー", "東京 タワー"},
        Row{"New York", "new \t york"}, Row{"Donau\u00addampf", "donaudampf"}, Row{"", " "}}) {
    INFO(row.expected << " / " << row.given);
    CHECK(compare_typed_answer(row.expected, row.given).right);
  }
}

TEST_CASE("typed answer: a right answer is one segment a side, in its own characters",
          "[core][typed-answer]") {
  const TypedAnswerComparison result = compare_typed_answer(" Ｔｏｋｙｏ ", "tokyo\n");
  CHECK(result.right);
  CHECK(result.given == Segments{same("tokyo")});
  CHECK(result.expected == Segments{same("Ｔｏｋｙｏ")});
  const TypedAnswerComparison empty = compare_typed_answer("", "");
  CHECK(empty.right);
  CHECK(empty.given.empty());
  CHECK(empty.expected.empty());
}

TEST_CASE("typed answer: hiragana and katakana are different answers", "[core][typed-answer]") {
  check_diff("ひらがな", "ヒラガナ", {extra("ヒラガナ")}, {missing("ひらがな")});
  check_diff("ねこ", "ネコ", {extra("ネコ")}, {missing("ねこ")});
  check_diff("ひらがな", "ﾋﾗｶﾞﾅ", {extra("ﾋﾗｶﾞﾅ")}, {missing("ひらがな")});
}

TEST_CASE("typed answer: the diff shows what was right, missing and extra, as Anki does",
          "[core][typed-answer]") {
  // Anki's own example (rslib/src/typeanswer.rs), here with case folded: "y" matches "Y".
  check_diff("¿Y ahora qué vamos a hacer?", "y ahora qe vamosa hacer",
             {missing("¿"), same("y ahora q"), extra("e"), same(" vamos"), missing(" "),
              same("a hacer"), missing("?")},
             {missing("¿"), same("Y ahora q"), missing("ué"), same(" vamos"), missing(" "),
              same("a hacer"), missing("?")});
  check_diff("東京タワー", "東京タワ", {same("東京タワ"), missing("ー")},
             {same("東京タワ"), missing("ー")});
  check_diff("cat", "cats", {same("cat"), extra("s")}, {same("cat")});
  check_diff("図書館", "図書感", {same("図書"), extra("感")}, {same("図書"), missing("館")});
  check_diff("犬", "", {missing("犬")}, {missing("犬")});
  check_diff("New York", "newyork", {same("new"), missing(" "), same("york")},
             {same("New"), missing(" "), same("York")});
  // Typed in excess only: the expected line stays one piece, invisible characters and all.
  check_diff("ne\u200bko", "nexko", {same("ne"), extra("x"), same("ko")}, {same("ne\u200bko")});
}

TEST_CASE("typed answer: each side shows its own forms of the same characters",
          "[core][typed-answer]") {
  check_diff("ＡＢＣＤ", "abd", {same("ab"), missing("Ｃ"), same("d")},
             {same("ＡＢ"), missing("Ｃ"), same("Ｄ")});
  check_diff("ガス", "ｶｽ", {extra("ｶ"), same("ｽ")}, {missing("ガ"), same("ス")});  // no voiced mark
  check_diff("a b", "A   B!", {same("A   B"), extra("!")}, {same("a b")});
  // "ß" compares whole: as "ss" against one typed "s".
  check_diff("Straße", "STRASE", {same("STRA"), extra("S"), same("E")},
             {same("Stra"), missing("ß"), same("e")});
}

TEST_CASE("typed answer: the diff never splits a character from its marks",
          "[core][typed-answer]") {
  check_diff("cafe\u0301", "cafe", {same("caf"), extra("e")}, {same("caf"), missing("e\u0301")});
  check_diff("🇯🇵 Japan", "🇫🇷 Japan", {extra("🇫🇷"), same(" Japan")},
             {missing("🇯🇵"), same(" Japan")});
  check_diff("か\u3099き", "かき", {extra("か"), same("き")}, {missing("か\u3099"), same("き")});
  // A space before a combining mark is trimmed off it, as a right answer's would be.
  check_diff(" \u0301x", "x", {missing("\u0301"), same("x")}, {missing("\u0301"), same("x")});
}

TEST_CASE("typed answer: bytes that are not UTF-8 read as U+FFFD and never crash",
          "[core][typed-answer]") {
  const std::string replacement = "\xEF\xBF\xBD";
  check_diff("café", "caf\xff", {same("caf"), extra(replacement)}, {same("caf"), missing("é")});
  check_diff("日本", "日\xe6\x9c", {same("日"), extra(replacement + replacement)},
             {same("日"), missing("本")});
  // Every stray byte is the same U+FFFD.
  CHECK(compare_typed_answer("\xfe", "\xff").right);
}

TEST_CASE("typed answer: the segments of a side put its trimmed answer back together",
          "[core][typed-answer]") {
  struct Row {
    std::string expected;
    std::string given;
  };
  for (const Row& row :
       {Row{"the quick brown fox", " a quick browne fax  "},
        Row{"日本語の勉強", "にほんごの勉強する"}, Row{"x", "yyyy"},
        Row{"ＡＢＣ　ＤＥＦ", "abc def ghi"}, Row{"Straße", "Strase"}, Row{"a\r\nb", "a\nc"}}) {
    INFO(row.expected << " / " << row.given);
    const TypedAnswerComparison result = compare_typed_answer(row.expected, row.given);
    CHECK_FALSE(result.right);
    CHECK(joined(result.given, {DiffKind::kSame, DiffKind::kExtra}) ==
          trim_unicode_whitespace(row.given));
    CHECK(joined(result.expected, {DiffKind::kSame, DiffKind::kMissing}) ==
          trim_unicode_whitespace(row.expected));
    // What was right is the same on both lines, up to case and width.
    CHECK(normalize_for_comparison(joined(result.given, {DiffKind::kSame})) ==
          normalize_for_comparison(joined(result.expected, {DiffKind::kSame})));
    for (const DiffSegment& segment : result.expected) CHECK(segment.kind != DiffKind::kExtra);
  }
}

TEST_CASE("typed answer: past the bounds the differing middle is shown whole",
          "[core][typed-answer]") {
  SECTION("500 clusters a side still get the exact diff") {
    const std::string expected = "<" + repeat("ab", 249) + ">";
    const std::string given = "[" + repeat("ab", 249) + "]";
    const TypedAnswerComparison result = compare_typed_answer(expected, given);
    CHECK(result.given == Segments{extra("["), same(repeat("ab", 249)), extra("]")});
  }
  SECTION("more cluster pairs than kMaxDiffCells: one missing and one extra segment") {
    const std::string expected = "<" + repeat("ab", 300) + ">";
    const std::string given = "[" + repeat("ab", 300) + "]";
    const TypedAnswerComparison result = compare_typed_answer(expected, given);
    CHECK_FALSE(result.right);
    CHECK(result.given == Segments{extra(given)});
    CHECK(result.expected == Segments{missing(expected)});
  }
  SECTION("the common beginning and end are found however long the answers are") {
    const std::string common = repeat("記憶", kMaxDiffBytes);
    const TypedAnswerComparison result =
        compare_typed_answer(common + "abc" + common, common + "xbz" + common);
    CHECK(result.given == Segments{same(common), extra("xbz"), same(common)});
    CHECK(result.expected == Segments{same(common), missing("abc"), same(common)});
  }
  SECTION("megabytes of unlike text end, with every byte in a segment") {
    const std::string expected = repeat("abcdefgh ", 200'000);
    const std::string given = repeat("hgfedcba ", 200'000);
    const TypedAnswerComparison result = compare_typed_answer(expected, given);
    CHECK_FALSE(result.right);
    CHECK(joined(result.given, {DiffKind::kSame, DiffKind::kExtra}) ==
          trim_unicode_whitespace(given));
  }
}

TEST_CASE("typed answer: diff kinds have the protocol's names", "[core][typed-answer]") {
  CHECK(to_string(DiffKind::kSame) == "same");
  CHECK(to_string(DiffKind::kMissing) == "missing");
  CHECK(to_string(DiffKind::kExtra) == "extra");
}
