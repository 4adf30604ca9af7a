// The pure writers of `kioku export` (docs/export.md): field text to Anki's HTML and back, Anki's
// CSV quoting, the deck file read back by the deck parser, and card states in Anki's terms.
#include <catch2/catch.hpp>

#include "core/anki_export_mapping.hpp"
#include "core/anki_html_text.hpp"
#include "core/anki_text_export.hpp"
#include "core/deck_parser.hpp"
#include "core/deck_toml_writer.hpp"
#include "core/error.hpp"
#include "core/toml_string.hpp"

using namespace kioku;

TEST_CASE("export: field text written as Anki's HTML reads back as the same text",
          "[core][export]") {
  const auto text = GENERATE(as<std::string>{}, "plain", "a < b && c > d", "\"quoted\" 'single'",
                             "two\nlines\n\nand a paragraph", "**strong** *em* `code`",
                             "- item\n- item 2", "see [image: a b.png] here", "[image: ]",
                             "[image: x", "{{c1::Tokyo::city}} > {{c2::Japan}}", "&amp; literal",
                             "東京\tとうきょう", "[sound:x.mp3]");
  const std::string html = text_to_anki_html(text);
  CHECK(html.find('\n') == std::string::npos);
  CHECK(anki_html_to_text(html) == text);
}

TEST_CASE("export: images become img tags Anki shows", "[core][export]") {
  CHECK(text_to_anki_html("x [image: map.png] y") == "x <img src=\"map.png\"> y");
  CHECK(text_to_anki_html("a\nb") == "a<br>b");
  CHECK(text_to_anki_html("<b>") == "&lt;b&gt;");
}

TEST_CASE("export: Anki text fields are quoted only when they must be", "[core][export]") {
  CHECK(anki_text_field("plain text") == "plain text");
  CHECK(anki_text_field("a\tb") == "\"a\tb\"");
  CHECK(anki_text_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(anki_text_field("#comment?") == "\"#comment?\"");
  CHECK(anki_text_field("a#b") == "a#b");
  CHECK(anki_text_field("") == "");
}

TEST_CASE("export: choice and sourced notes map onto Anki's Basic and Cloze", "[core][export]") {
  Note choice;
  choice.id = "q";
  choice.kind = NoteKind::kChoice;
  choice.fields = {{"question", {{"en", "Which?"}}},
                   {"explanation", {{"en", "Because."}}},
                   {"source", {{"en", "paper"}}}};
  choice.choices = {{"en", {"A", "B"}}};
  choice.answer = 2;
  const AnkiExportNote basic = anki_export_note(choice, "en");
  CHECK(basic.type == AnkiStockType::kBasic);
  CHECK(basic.fields == std::vector<std::string>{"Which?<br>1. A<br>2. B",
                                                 "2. B<br><br>Because.<br><br>Source: paper"});
  Note cloze;
  cloze.id = "c";
  cloze.kind = NoteKind::kCloze;
  cloze.fields = {{"text", {{"ja", "{{c1::東京}}"}}}};
  const AnkiExportNote anki = anki_export_note(cloze, "en");  // no en: its ja text
  CHECK(anki.type == AnkiStockType::kCloze);
  CHECK(anki.fields == std::vector<std::string>{"{{c1::東京}}", ""});
  CHECK(anki_card_ord("card") == 0);
  CHECK(anki_card_ord("forward") == 0);
  CHECK(anki_card_ord("backward") == 1);
  CHECK(anki_card_ord("c3") == 2);
}

TEST_CASE("export: a deck file written reads back as the same notes", "[core][export]") {
  ExportDeck deck;
  deck.id = "d";
  deck.name = {{"en", "Deck"}, {"ja", "デッキ"}};
  deck.languages = {"en", "ja"};
  Note basic;
  basic.id = "Ab3$x/9!\"q\\";
  basic.kind = NoteKind::kBasic;
  basic.tags = {"a::b", "c"};
  basic.fields = {{"front", {{"en", "line\n\t\"tab\" \\"}, {"ja", "表"}}},
                  {"back", {{"en", "back"}, {"ja", "裏"}}}};
  Note choice;
  choice.id = "q-1";
  choice.kind = NoteKind::kChoice;
  choice.fields = {{"question", {{"en", "Q?"}, {"ja", "問"}}}};
  choice.choices = {{"en", {"x", "y"}}, {"ja", {"エ", "ワイ"}}};
  choice.answer = 2;
  deck.notes.resize(2);
  deck.notes[0].note = basic;
  deck.notes[1].note = choice;
  const Deck read = parse_deck(deck_toml(deck), "d.toml");
  CHECK(read.id == "d");
  CHECK(read.languages == std::vector<std::string>{"en", "ja"});
  CHECK(read.name == deck.name);
  REQUIRE(read.notes.size() == 2);
  CHECK(read.notes[0].note.id == basic.id);
  CHECK(read.notes[0].note.tags == basic.tags);
  CHECK(read.notes[0].note.fields[0].text == basic.fields[0].text);
  CHECK(read.notes[1].note.choices == choice.choices);
  CHECK(read.notes[1].note.answer == 2);

  // A field without text in one of the deck's languages cannot be written.
  deck.notes[0].note.fields[1].text.erase("ja");
  CHECK_THROWS_WITH(deck_toml(deck), Catch::Contains("its back has no text in \"ja\""));
}

TEST_CASE("export: card states in Anki's terms", "[core][export]") {
  const TimestampMs day0 = 1'800'000'000'000;
  constexpr TimestampMs kDay = 86'400'000;
  CardState state;
  auto schedule = anki_card_schedule(state, 7, day0);
  CHECK((schedule.type == 0 && schedule.queue == 0 && schedule.due == 7 && schedule.factor == 0));
  state.phase = Phase::kReview;
  state.due = day0 + 3 * kDay + 5000;
  state.interval_days = 3;
  state.ease = 2.35;
  state.reps = 4;
  state.lapses = 1;
  schedule = anki_card_schedule(state, 1, day0);
  CHECK((schedule.type == 2 && schedule.queue == 2 && schedule.due == 3 && schedule.interval == 3 &&
         schedule.factor == 2350 && schedule.reps == 4 && schedule.lapses == 1));
  state.due = day0 - kDay / 2;  // overdue since yesterday
  CHECK(anki_card_schedule(state, 1, day0).due == -1);
  state.suspended = true;
  CHECK(anki_card_schedule(state, 1, day0).queue == -1);
  state = CardState{};
  state.phase = Phase::kRelearning;
  state.due = day0 + 600'000;
  state.remaining_steps = 1;
  state.interval_days = 1;
  schedule = anki_card_schedule(state, 1, day0);
  CHECK((schedule.type == 3 && schedule.queue == 1 && schedule.due == (day0 + 600'000) / 1000 &&
         schedule.left == 1 && schedule.interval == 1));
  state.interday = true;
  state.due = day0 + 2 * kDay;
  schedule = anki_card_schedule(state, 1, day0);
  CHECK((schedule.queue == 3 && schedule.due == 2));
}

TEST_CASE("export: TOML strings escape quotes, backslashes and control characters",
          "[core][export]") {
  CHECK(toml_string("plain 東京") == "\"plain 東京\"");
  CHECK(toml_string("say \"hi\" \\") == "\"say \\\"hi\\\" \\\\\"");
  CHECK(toml_string("a\nb\tc\rd") == "\"a\\nb\\tc\\rd\"");
  CHECK(toml_string(std::string("\x01\x1b\x7f", 3)) == "\"\\u0001\\u001b\\u007f\"");
}
