// The cloze parser and the two sides of a cloze card, against the cases of Anki's own tests
// (rslib/src/cloze.rs) and the errors kioku gives deck authors.
#include "core/cloze.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "core/cloze_side.hpp"

namespace kioku {
namespace {

using Numbers = std::set<ClozeNumber>;

Numbers numbers_of(const std::string& text) {
  return cloze_numbers(parse_cloze_text(text));
}

// A side as Anki's tests print it after stripping HTML: a blank is "[hint]" ("[...]" without
// one), a revealed deletion its text.
std::string side_text(const std::string& text, ClozeNumber active, CardSide side) {
  std::string shown;
  for (const ClozeRun& run : cloze_side(parse_cloze_text(text), active, side)) {
    if (run.kind == ClozeRun::Kind::kBlank) {
      shown += "[" + run.hint.value_or("...") + "]";
    } else {
      shown += run.text;
    }
  }
  return shown;
}

std::string question(const std::string& text, ClozeNumber active) {
  return side_text(text, active, CardSide::kQuestion);
}
std::string answer(const std::string& text, ClozeNumber active) {
  return side_text(text, active, CardSide::kAnswer);
}

ClozeError cloze_error_of(const std::string& text) {
  try {
    parse_cloze_text(text);
  } catch (const ClozeError& error) {
    return error;
  }
  FAIL("no ClozeError for: " << text);
  throw;  // not reached
}

TEST_CASE("cloze: a deletion with and without a hint", "[core][cloze]") {
  const ClozeText text = parse_cloze_text("Tokyo is in {{c1::Japan::country}}.");
  REQUIRE(text.segments.size() == 3);
  CHECK(text.segments[0].text == "Tokyo is in ");
  const ClozeSegment& deletion = text.segments[1];
  REQUIRE(deletion.is_cloze());
  CHECK(deletion.numbers == std::vector<ClozeNumber>{1});
  CHECK(deletion.hint == std::optional<std::string>("country"));
  CHECK(deletion.offset == 12);
  REQUIRE(deletion.content.size() == 1);
  CHECK(deletion.content[0].text == "Japan");
  CHECK(text.segments[2].text == ".");

  CHECK(question("Tokyo is in {{c1::Japan::country}}.", 1) == "Tokyo is in [country].");
  CHECK(answer("Tokyo is in {{c1::Japan::country}}.", 1) == "Tokyo is in Japan.");
  CHECK(question("Tokyo is in {{c1::Japan}}.", 1) == "Tokyo is in [...].");
  CHECK_FALSE(parse_cloze_text("{{c1::Japan}}").segments[0].hint.has_value());
  // An empty hint is a hint: Anki shows "[]".
  CHECK(parse_cloze_text("{{c1::Japan::}}").segments[0].hint == std::optional<std::string>(""));
}

TEST_CASE("cloze: the numbers a text makes cards for", "[core][cloze]") {
  CHECK(numbers_of("test").empty());
  CHECK(numbers_of("öaöaöööaö").empty());
  CHECK(numbers_of("{{c2::te}}{{c1::s}}t{{") == Numbers{1, 2});
  CHECK(numbers_of("{{c0::te}}s{{c2::t}}s") == Numbers{2});
  CHECK(numbers_of("{{c2::te{{c1::s}}}}t{{") == Numbers{1, 2});
  // Several numbers on one deletion (Anki 26.05+): repeated and empty parts are dropped.
  CHECK(numbers_of("{{c1,2,3::multi}}") == Numbers{1, 2, 3});
  CHECK(numbers_of("{{c1,1,2::test}}") == Numbers{1, 2});
  CHECK(numbers_of("{{c0,1,2::test}}") == Numbers{1, 2});
  CHECK(numbers_of("{{c1,,3::test}}") == Numbers{1, 3});
  CHECK(parse_cloze_text("{{c3,1,3::x}}").segments[0].numbers == std::vector<ClozeNumber>{1, 3});
  CHECK(numbers_of("{{c0001::leading zeros}}") == Numbers{1});
  CHECK(numbers_of("{{c500::the highest}}") == Numbers{500});
}

TEST_CASE("cloze: one number used on several deletions makes one card asking them all",
          "[core][cloze]") {
  const std::string text = "{{c1::foo}} and {{c1::bar}}, not {{c2::baz}}";
  CHECK(numbers_of(text) == Numbers{1, 2});
  CHECK(question(text, 1) == "[...] and [...], not baz");
  CHECK(answer(text, 1) == "foo and bar, not baz");
  CHECK(question(text, 2) == "foo and bar, not [...]");
}

TEST_CASE("cloze: one deletion with several numbers is asked on each of their cards",
          "[core][cloze]") {
  const std::string text = "{{c1,2::shared}} word and {{c1::first}} vs {{c2::second}}";
  CHECK(question(text, 1) == "[...] word and [...] vs second");
  CHECK(question(text, 2) == "[...] word and first vs [...]");
  CHECK(answer(text, 1) == "shared word and first vs second");
  CHECK(answer(text, 2) == "shared word and first vs second");
  CHECK(question("{{c1,2::answer::hint}}", 2) == "[hint]");
}

TEST_CASE("cloze: nested deletions are hidden, shown or asked as Anki 2.1.56+ does",
          "[core][cloze]") {
  const std::string plain = "foo {{c1::bar {{c2::baz}}}}";
  CHECK(question(plain, 1) == "foo [...]");
  CHECK(answer(plain, 1) == "foo bar baz");
  CHECK(question(plain, 2) == "foo bar [...]");
  CHECK(answer(plain, 2) == "foo bar baz");

  // The outer hint comes after the inner deletion.
  const std::string hinted = "foo {{c1::bar {{c2::baz}}::qux}}";
  CHECK(question(hinted, 2) == "foo bar [...]");
  CHECK(answer(hinted, 2) == "foo bar baz");
  CHECK(question(hinted, 1) == "foo [qux]");
  CHECK(answer(hinted, 1) == "foo bar baz");

  const std::string multi = "{{c1,2::outer {{c3::inner}}}}";
  CHECK(numbers_of(multi) == Numbers{1, 2, 3});
  CHECK(question(multi, 1) == "[...]");
  CHECK(question(multi, 2) == "[...]");
  CHECK(question(multi, 3) == "outer [...]");

  // The same number inside itself: one card, the outer deletion blank.
  const std::string same = "{{c1::outer {{c1::inner}}}}";
  CHECK(numbers_of(same) == Numbers{1});
  CHECK(question(same, 1) == "[...]");
  CHECK(answer(same, 1) == "outer inner");
}

TEST_CASE("cloze: a hint is the rest of its run of text, a later one replaces it",
          "[core][cloze]") {
  const ClozeText text = parse_cloze_text(
      R"(The {{c1::moon::🌛}} {{c2::orbits::this hint has "::" in it}} the {{c3::🌏}}.)");
  CHECK(cloze_plain_text(text) == "The moon orbits the 🌏.");
  CHECK(text.segments[3].hint == std::optional<std::string>(R"(this hint has "::" in it)"));

  const ClozeText replaced = parse_cloze_text("{{c1::a::first{{c2::x}}b::second}}");
  const ClozeSegment& outer = replaced.segments.at(0);
  CHECK(outer.hint == std::optional<std::string>("second"));
  REQUIRE(outer.content.size() == 3);
  CHECK(outer.content[0].text == "a");
  CHECK(outer.content[1].is_cloze());
  CHECK(outer.content[2].text == "b");
  CHECK(question("{{c1::a::first{{c2::x}}b::second}}", 2) == "a[...]b");
}

TEST_CASE("cloze: {{c0:: shows as plain text and makes no card", "[core][cloze]") {
  const std::string text = "{{c0::zero}} and {{c1::one}}";
  CHECK(numbers_of(text) == Numbers{1});
  CHECK(question(text, 1) == "zero and [...]");
  CHECK(question(text, 0) == "zero and one");
  CHECK_FALSE(parse_cloze_text(text).segments[0].is_active_for(0));
  CHECK(numbers_of("{{c0::}}").empty());
}

TEST_CASE("cloze: an empty deletion and an empty text", "[core][cloze]") {
  const ClozeText empty_deletion = parse_cloze_text("a{{c1::}}b");
  CHECK(numbers_of("a{{c1::}}b") == Numbers{1});
  REQUIRE(empty_deletion.segments.size() == 3);
  CHECK(empty_deletion.segments[1].content.empty());
  CHECK(question("a{{c1::}}b", 1) == "a[...]b");
  CHECK(answer("a{{c1::}}b", 1) == "ab");
  CHECK(parse_cloze_text("").segments.empty());
}

TEST_CASE("cloze: marks that are not clozes are plain text", "[core][cloze]") {
  for (const std::string text : {"a :: b }} c", "{{c::x}}", "{{c1:x}}", "{{c,::x}}", "{{C1::x}}",
                                 "{c1::x}", "}}}}::", "{{ c1::x}}", "{{c1 ::x}}", "{{c-1::x}}"}) {
    INFO(text);
    const ClozeText read = parse_cloze_text(text);
    REQUIRE(read.segments.size() == 1);
    CHECK(read.segments[0].text == text);
    CHECK(cloze_numbers(read).empty());
  }
  // Braces around a deletion stay around it.
  CHECK(answer("{{{c1::x}}}", 1) == "{x}");
  CHECK(question("{{{c1::x}}}", 1) == "{[...]}");
  // "}}" after the deletion is closed is text again.
  CHECK(cloze_plain_text(parse_cloze_text("{{c1::a}}b}}")) == "ab}}");
  // "::" before any deletion is not a hint.
  CHECK(question("x::y {{c1::z}}", 1) == "x::y [...]");
}

TEST_CASE("cloze: an unclosed deletion is an error at its opening mark", "[core][cloze]") {
  const ClozeError simple = cloze_error_of("abc {{c1::x");
  CHECK(simple.place().offset == 4);
  CHECK(simple.place().line == 1);
  CHECK(simple.place().column == 5);
  CHECK(std::string(simple.what()) == "column 5: {{c1:: is never closed (a deletion ends with }})");
  CHECK(simple.problem() == "{{c1:: is never closed (a deletion ends with }})");

  // Columns count characters, not bytes; lines count from the last line break.
  const ClozeError japanese = cloze_error_of("日本 {{c2::語");
  CHECK(japanese.place().offset == 7);
  CHECK(japanese.place().column == 4);
  const ClozeError second_line = cloze_error_of("first {{c1::a}}\nsecond {{c3::b");
  CHECK(second_line.place().line == 2);
  CHECK(second_line.place().column == 8);
  CHECK(std::string(second_line.what()).starts_with("line 2, column 8: {{c3::"));
  // A byte that is not UTF-8 counts as one column.
  CHECK(cloze_error_of("\xff{{c1::x").place().column == 2);

  // Of several open ones, the earliest is named: the inner one took the only "}}".
  const ClozeError nested = cloze_error_of("{{c1::a {{c2::b}}");
  CHECK(nested.place().offset == 0);
  CHECK(nested.problem().starts_with("{{c1::"));
  CHECK(cloze_error_of("x {{c1,2::a").problem().starts_with("{{c1,2::"));
  // A long opening mark is quoted shortened.
  std::string long_mark = "{{c";
  for (int index = 0; index < 1'000; ++index) long_mark += "1,";
  CHECK(cloze_error_of(long_mark + "::x").problem().size() < 100);
}

TEST_CASE("cloze: numbers above 500 are refused, however long", "[core][cloze]") {
  const ClozeError huge = cloze_error_of("see {{c99999999999::x}}");
  CHECK(huge.place().column == 8);  // at the number
  CHECK(huge.problem() == "cloze number 99999999999 is above the highest, 500");
  CHECK(cloze_error_of("{{c501::x}}").problem() == "cloze number 501 is above the highest, 500");
  CHECK(cloze_error_of("{{c1,501::x}}").place().column == 6);
  // A number longer than any integer: quoted shortened, no overflow.
  const ClozeError endless = cloze_error_of("{{c" + std::string(10'000, '9') + "::x}}");
  CHECK(endless.problem().size() < 100);
  // Without "::" it is no opening mark, so no number to check.
  CHECK(numbers_of("{{c99999999999 is text}}").empty());
}

TEST_CASE("cloze: nesting deeper than 10 is refused at the mark past it", "[core][cloze]") {
  std::string ten;
  for (int level = 0; level < kMaxClozeDepth; ++level) ten += "{{c1::";
  ten += "x" + std::string(2 * kMaxClozeDepth, '}');
  CHECK(numbers_of(ten) == Numbers{1});
  CHECK(answer(ten, 1) == "x");

  std::string eleven;
  for (int level = 0; level <= kMaxClozeDepth; ++level) eleven += "{{c1::";
  eleven += "x" + std::string(2 * (kMaxClozeDepth + 1), '}');
  const ClozeError deep = cloze_error_of(eleven);
  CHECK(deep.place().offset == 6 * static_cast<std::size_t>(kMaxClozeDepth));
  CHECK(deep.problem() == "deletions nested more than 10 deep");

  // Depth is what is open at once, not how many deletions there are.
  std::string many;
  for (int index = 0; index < 50; ++index) many += "{{c1::a{{c2::b}}}}";
  CHECK(numbers_of(many) == Numbers{1, 2});
}

TEST_CASE("cloze: long texts read in linear time", "[core][cloze]") {
  // Each would take minutes if every position rescanned what follows it.
  std::string almost;
  for (int index = 0; index < 300'000; ++index) almost += "{{c";
  CHECK(parse_cloze_text(almost).segments.size() == 1);
  std::string digits_without_colons = "{{c" + std::string(1'000'000, '1');
  CHECK(cloze_plain_text(parse_cloze_text(digits_without_colons)) == digits_without_colons);

  std::string deletions;
  for (int index = 1; index <= 100'000; ++index) {
    deletions += "{{c" + std::to_string(index % 500 + 1) + "::w}} ";
  }
  const ClozeText read = parse_cloze_text(deletions);
  CHECK(read.segments.size() == 200'000);
  CHECK(cloze_numbers(read).size() == 500);
  int blanks = 0;
  for (const ClozeRun& run : cloze_side(read, 7, CardSide::kQuestion)) {
    if (run.kind == ClozeRun::Kind::kBlank) ++blanks;
  }
  CHECK(blanks == 200);
}

TEST_CASE("cloze: a side without its number shows everything as text", "[core][cloze]") {
  const std::vector<ClozeRun> runs =
      cloze_side(parse_cloze_text("a {{c1::b}} c {{c2::d {{c3::e}}}}"), 4, CardSide::kQuestion);
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].kind == ClozeRun::Kind::kText);
  CHECK(runs[0].text == "a b c d e");
}

}  // namespace
}  // namespace kioku
