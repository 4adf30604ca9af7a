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
  const TypedAnswerComparison result = compare_typed_answer("ひらがな", "ヒラガナ");
  CHECK_FALSE(result.right);
  CHECK(result.given == Segments{extra("ヒラガナ")});
  CHECK(result.expected == Segments{missing("ひらがな")});
  CHECK_FALSE(compare_typed_answer("ねこ", "ネコ").right);
  CHECK_FALSE(compare_typed_answer("ひらがな", "ﾋﾗｶﾞﾅ").right);
}

TEST_CASE("typed answer: the diff shows what was right, missing and extra, as Anki does",
          "[core][typed-answer]") {
  // Anki's own example (rslib/src/typeanswer.rs), here with case folded: "y" matches "Y".
  const TypedAnswerComparison spanish =
      compare_typed_answer("¿Y ahora qué vamos a hacer?", "y ahora qe vamosa hacer");
  CHECK_FALSE(spanish.right);
  CHECK(spanish.given == Segments{missing("¿"), same("y ahora q"), extra("e"), same(" vamos"),
                                  missing(" "), same("a hacer"), missing("?")});
  CHECK(spanish.expected == Segments{missing("¿"), same("Y ahora q"), missing("ué"), same(" vamos"),
                                     missing(" "), same("a hacer"), missing("?")});

  const TypedAnswerComparison tower = compare_typed_answer("東京タワー", "東京タワ");
  CHECK(tower.given == Segments{same("東京タワ"), missing("ー")});
  CHECK(tower.expected == Segments{same("東京タワ"), missing("ー")});

  const TypedAnswerComparison cats = compare_typed_answer("cat", "cats");
  CHECK(cats.given == Segments{same("cat"), extra("s")});
  CHECK(cats.expected == Segments{same("cat")});

  const TypedAnswerComparison kanji = compare_typed_answer("図書館", "図書感");
  CHECK(kanji.given == Segments{same("図書"), extra("感")});
  CHECK(kanji.expected == Segments{same("図書"), missing("館")});

  const TypedAnswerComparison nothing = compare_typed_answer("犬", "");
  CHECK_FALSE(nothing.right);
  CHECK(nothing.given == Segments{missing("犬")});
  CHECK(nothing.expected == Segments{missing("犬")});

  // Typed in excess only: the expected line stays one piece, invisible characters and all.
  const TypedAnswerComparison inserted = compare_typed_answer("ne\u200bko", "nexko");
  CHECK(inserted.given == Segments{same("ne"), extra("x"), same("ko")});
  CHECK(inserted.expected == Segments{same("ne\u200bko")});

  const TypedAnswerComparison space = compare_typed_answer("New York", "newyork");
  CHECK(space.given == Segments{same("new"), missing(" "), same("york")});
  CHECK(space.expected == Segments{same("New"), missing(" "), same("York")});
}

TEST_CASE("typed answer: each side shows its own forms of the same characters",
          "[core][typed-answer]") {
  const TypedAnswerComparison result = compare_typed_answer("ＡＢＣＤ", "abd");
  CHECK(result.given == Segments{same("ab"), missing("Ｃ"), same("d")});
  CHECK(result.expected == Segments{same("ＡＢ"), missing("Ｃ"), same("Ｄ")});
  const TypedAnswerComparison kana = compare_typed_answer("ガス", "ｶｽ");  // no voiced mark
  CHECK(kana.given == Segments{extra("ｶ"), same("ｽ")});
  CHECK(kana.expected == Segments{missing("ガ"), same("ス")});
  const TypedAnswerComparison spaced = compare_typed_answer("a b", "A   B!");
  CHECK(spaced.given == Segments{same("A   B"), extra("!")});
}

TEST_CASE("typed answer: the diff never splits a character from its marks",
          "[core][typed-answer]") {
  const TypedAnswerComparison accent = compare_typed_answer("cafe\u0301", "cafe");
  CHECK_FALSE(accent.right);
  CHECK(accent.given == Segments{same("caf"), extra("e")});
  CHECK(accent.expected == Segments{same("caf"), missing("e\u0301")});
  const TypedAnswerComparison flag = compare_typed_answer("🇯🇵 Japan", "🇫🇷 Japan");
  CHECK(flag.given == Segments{extra("🇫🇷"), same(" Japan")});
  const TypedAnswerComparison voiced = compare_typed_answer("か\u3099き", "かき");
  CHECK(voiced.expected == Segments{missing("か\u3099"), same("き")});
}

TEST_CASE("typed answer: bytes that are not UTF-8 read as U+FFFD and never crash",
          "[core][typed-answer]") {
  const TypedAnswerComparison result = compare_typed_answer("café", "caf\xff");
  CHECK_FALSE(result.right);
  CHECK(result.given == Segments{same("caf"), extra("\xEF\xBF\xBD")});
  CHECK(result.expected == Segments{same("caf"), missing("é")});
  // Every stray byte is the same U+FFFD.
  CHECK(compare_typed_answer("\xfe", "\xff").right);
  const TypedAnswerComparison cut = compare_typed_answer("日本", "日\xe6\x9c");
  CHECK(cut.given == Segments{same("日"), extra("\xEF\xBF\xBD\xEF\xBF\xBD")});
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
