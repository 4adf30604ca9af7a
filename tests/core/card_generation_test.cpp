// The cards each kind of note makes, and what an edit does to a note's existing cards.
#include "core/card_generation.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/card_reconciliation.hpp"
#include "core/note_validation.hpp"
#include "tests/core/note_of.hpp"

namespace kioku {
namespace {

using Strings = std::vector<std::string>;

Strings keys_of(const std::vector<GeneratedCard>& cards) {
  Strings keys;
  for (const GeneratedCard& card : cards) keys.push_back(card.key);
  return keys;
}

Note cloze_note(const std::string& english, const std::string& japanese = "") {
  LocalizedText text{{"en", english}};
  if (!japanese.empty()) text["ja"] = japanese;
  return note_of(NoteKind::kCloze, {{"text", text}, {"extra", {{"en", "more"}}}});
}

Strings keys_of(const Strings& cards) {
  return cards;
}

Strings keys_of(const std::vector<ExistingCard>& cards) {
  Strings keys;
  for (const ExistingCard& card : cards) keys.push_back(card.key);
  return keys;
}

std::vector<ExistingCard> existing_from(const std::vector<GeneratedCard>& cards) {
  std::vector<ExistingCard> existing;
  for (const GeneratedCard& card : cards) {
    existing.push_back(ExistingCard{static_cast<std::int64_t>(100 + existing.size()), card.key});
  }
  return existing;
}

TEST_CASE("card generation: basic makes one card, front then back", "[core][card-generation]") {
  const std::vector<GeneratedCard> cards = generate_cards(
      note_of(NoteKind::kBasic, {{"front", {{"en", "dog"}, {"ja", "犬"}}}, {"back", {}}}));
  REQUIRE(cards.size() == 1);
  CHECK(cards[0].key == "card");
  CHECK(cards[0].question_fields == Strings{"front"});
  CHECK(cards[0].answer_fields == Strings{"back"});
  CHECK(cards[0].languages == Strings{"en", "ja"});
  CHECK_FALSE(cards[0].typed_answer);
  CHECK(cards[0].cloze_number == 0);
}

TEST_CASE("card generation: reverse makes both directions", "[core][card-generation]") {
  const std::vector<GeneratedCard> cards = generate_cards(note_of(
      NoteKind::kReverse, {{"front", {{"en", "dog"}, {"ja", "犬"}}}, {"back", {{"ja", "いぬ"}}}}));
  REQUIRE(keys_of(cards) == Strings{"forward", "backward"});
  CHECK(cards[0].question_fields == Strings{"front"});
  CHECK(cards[0].answer_fields == Strings{"back"});
  CHECK(cards[1].question_fields == Strings{"back"});
  CHECK(cards[1].answer_fields == Strings{"front"});
  // Each asks in the languages its own question is written in.
  CHECK(cards[0].languages == Strings{"en", "ja"});
  CHECK(cards[1].languages == Strings{"ja"});
}

TEST_CASE("card generation: the optional reverse follows add_reverse", "[core][card-generation]") {
  Note note = note_of(NoteKind::kBasicOptionalReverse,
                      {{"front", {{"en", "dog"}}}, {"back", {{"en", "犬"}}}});
  CHECK(keys_of(generate_cards(note)) == Strings{"forward"});
  note.fields.push_back({"add_reverse", {{"en", ""}}});
  CHECK(keys_of(generate_cards(note)) == Strings{"forward"});
  note.fields.back().text["ja"] = "y";
  const std::vector<GeneratedCard> both = generate_cards(note);
  REQUIRE(keys_of(both) == Strings{"forward", "backward"});
  CHECK(both[1].question_fields == Strings{"back"});
}

TEST_CASE("card generation: typed asks for the back typed in", "[core][card-generation]") {
  const std::vector<GeneratedCard> cards = generate_cards(
      note_of(NoteKind::kTyped, {{"front", {{"en", "犬"}}}, {"back", {{"en", "inu"}}}}));
  REQUIRE(cards.size() == 1);
  CHECK(cards[0].key == "card");
  CHECK(cards[0].typed_answer);
  CHECK(cards[0].answer_fields == Strings{"back"});
}

TEST_CASE("card generation: choice makes today's one card", "[core][card-generation]") {
  Note note = note_of(NoteKind::kChoice, {{"question", {{"en", "2 + 2?"}}}});
  note.choices = {{"en", {"3", "4"}}};
  note.answer = 2;
  const std::vector<GeneratedCard> cards = generate_cards(note);
  REQUIRE(cards.size() == 1);
  CHECK(cards[0].key == "card");
  CHECK(cards[0].question_fields == Strings{"question"});
  CHECK(cards[0].answer_fields == Strings{"explanation"});
}

TEST_CASE("card generation: cloze makes one card per number, in order", "[core][card-generation]") {
  const std::vector<GeneratedCard> cards = generate_cards(
      cloze_note("{{c3::c}} {{c1::a}} {{c1::again}} {{c0::never}} {{c2::b {{c10::nested}}}}"));
  REQUIRE(keys_of(cards) == Strings{"c1", "c2", "c3", "c10"});
  CHECK(cards[0].cloze_number == 1);
  CHECK(cards[3].cloze_number == 10);
  CHECK(cards[0].question_fields == Strings{"text"});
  CHECK(cards[0].answer_fields == Strings{"extra"});
  CHECK(keys_of(generate_cards(cloze_note("{{c1,2::both}}"))) == Strings{"c1", "c2"});
}

TEST_CASE("card generation: cloze numbers are the union over languages",
          "[core][card-generation]") {
  const std::vector<GeneratedCard> cards =
      generate_cards(cloze_note("{{c1::Tokyo}} is in {{c2::Japan}}", "{{c1::東京}}は日本にある"));
  REQUIRE(keys_of(cards) == Strings{"c1", "c2"});
  CHECK(cards[0].languages == Strings{"en", "ja"});
  // Japanese lacks c2: the card stays, asked in English.
  CHECK(cards[1].languages == Strings{"en"});
  // One language without any cloze is fine while another has one.
  CHECK(keys_of(generate_cards(cloze_note("{{c1::x}}", "ない"))) == Strings{"c1"});
}

TEST_CASE("card generation: an invalid note makes no cards but an error",
          "[core][card-generation]") {
  CHECK_THROWS_AS(generate_cards(cloze_note("no deletion")), NoteError);
  CHECK_THROWS_AS(generate_cards(cloze_note("{{c1::open")), NoteError);
  CHECK_THROWS_AS(generate_cards(note_of(NoteKind::kReverse, {{"front", {{"en", "f"}}}})),
                  NoteError);
}

// The text rules are kept where a note comes in (validate_note), not each time a stored note's
// cards are made again to be shown.
TEST_CASE("card generation: checks a note's shape, validation its text too",
          "[core][card-generation]") {
  const Note note =
      note_of(NoteKind::kBasic, {{"front", {{"en", "f\x1b[2J"}}}, {"back", {{"en", "b"}}}});
  CHECK(keys_of(generate_cards(note)) == Strings{"card"});
  CHECK_THROWS_WITH(validate_note(note), Catch::Contains("U+001B (ESC)"));
  CHECK_THROWS_AS(check_note_shape(note_of(NoteKind::kBasic, {{"back", {{"en", "b"}}}})),
                  NoteError);
}

TEST_CASE("card generation: an unchanged note keeps every card", "[core][card-generation]") {
  const std::vector<GeneratedCard> cards = generate_cards(cloze_note("{{c1::a}} {{c2::b}}"));
  const CardReconciliation result = reconcile_cards(existing_from(cards), cards);
  CHECK(keys_of(result.kept) == Strings{"c1", "c2"});
  CHECK(result.kept[0].id == 100);
  CHECK(result.kept[1].id == 101);
  CHECK(result.added.empty());
  CHECK(result.retired.empty());
  CHECK(result.revived.empty());
  CHECK(result.still_retired.empty());
}

TEST_CASE("card generation: removing c3 retires its card, adding c4 adds one",
          "[core][card-generation]") {
  const std::vector<ExistingCard> existing =
      existing_from(generate_cards(cloze_note("{{c1::a}} {{c2::b}} {{c3::c}}")));

  const CardReconciliation removed =
      reconcile_cards(existing, generate_cards(cloze_note("{{c1::a}} {{c2::b}} c")));
  CHECK(keys_of(removed.kept) == Strings{"c1", "c2"});
  REQUIRE(keys_of(removed.retired) == Strings{"c3"});
  CHECK(removed.retired[0].id == 102);  // the card, with its history, is kept to be suspended
  CHECK(removed.added.empty());

  const CardReconciliation added = reconcile_cards(
      existing, generate_cards(cloze_note("{{c1::a}} {{c2::b}} {{c3::c}} {{c4::d}}")));
  CHECK(keys_of(added.kept) == Strings{"c1", "c2", "c3"});
  CHECK(keys_of(added.added) == Strings{"c4"});
  CHECK(added.retired.empty());

  // Renumbering is a removal and an addition: a card follows its number, not its text.
  const CardReconciliation renumbered =
      reconcile_cards(existing, generate_cards(cloze_note("{{c1::a}} {{c2::b}} {{c5::c}}")));
  CHECK(keys_of(renumbered.retired) == Strings{"c3"});
  CHECK(keys_of(renumbered.added) == Strings{"c5"});
}

TEST_CASE("card generation: toggling the optional reverse retires and revives the backward card",
          "[core][card-generation]") {
  Note note = note_of(
      NoteKind::kBasicOptionalReverse,
      {{"front", {{"en", "dog"}}}, {"back", {{"en", "犬"}}}, {"add_reverse", {{"en", "y"}}}});
  std::vector<ExistingCard> existing = existing_from(generate_cards(note));
  REQUIRE(keys_of(existing) == Strings{"forward", "backward"});

  note.fields[2].text["en"] = "";
  const CardReconciliation off = reconcile_cards(existing, generate_cards(note));
  CHECK(keys_of(off.kept) == Strings{"forward"});
  CHECK(keys_of(off.retired) == Strings{"backward"});

  // The store marks it retired; an edit that still leaves it out leaves it so.
  existing[1].retired = true;
  const CardReconciliation still_off = reconcile_cards(existing, generate_cards(note));
  CHECK(keys_of(still_off.still_retired) == Strings{"backward"});
  CHECK(still_off.retired.empty());

  // Set again, it comes back with its id rather than as a new card.
  note.fields[2].text["en"] = "y";
  const CardReconciliation on = reconcile_cards(existing, generate_cards(note));
  CHECK(keys_of(on.kept) == Strings{"forward"});
  REQUIRE(keys_of(on.revived) == Strings{"backward"});
  CHECK(on.revived[0].id == 101);
  CHECK(on.added.empty());
}

TEST_CASE("card generation: a note with no cards yet gets all of them added",
          "[core][card-generation]") {
  const CardReconciliation result = reconcile_cards(
      {}, generate_cards(
              note_of(NoteKind::kReverse, {{"front", {{"en", "f"}}}, {"back", {{"en", "b"}}}})));
  CHECK(keys_of(result.added) == Strings{"forward", "backward"});
  CHECK(result.kept.empty());
}

TEST_CASE("card generation: two existing cards with one key are a bug, not a silent pick",
          "[core][card-generation]") {
  const std::vector<ExistingCard> existing{{1, "card", false}, {2, "card", false}};
  try {
    reconcile_cards(existing, {});
    FAIL("accepted");
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kInternal);
  }
}

}  // namespace
}  // namespace kioku
