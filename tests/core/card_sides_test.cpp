// Each card's question and answer sides as rich text (core/card_sides.hpp): every kind, the
// language chosen, and cloze deletions inside the markup around them.
#include "core/card_sides.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/card_generation.hpp"
#include "tests/core/note_of.hpp"
#include "tests/core/rich_text_of.hpp"

namespace kioku {
namespace {

using Blocks = std::vector<Block>;

const GeneratedCard& card_with_key(const std::vector<GeneratedCard>& cards,
                                   const std::string& key) {
  for (const GeneratedCard& card : cards) {
    if (card.key == key) return card;
  }
  FAIL("no card " << key);
  return cards.front();
}

CardSides sides_of(const Note& note, const std::string& key, const std::string& language = "en") {
  const std::vector<GeneratedCard> cards = generate_cards(note);
  return render_card_sides(note, card_with_key(cards, key), language);
}

Note cloze(const std::string& text, const std::string& extra = "") {
  std::vector<NoteField> fields{{"text", {{"en", text}}}};
  if (!extra.empty()) fields.push_back({"extra", {{"en", extra}}});
  return note_of(NoteKind::kCloze, fields);
}

TEST_CASE("card sides: basic shows the front's markup, then the back's", "[core][card-sides]") {
  const Note note = note_of(NoteKind::kBasic, {{"front", {{"en", "What is *this*?"}}},
                                               {"back", {{"en", "- a list\n- of two"}}}});
  const CardSides sides = sides_of(note, "card");
  CHECK(sides.language == "en");
  CHECK(sides.question.blocks ==
        Blocks{paragraph({text_span("What is "), emphasis_span("this"), text_span("?")})});
  CHECK(sides.answer.blocks ==
        Blocks{bullet(0, {text_span("a list")}), bullet(0, {text_span("of two")})});
}

TEST_CASE("card sides: a note's source ends the answer side of each of its cards, in its language",
          "[core][card-sides]") {
  const NoteField source{"source", {{"en", "Chen 2016, sec. 4.3"}, {"ja", "Chen ら 4.3 節"}}};
  const Note basic = note_of(
      NoteKind::kBasic,
      {{"front", {{"en", "F"}, {"ja", "表"}}}, {"back", {{"en", "B"}, {"ja", "裏"}}}, source});
  CHECK(sides_of(basic, "card").answer.blocks ==
        Blocks{paragraph({text_span("B")}), paragraph({text_span("Source: Chen 2016, sec. 4.3")})});
  CHECK(sides_of(basic, "card", "ja").answer.blocks ==
        Blocks{paragraph({text_span("裏")}), paragraph({text_span("出典: Chen ら 4.3 節")})});
  // Not on the question side, and a reversed card ends with it too.
  CHECK(sides_of(basic, "card").question.blocks == Blocks{paragraph({text_span("F")})});
  const Note reverse =
      note_of(NoteKind::kReverse,
              {{"front", {{"en", "F"}}}, {"back", {{"en", "B"}}}, {"source", {{"en", "S"}}}});
  CHECK(sides_of(reverse, "backward").answer.blocks ==
        Blocks{paragraph({text_span("F")}), paragraph({text_span("Source: S")})});
  const Note with_cloze =
      note_of(NoteKind::kCloze, {{"text", {{"en", "{{c1::x}}"}}}, {"source", {{"en", "S"}}}});
  CHECK(sides_of(with_cloze, "c1").answer.blocks.back() == paragraph({text_span("Source: S")}));
  Note choice = note_of(
      NoteKind::kChoice,
      {{"question", {{"en", "Q"}}}, {"explanation", {{"en", "E"}}}, {"source", {{"en", "S"}}}});
  choice.choices = {{"en", {"a", "b"}}};
  choice.answer = 1;
  CHECK(sides_of(choice, "card").answer.blocks ==
        Blocks{paragraph({text_span("E")}), paragraph({text_span("Source: S")})});
  // Without a source the answer side is what it was.
  const Note bare = note_of(NoteKind::kBasic, {{"front", {{"en", "F"}}}, {"back", {{"en", "B"}}}});
  CHECK(sides_of(bare, "card").answer.blocks == Blocks{paragraph({text_span("B")})});
  CHECK(source_line(bare, "en").empty());
}

TEST_CASE("card sides: the asked language when the card asks in it, else its first",
          "[core][card-sides]") {
  const Note note = note_of(NoteKind::kBasic,
                            {{"front", {{"en", "dog"}, {"ja", "犬"}}}, {"back", {{"en", "inu"}}}});
  const CardSides japanese = sides_of(note, "card", "ja");
  CHECK(japanese.language == "ja");
  CHECK(rich_text_plain(japanese.question) == "犬");
  // The back has no Japanese: its English shows rather than nothing.
  CHECK(rich_text_plain(japanese.answer) == "inu");
  const CardSides french = sides_of(note, "card", "fr");
  CHECK(french.language == "en");
  CHECK(rich_text_plain(french.question) == "dog");
}

TEST_CASE("card sides: a reversed card asks the back", "[core][card-sides]") {
  const Note note =
      note_of(NoteKind::kReverse, {{"front", {{"en", "dog"}}}, {"back", {{"ja", "犬"}}}});
  const CardSides backward = sides_of(note, "backward", "en");
  CHECK(backward.language == "ja");
  CHECK(rich_text_plain(backward.question) == "犬");
  CHECK(rich_text_plain(backward.answer) == "dog");
  CHECK(rich_text_plain(sides_of(note, "forward").question) == "dog");
}

TEST_CASE("card sides: the optional reverse's second card asks the back", "[core][card-sides]") {
  const Note note = note_of(NoteKind::kBasicOptionalReverse, {{"front", {{"en", "`ls`"}}},
                                                              {"back", {{"en", "lists files"}}},
                                                              {"add_reverse", {{"en", "y"}}}});
  const CardSides sides = sides_of(note, "backward");
  CHECK(sides.question.blocks == Blocks{paragraph({text_span("lists files")})});
  CHECK(sides.answer.blocks == Blocks{paragraph({code_span("ls")})});
}

TEST_CASE("card sides: typed and choice cards", "[core][card-sides]") {
  const Note typed = note_of(NoteKind::kTyped, {{"front", {{"en", "Capital of Japan?"}}},
                                                {"back", {{"en", "**Tokyo**"}}}});
  CHECK(sides_of(typed, "card").answer.blocks == Blocks{paragraph({strong_span("Tokyo")})});
  Note choice = note_of(NoteKind::kChoice, {{"question", {{"en", "Pick `x`"}}},
                                            {"explanation", {{"en", "Because."}}}});
  choice.choices = {{"en", {"x", "y"}}};
  choice.answer = 1;
  const CardSides sides = sides_of(choice, "card");
  CHECK(sides.question.blocks == Blocks{paragraph({text_span("Pick "), code_span("x")})});
  // The choices travel on their own; the answer side is the explanation.
  CHECK(sides.answer.blocks == Blocks{paragraph({text_span("Because.")})});
}

TEST_CASE("card sides: a cloze is blank with its hint, then revealed above the extra",
          "[core][card-sides]") {
  const Note note =
      cloze("The {{c1::mitochondria::organelle}} is the *powerhouse*.", "From **biology**.");
  const CardSides sides = sides_of(note, "c1");
  CHECK(sides.question.blocks ==
        Blocks{paragraph({text_span("The "), blank_span("organelle"), text_span(" is the "),
                          emphasis_span("powerhouse"), text_span(".")})});
  CHECK(sides.answer.blocks ==
        Blocks{paragraph({text_span("The "), revealed_span("mitochondria"), text_span(" is the "),
                          emphasis_span("powerhouse"), text_span(".")}),
               paragraph({text_span("From "), strong_span("biology"), text_span(".")})});
}

TEST_CASE("card sides: several numbers, each card blanks its own", "[core][card-sides]") {
  const Note note = cloze("{{c1::Tokyo}} is in {{c2::Japan}}; {{c1::it}} is big");
  CHECK(sides_of(note, "c1").question.blocks ==
        Blocks{paragraph(
            {blank_span(), text_span(" is in Japan; "), blank_span(), text_span(" is big")})});
  CHECK(sides_of(note, "c2").question.blocks ==
        Blocks{paragraph({text_span("Tokyo is in "), blank_span(), text_span("; it is big")})});
  CHECK(sides_of(note, "c2").answer.blocks ==
        Blocks{paragraph(
            {text_span("Tokyo is in "), revealed_span("Japan"), text_span("; it is big")})});
}

TEST_CASE("card sides: nested deletions as Anki 2.1.56 shows them", "[core][card-sides]") {
  const Note note = cloze("{{c1::outer {{c2::inner}} text}}");
  CHECK(sides_of(note, "c1").question.blocks == Blocks{paragraph({blank_span()})});
  CHECK(sides_of(note, "c1").answer.blocks ==
        Blocks{paragraph({revealed_span("outer inner text")})});
  CHECK(sides_of(note, "c2").question.blocks ==
        Blocks{paragraph({text_span("outer "), blank_span(), text_span(" text")})});
}

TEST_CASE("card sides: markup around a deletion holds it, markup inside it is its own",
          "[core][card-sides]") {
  CHECK(sides_of(cloze("*the {{c1::word}} here*"), "c1").question.blocks ==
        Blocks{paragraph(
            {emphasis_span("the "), with_emphasis(blank_span()), emphasis_span(" here")})});
  CHECK(sides_of(cloze("We are {{c1::*Homo sapiens*}}."), "c1").answer.blocks ==
        Blocks{paragraph(
            {text_span("We are "), with_emphasis(revealed_span("Homo sapiens")), text_span(".")})});
  // Marks that cross a deletion's edge pair with nothing and show as written, on both sides.
  const Note crossing = cloze("**bold {{c1::x** y}} z");
  CHECK(sides_of(crossing, "c1").question.blocks ==
        Blocks{paragraph({text_span("**bold "), blank_span(), text_span(" z")})});
  CHECK(sides_of(crossing, "c1").answer.blocks ==
        Blocks{paragraph({text_span("**bold "), revealed_span("x** y"), text_span(" z")})});
}

TEST_CASE("card sides: a deletion in code keeps the code, and in a list its item",
          "[core][card-sides]") {
  const Note inline_code = cloze("Call `{{c1::printf}}(\"*x*\")`.");
  CHECK(sides_of(inline_code, "c1").question.blocks ==
        Blocks{paragraph({text_span("Call "), with_code(blank_span()), code_span("(\"*x*\")"),
                          text_span(".")})});
  const Note code = cloze("```c\nint {{c1::*p}} = 0;\n```");
  CHECK(sides_of(code, "c1").answer.blocks ==
        Blocks{code_block("c", {text_span("int "), revealed_span("*p"), text_span(" = 0;")})});
  const Note list = cloze("- {{c1::first}}\n- second");
  CHECK(sides_of(list, "c1").question.blocks ==
        Blocks{bullet(0, {blank_span()}), bullet(0, {text_span("second")})});
  // A deletion with a blank line in it stays in the paragraph it starts in.
  CHECK(sides_of(cloze("a {{c1::b\n\nc}} d"), "c1").answer.blocks ==
        Blocks{paragraph({text_span("a "), revealed_span("b\n\nc"), text_span(" d")})});
}

TEST_CASE("card sides: a hint is shown as written, markup and all", "[core][card-sides]") {
  CHECK(sides_of(cloze("{{c1::x::*not read*}} and {{c1::y::}}"), "c1").question.blocks ==
        Blocks{paragraph({blank_span("*not read*"), text_span(" and "), blank_span("")})});
}

TEST_CASE("card sides: Japanese cloze text", "[core][card-sides]") {
  Note note = note_of(NoteKind::kCloze, {{"text",
                                          {{"en", "{{c1::Tokyo}} is the capital"},
                                           {"ja", "{{c1::東京::首都}}は**日本**の首都です"}}}});
  const CardSides sides = sides_of(note, "c1", "ja");
  CHECK(sides.language == "ja");
  CHECK(sides.question.blocks == Blocks{paragraph({blank_span("首都"), text_span("は"),
                                                   strong_span("日本"), text_span("の首都です")})});
  CHECK(rich_text_plain(sides.answer) == "東京は日本の首都です");
}

TEST_CASE("card sides: a language without the card's number shows the one with it",
          "[core][card-sides]") {
  const Note note =
      note_of(NoteKind::kCloze, {{"text", {{"en", "{{c1::a}} {{c2::b}}"}, {"ja", "{{c1::あ}}"}}}});
  const CardSides sides = sides_of(note, "c2", "ja");
  CHECK(sides.language == "en");
  CHECK(sides.question.blocks == Blocks{paragraph({text_span("a "), blank_span()})});
}

}  // namespace
}  // namespace kioku
