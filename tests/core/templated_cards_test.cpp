// Anki note types kept as themselves (core/templated_note_type.hpp, core/templated_cards.hpp):
// which cards a note has by Anki's rules and the cards Anki made, what each side shows, what a
// typed card expects, and [[note_types]] in a deck file.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/anki_text_notes.hpp"
#include "core/byte_source.hpp"
#include "core/card_generation.hpp"
#include "core/deck_parser.hpp"
#include "core/error.hpp"
#include "core/note_canonical.hpp"
#include "core/note_validation.hpp"
#include "core/rich_text.hpp"
#include "core/templated_cards.hpp"
#include "core/templated_note_type.hpp"

namespace kioku {
namespace {

std::shared_ptr<const TemplatedNoteType> vocabulary_type() {
  AnkiNoteType type{7,
                    "Vocabulary",
                    false,
                    {"Word", "Meaning", "Example"},
                    {{"Recognise", "{{Word}}", "{{FrontSide}}<hr id=answer>{{Meaning}}"},
                     {"Recall", "{{#Example}}{{Meaning}}{{/Example}}", "{{Word}}<br>{{Example}}"},
                     {"Spell", "{{Meaning}}<br>{{type:Word}}", "{{type:Word}}"}},
                    ".card {}"};
  std::string key = note_type_key(type);
  return TemplatedNoteType::make(std::move(key), std::move(type));
}

std::shared_ptr<const TemplatedNoteType> cloze_type() {
  AnkiNoteType type{8,
                    "Cloze+",
                    true,
                    {"Text", "Aside", "Extra"},
                    {{"Cloze", "{{cloze:Text}}", "{{cloze:Text}}<br>{{Extra}}"}},
                    ""};
  std::string key = note_type_key(type);
  return TemplatedNoteType::make(std::move(key), std::move(type));
}

Note note_of(std::shared_ptr<const TemplatedNoteType> type,
             std::vector<std::pair<std::string, std::string>> fields) {
  Note note;
  note.id = "n1";
  note.deck = "d";
  note.kind = NoteKind::kAnki;
  note.note_type = std::move(type);
  for (auto& [name, text] : fields) note.fields.push_back({name, {{"en", text}}});
  return note;
}

std::vector<std::string> keys(const std::vector<GeneratedCard>& cards) {
  std::vector<std::string> out;
  for (const GeneratedCard& card : cards) out.push_back(card.key);
  return out;
}

TEST_CASE("templated notes: a standard type makes the cards whose question shows a field",
          "[templated]") {
  const Note full = note_of(
      vocabulary_type(), {{"Word", "inu"}, {"Meaning", "dog"}, {"Example", "<b>inu</b> ga iru"}});
  CHECK(keys(generate_cards(full)) == std::vector<std::string>{"card1", "card2", "card3"});
  // No example: the second template's section hides its question.
  const Note plain = note_of(vocabulary_type(), {{"Word", "inu"}, {"Meaning", "dog"}});
  const std::vector<GeneratedCard> cards = generate_cards(plain);
  CHECK(keys(cards) == std::vector<std::string>{"card1", "card3"});
  CHECK_FALSE(cards[0].typed_answer);
  CHECK(cards[1].typed_answer);
  CHECK(cards[1].anki_ordinal == 2);
  // A card Anki made stays although the templates would not make it now.
  Note kept = plain;
  kept.kept_cards = {1};
  CHECK(keys(generate_cards(kept)) == std::vector<std::string>{"card1", "card2", "card3"});
  // Nothing shows: the first card, as Anki keeps a note at one card.
  CHECK(keys(generate_cards(note_of(vocabulary_type(), {{"Example", "x"}}))) ==
        std::vector<std::string>{"card1"});
}

TEST_CASE("templated notes: a cloze type makes a card per number in the fields it clozes",
          "[templated]") {
  const Note note = note_of(cloze_type(), {{"Text", "{{c1::Paris}} on the {{c3::Seine}}"},
                                           {"Aside", "{{c7::not asked}}"}});
  const std::vector<GeneratedCard> cards = generate_cards(note);
  CHECK(keys(cards) == std::vector<std::string>{"c1", "c3"});
  CHECK(cards[1].cloze_number == 3);
  const CardSides sides = render_templated_sides(note, cards[1], "en", {});
  CHECK(rich_text_plain(sides.question) == "Paris on the [...]");
  CHECK(rich_text_plain(sides.answer) == "Paris on the Seine");
}

TEST_CASE("templated notes: sides render through the templates as terminal text", "[templated]") {
  const Note note =
      note_of(vocabulary_type(),
              {{"Word", "inu"}, {"Meaning", "dog &amp; wolf"}, {"Example", "<b>inu</b> ga iru"}});
  const std::vector<GeneratedCard> cards = generate_cards(note);
  const CardSides first = render_templated_sides(note, cards[0], "en", {});
  CHECK(rich_text_plain(first.question) == "inu");
  // {{FrontSide}} shows nothing below a question already shown.
  CHECK(rich_text_plain(first.answer) == "dog & wolf");
  const CardSides second = render_templated_sides(note, cards[1], "en", {});
  CHECK(rich_text_plain(second.answer) == "inu\ninu ga iru");
  // The typed card: the marker leaves the side; the expected text is the field's, as text.
  const CardSides typed = render_templated_sides(note, cards[2], "en", {});
  CHECK(rich_text_plain(typed.question) == "dog & wolf");
  CHECK(rich_text_plain(typed.answer).empty());
  CHECK(templated_typed_answer(note, cards[2], "en") == std::optional<std::string>("inu"));
  CHECK_FALSE(templated_typed_answer(note, cards[0], "en"));
}

TEST_CASE("templated notes: a template that does not read shows the note's fields", "[templated]") {
  AnkiNoteType broken{9,
                      "Broken",
                      false,
                      {"Front", "Back"},
                      {{"Card 1", "{{#Front}}{{Front}}", "{{Back}}{{/Nothing}}"}},
                      ""};
  std::string key = note_type_key(broken);
  const auto type = TemplatedNoteType::make(std::move(key), std::move(broken));
  REQUIRE(type->template_problems().size() == 1);
  CHECK(type->template_problems()[0].side == CardSide::kQuestion);
  CHECK(type->template_problems()[0].kind == AnkiTemplateError::Kind::kSectionNotClosed);
  const Note note = note_of(type, {{"Front", "question"}, {"Back", "answer"}});
  Note kept = note;
  kept.kept_cards = {0};
  const std::vector<GeneratedCard> cards = generate_cards(kept);
  REQUIRE(cards.size() == 1);
  const CardSides sides = render_templated_sides(note, cards[0], "en", {});
  CHECK(rich_text_plain(sides.question) == "question");
  CHECK(rich_text_plain(sides.answer) == "answer");
}

TEST_CASE("templated notes: the rules a note of a kept type keeps", "[templated]") {
  Note note = note_of(vocabulary_type(), {{"Word", "inu"}, {"Colour", "brown"}});
  CHECK_THROWS_WITH(validate_note(note),
                    Catch::Contains("Colour") && Catch::Contains("no such field"));
  note = note_of(vocabulary_type(), {{"Word", "inu"}});
  note.kept_cards = {3};
  CHECK_THROWS_WITH(validate_note(note), Catch::Contains("card 3"));
  note.kept_cards = {};
  note.note_type = nullptr;
  CHECK_THROWS_WITH(validate_note(note), Catch::Contains("needs its note type"));
  Note basic;
  basic.id = "b";
  basic.deck = "d";
  basic.fields = {{"front", {{"en", "x"}}}};
  basic.kept_cards = {0};
  CHECK_THROWS_WITH(validate_note(basic), Catch::Contains("only an anki note"));
}

TEST_CASE("templated notes: the type's key changes with its shape, not with its text",
          "[templated]") {
  AnkiNoteType type = vocabulary_type()->definition();
  const std::string key = note_type_key(type);
  CHECK(key.rfind("anki-7-", 0) == 0);
  type.templates[0].question = "<div>{{Word}}</div>";
  type.css = "";
  type.name = "Renamed";
  CHECK(note_type_key(type) == key);
  type.fields.push_back("Audio");
  CHECK(note_type_key(type) != key);
  type.fields.pop_back();
  type.templates[1].name = "Produce";
  CHECK(note_type_key(type) != key);
  type.templates[1].name = "Recall";
  type.cloze = true;
  CHECK(note_type_key(type) != key);
}

constexpr const char* kTypedDeck = R"(format = 2
languages = ["en"]

[deck]
id = "kept"
name.en = "Kept"

[[note_types]]
name = "Vocabulary"
anki_id = 7
fields = ["Word", "Meaning", "Example sentence"]
templates = [
  { name = "Recognise", question = "{{Word}}", answer = "{{Meaning}}" },
  { name = "Recall", question = "{{Meaning}}", answer = "{{Word}}" },
]

[[notes]]
id = "v1"
kind = "anki"
note_type = "Vocabulary"
kept_cards = [1]
fields.Word = "inu"
fields."Example sentence" = "inu ga iru"
)";

TEST_CASE("templated notes: a deck file's [[note_types]] and its anki notes", "[templated]") {
  const Deck deck = parse_deck(kTypedDeck, "kept.toml");
  REQUIRE(deck.note_types.size() == 1);
  CHECK(deck.note_types[0]->name() == "Vocabulary");
  CHECK(deck.note_types[0]->fields().at(2) == "Example sentence");
  REQUIRE(deck.notes.size() == 1);
  const Note& note = deck.notes[0].note;
  CHECK(note.kind == NoteKind::kAnki);
  CHECK(note.note_type == deck.note_types[0]);
  CHECK(note.text("Example sentence", "en") == "inu ga iru");
  CHECK(keys(generate_cards(note)) == std::vector<std::string>{"card1", "card2"});

  const auto failure = [](const std::string& text) -> std::string {
    try {
      parse_deck(text, "kept.toml");
    } catch (const InputError& error) {
      return error.what();
    }
    return "no error";
  };
  const std::string deck_text = kTypedDeck;
  const auto changed = [&](const std::string& from, const std::string& to) {
    std::string text = deck_text;
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  CHECK_THAT(failure(changed("note_type = \"Vocabulary\"", "note_type = \"Vocab\"")),
             Catch::Contains("no note type \"Vocab\""));
  CHECK_THAT(failure(changed("\"Meaning\", \"Example", "\"Word\", \"Example")),
             Catch::Contains("kept.toml:11") && Catch::Contains("\"Word\" is listed twice"));
  CHECK_THAT(failure(changed("fields.Word", "fields.Colour")), Catch::Contains("no such field"));
  CHECK_THAT(failure(changed("fields.Word", "Word")), Catch::Contains("unknown key"));
  CHECK_THAT(failure(changed("kept_cards = [1]", "kept_cards = [5]")), Catch::Contains("card 5"));
  CHECK_THAT(failure(changed("templates = [", "templates = []\nx = [")),
             Catch::Contains("templates"));
  // A template's problem is told at its key, on its line.
  CHECK_THAT(failure(changed("name = \"Recall\"", "name = \"Re\\ncall\"")),
             Catch::Contains("kept.toml:14") && Catch::Contains("templates[2].name") &&
                 Catch::Contains("contains"));
  CHECK_THAT(failure(changed("name = \"Vocabulary\"\n", "name = \"\"\n")),
             Catch::Contains("kept.toml:9") && Catch::Contains("a note type needs a name"));
  // Two types of one shape and id would be one kept type: refused, naming the first.
  const std::size_t second_type = deck_text.find("[[notes]]");
  std::string twins = deck_text;
  twins.insert(second_type, deck_text.substr(deck_text.find("[[note_types]]"),
                                             second_type - deck_text.find("[[note_types]]")));
  twins.replace(twins.find("name = \"Vocabulary\"", twins.find("[[note_types]]") + 1), 19,
                "name = \"Words\"    ");
  CHECK_THAT(failure(twins), Catch::Contains("note_types[2].name: has the same anki_id"));
  // After the notes, [[note_types]] is refused: the notes before it would not know it.
  std::string late = deck_text;
  const std::size_t types = late.find("[[note_types]]");
  const std::size_t notes = late.find("[[notes]]");
  late = late.substr(0, types) + late.substr(notes) + "\n" + late.substr(types, notes - types);
  CHECK_THAT(failure(late), Catch::Contains("note_types"));
  CHECK_THAT(failure(changed("format = 2", "format = 1")), Catch::Contains("note_types"));
}

TEST_CASE("templated notes: an Anki text file's rows name a kept type, with a guid or without",
          "[templated]") {
  std::vector<std::string> asked_guids;
  AnkiTextOptions options;
  options.fallback_deck = "f";
  options.find_note_type = [&](const std::string& name, const std::string& guid) {
    asked_guids.push_back(guid);
    return name == "Vocabulary" ? vocabulary_type() : nullptr;
  };
  const auto read = [&](const std::string& text) {
    StringByteSource source(text, 5);
    AnkiTextReader reader(source, "f.txt");
    AnkiTextNotes notes(reader, options);
    std::vector<AnkiTextNote> all;
    AnkiTextNote note;
    while (notes.next(note)) all.push_back(note);
    return all;
  };
  // No guid column: the note's id comes from its type and first field, the same each time.
  const auto without = read("#separator:tab\n#notetype column:1\nVocabulary\tinu & co\tdog\n");
  REQUIRE(without.size() == 1);
  CHECK(without[0].note.kind == NoteKind::kAnki);
  CHECK(without[0].note.text("Word", "en") == "inu &amp; co");  // plain text made HTML
  CHECK(without[0].note.text("Meaning", "en") == "dog");
  CHECK(without[0].note.id == read("#separator:tab\n#notetype column:1\nVocabulary\tinu & co\t"
                                   "cat\n")[0]
                                  .note.id);
  CHECK(asked_guids == std::vector<std::string>{"", ""});
  // The guid column after the note type's, named by a label: its guid is asked with the name.
  asked_guids.clear();
  const auto with = read(
      "#separator:tab\n#notetype column:1\n#columns:notetype\tguid\tWord\tMeaning\n"
      "Vocabulary\tg-1\tinu\tdog\nBasic\tg-2\tx\ty\n");
  REQUIRE(with.size() == 2);
  CHECK(asked_guids == std::vector<std::string>{"g-1", "g-2"});
  CHECK(with[0].note.id == "g-1");
  CHECK(with[1].note.kind == NoteKind::kBasic);
  // `#notetype` naming the kept type, with no note type column: every row is a note of it, its
  // columns the type's fields in order or by their labels.
  asked_guids.clear();
  const auto header = read("#separator:tab\n#notetype:Vocabulary\ninu\tdog\nneko\tcat\n");
  REQUIRE(header.size() == 2);
  CHECK(asked_guids == std::vector<std::string>{""});  // once, for the header
  for (const AnkiTextNote& note : header) {
    CHECK(note.note.kind == NoteKind::kAnki);
    REQUIRE(note.note.note_type);
    CHECK(note.note.note_type->name() == "Vocabulary");
  }
  CHECK(header[1].note.text("Word", "en") == "neko");
  CHECK(header[1].note.text("Meaning", "en") == "cat");
  const auto labelled =
      read("#separator:tab\n#notetype:Vocabulary\n#columns:Meaning\tWord\ndog\tinu\n");
  REQUIRE(labelled.size() == 1);
  CHECK(labelled[0].note.text("Word", "en") == "inu");
  // A name neither kept nor stock is still refused at the header.
  CHECK_THROWS_WITH(read("#separator:tab\n#notetype:Grammar\na\tb\n"),
                    Catch::Contains("f.txt:2: #notetype: note type \"Grammar\" is not one"));
}

}  // namespace
}  // namespace kioku
