// Tests for deck_notes: both formats as the notes the importer reads.
#include "core/deck_notes.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/card_generation.hpp"
#include "core/deck_parser.hpp"
#include "core/note_validation.hpp"
#include "tests/support/deck_texts.hpp"

namespace kioku {
namespace {

TEST_CASE("deck_notes: a format 1 card is a choice note", "[core][deck_notes]") {
  const std::string path =
      std::string(KIOKU_SOURCE_DIR) + "/tests/fixtures/gradient-checkpointing-format1.toml";
  const Deck deck = read_deck_file(path);
  const std::vector<DeckNote> notes = deck_notes(deck);
  REQUIRE(notes.size() == deck.cards.size());
  for (std::size_t i = 0; i < notes.size(); ++i) {
    const DeckCard& card = deck.cards[i];
    const DeckNote& entry = notes[i];
    INFO(card.id);
    CHECK(entry.note.id == card.id);
    CHECK(entry.note.kind == NoteKind::kChoice);
    CHECK(entry.note.deck == "gradient-checkpointing");
    REQUIRE(entry.note.fields.size() == 2);
    CHECK(entry.note.fields[0].name == "question");
    CHECK(entry.note.fields[0].text == card.question);
    CHECK(entry.note.fields[1].name == "explanation");
    CHECK(entry.note.fields[1].text == card.explanation);
    CHECK(entry.note.choices == card.choices);
    CHECK(entry.note.answer == card.answer);
    CHECK(entry.note.tags == card.tags);
    CHECK(entry.line == card.line);
    CHECK(entry.sibling_group.empty());
    // Every card of the format 1 deck is a valid note of one card.
    CHECK(generate_cards(entry.note).size() == 1);
  }
}

TEST_CASE("deck_notes: a card's note is its sibling group, and a field with no text is left out",
          "[core][deck_notes]") {
  Deck deck;
  deck.id = "siblings";
  deck.languages = {"en", "ja"};
  DeckCard card;
  card.id = "s-1";
  card.kind = "choice";
  card.note = "recompute";
  card.question = {{"en", "Q"}, {"ja", "問"}};
  card.choices = {{"en", {"a", "b"}}, {"ja", {"あ", "い"}}};
  card.answer = 2;
  card.explanation = {{"en", ""}};
  card.line = 12;
  deck.cards.push_back(card);

  const std::vector<DeckNote> notes = deck_notes(deck);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].sibling_group == "recompute");
  CHECK(notes[0].line == 12);
  REQUIRE(notes[0].note.fields.size() == 1);
  CHECK(notes[0].note.fields[0].name == "question");
  CHECK_NOTHROW(validate_note(notes[0].note));
}

TEST_CASE("deck_notes: a format 2 deck gives its notes as they are", "[core][deck_notes]") {
  const Deck deck = parse_deck(test::kBilingualNotes, "x.toml");
  const std::vector<DeckNote> notes = deck_notes(deck);
  REQUIRE(notes.size() == deck.notes.size());
  for (std::size_t i = 0; i < notes.size(); ++i) {
    CHECK(notes[i].note.id == deck.notes[i].note.id);
    CHECK(notes[i].line == deck.notes[i].line);
  }
}

}  // namespace
}  // namespace kioku
