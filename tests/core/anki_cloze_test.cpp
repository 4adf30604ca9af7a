// Anki's cloze rendering as its card renderer does it, against the cases of Anki's own tests
// (rslib/src/cloze.rs, nested deletions as of 2.1.56, "{{c1,2::" as of 26.05) and the places
// kioku decides for itself (docs/anki-templates.md).
#include "core/anki_cloze.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "core/anki_template_filters.hpp"

namespace kioku {
namespace {

using Numbers = std::set<int>;

std::string anki_question(const std::string& text, int number) {
  return render_anki_cloze(text, number, CardSide::kQuestion);
}
std::string anki_answer(const std::string& text, int number) {
  return render_anki_cloze(text, number, CardSide::kAnswer);
}
// What a reader sees, as Anki's tests print it.
std::string shown(const std::string& html) {
  return anki_strip_html(html);
}

TEST_CASE("anki cloze: numbers of a text", "[core][anki_cloze]") {
  CHECK(anki_cloze_numbers("test").empty());
  CHECK(anki_cloze_numbers("{{c2::te}}{{c1::s}}t{{") == Numbers{1, 2});
  CHECK(anki_cloze_numbers("{{c0::te}}s{{c2::t}}s") == Numbers{2});
  CHECK(anki_cloze_numbers("{{c1,2,3::multi}}") == Numbers{1, 2, 3});
  CHECK(anki_cloze_numbers("{{c2::te{{c1::s}}}}t{{") == Numbers{1, 2});
  CHECK(anki_cloze_numbers("öaöaöööaö").empty());
  // Anki reads a number as a 16-bit one: 65535 counts, 65536 makes the mark plain text.
  CHECK(anki_cloze_numbers("{{c65535::x}}") == Numbers{65535});
  CHECK(anki_cloze_numbers("{{c65536::x}}").empty());
  CHECK(anki_cloze_numbers("{{c007::x}}") == Numbers{7});
  CHECK(anki_cloze_numbers("{{c::x}} {{c1:x}} {{c,::x}}").empty());
}

TEST_CASE("anki cloze: the asked deletion and the others", "[core][anki_cloze]") {
  const std::string text = "{{c1::one}} {{c2::two::hint}}";
  CHECK(anki_question(text, 1) ==
        "<span class=\"cloze\" data-ordinal=\"1\">[...]</span> "
        "<span class=\"cloze-inactive\" data-ordinal=\"2\">two</span>");
  CHECK(shown(anki_question(text, 2)) == "one [hint]");
  CHECK(anki_answer(text, 2) ==
        "<span class=\"cloze-inactive\" data-ordinal=\"1\">one</span> "
        "<span class=\"cloze\" data-ordinal=\"2\">two</span>");
  // A number no deletion has: Anki shows the field blank.
  CHECK(anki_question(text, 3).empty());
  CHECK(anki_answer(text, 3).empty());
  CHECK(anki_question(text, 0).empty());
}

TEST_CASE("anki cloze: nested deletions", "[core][anki_cloze]") {
  const std::string text = "foo {{c1::bar {{c2::baz}}::qux}}";
  CHECK(anki_question("foo {{c1::bar {{c2::baz}}}}", 1) ==
        "foo <span class=\"cloze\" data-ordinal=\"1\">[...]</span>");
  CHECK(anki_answer("foo {{c1::bar {{c2::baz}}}}", 1) ==
        "foo <span class=\"cloze\" data-ordinal=\"1\">bar <span class=\"cloze-inactive\" "
        "data-ordinal=\"2\">baz</span></span>");
  CHECK(anki_question(text, 2) ==
        "foo <span class=\"cloze-inactive\" data-ordinal=\"1\">bar <span class=\"cloze\" "
        "data-ordinal=\"2\">[...]</span></span>");
  CHECK(shown(anki_answer(text, 2)) == "foo bar baz");
  CHECK(shown(anki_question(text, 1)) == "foo [qux]");
  CHECK(shown(anki_answer(text, 1)) == "foo bar baz");
}

TEST_CASE("anki cloze: one deletion for several cards", "[core][anki_cloze]") {
  const std::string text = "{{c1,2::shared}} word and {{c1::first}} vs {{c2::second}}";
  CHECK(shown(anki_question(text, 1)) == "[...] word and [...] vs second");
  CHECK(shown(anki_question(text, 2)) == "[...] word and first vs [...]");
  CHECK(shown(anki_answer(text, 1)) == "shared word and first vs second");
  CHECK(anki_question(text, 2).starts_with(
      "<span class=\"cloze\" data-ordinal=\"1,2\">[...]</span>"));
  CHECK(shown(anki_question("{{c1,2::answer::hint}}", 2)) == "[hint]");
}

TEST_CASE("anki cloze: the hint is the rest of its run of text", "[core][anki_cloze]") {
  CHECK(anki_question("Tokyo is in {{c1::Japan::country}}.", 1) ==
        "Tokyo is in <span class=\"cloze\" data-ordinal=\"1\">[country]</span>.");
  CHECK(anki_answer("Tokyo is in {{c1::Japan::country}}.", 1) ==
        "Tokyo is in <span class=\"cloze\" data-ordinal=\"1\">Japan</span>.");
  // A later "::" in the same deletion replaces the hint; text after a nested one still shows.
  CHECK(shown(anki_question("{{c1::a::b}}", 1)) == "[b]");
  CHECK(shown(anki_question("{{c1::a::b {{c2::x}} c::d}}", 1)) == "[d]");
  CHECK(shown(anki_answer("{{c1::a::b {{c2::x}} c::d}}", 1)) == "ax c");
}

TEST_CASE("anki cloze: marks that are plain text", "[core][anki_cloze]") {
  // A "}}" with no deletion open is text, as in Anki.
  CHECK(anki_answer("a}} {{c1::b}}", 1) == "a}} <span class=\"cloze\" data-ordinal=\"1\">b</span>");
  // Never closed: Anki drops it with its content; kioku keeps it as text, and it makes no card.
  CHECK(anki_answer("a {{c1::b}} c {{c2::d", 1) ==
        "a <span class=\"cloze\" data-ordinal=\"1\">b</span> c {{c2::d");
  CHECK(anki_cloze_numbers("a {{c1::b}} c {{c2::d") == Numbers{1});
  CHECK(anki_cloze_numbers("{{c1::a {{c2::b}}").empty());
  CHECK(anki_answer("{{c1::a {{c2::b}}", 2).empty());
}

TEST_CASE("anki cloze: an opening mark past the tenth level is dropped", "[core][anki_cloze]") {
  std::string text;
  for (int level = 0; level < 11; ++level) text += "{{c1::";
  text += "x";
  for (int level = 0; level < 11; ++level) text += "}}";
  const std::string html = anki_answer(text, 1);
  std::size_t spans = 0;
  for (std::size_t at = html.find("<span"); at != std::string::npos;
       at = html.find("<span", at + 1)) {
    ++spans;
  }
  CHECK(spans == 10);
  // The eleventh "}}" closes nothing: plain text after the outermost deletion.
  CHECK(html.ends_with("</span>}}"));
  CHECK(shown(html) == "x}}");
}

TEST_CASE("anki cloze: cloze-only and the typed answer", "[core][anki_cloze]") {
  CHECK(render_anki_cloze_only("foo", 1, CardSide::kQuestion).empty());
  CHECK(render_anki_cloze_only("foo {{c1::bar}}", 1, CardSide::kQuestion) == "...");
  CHECK(render_anki_cloze_only("foo {{c1::bar::baz}}", 1, CardSide::kQuestion) == "baz");
  CHECK(render_anki_cloze_only("foo {{c1::bar}}", 1, CardSide::kAnswer) == "bar");
  CHECK(render_anki_cloze_only("foo {{c1::bar}}", 2, CardSide::kAnswer).empty());
  CHECK(render_anki_cloze_only("{{c1::foo}} {{c1::bar}}", 1, CardSide::kAnswer) == "foo, bar");
  CHECK(anki_cloze_answer_for_typing("{{c2::foo}}", 1).empty());
  CHECK(anki_cloze_answer_for_typing("{{c1::foo}} {{c1::bar}} {{c1::foo}}", 1) == "foo, bar, foo");
  CHECK(anki_cloze_answer_for_typing("{{c1::foo}} {{c1::foo}} {{c1::foo}}", 1) == "foo");
}

TEST_CASE("anki cloze: a deletion over several lines from AnkiDroid's test deck",
          "[core][anki_cloze]") {
  // A field of the note type "NestedClozeTest" in AnkiDroid's tools/test-decks/templates.apkg
  // (/work/shared/fixtures/anki/ankidroid_templates.apkg, GPL-3.0-or-later; one field's text
  // as test data).
  const std::string field =
      "{{c1::<div>I am a cloze deletion<div>that contains</div><div>many lines}}</div></div>";
  CHECK(anki_question(field, 1) ==
        "<span class=\"cloze\" data-ordinal=\"1\">[...]</span></div></div>");
  CHECK(anki_answer(field, 1) ==
        "<span class=\"cloze\" data-ordinal=\"1\"><div>I am a cloze deletion<div>that "
        "contains</div><div>many lines</span></div></div>");
}

TEST_CASE("anki cloze: a long hostile text reads in linear time", "[core][anki_cloze]") {
  // Quadratic work over these would take minutes; linear takes milliseconds.
  std::string opens;
  for (int index = 0; index < 100000; ++index) opens += "{{c1::";
  CHECK(anki_cloze_numbers(opens).empty());
  std::string digits = "{{c";
  digits.append(500000, '1');
  CHECK(anki_cloze_numbers(digits + "::x}}").empty());
  std::string colons;
  for (int index = 0; index < 100000; ++index) colons += "{{c1::a::b}}";
  CHECK(anki_question(colons, 1).size() > colons.size());
}

}  // namespace
}  // namespace kioku
