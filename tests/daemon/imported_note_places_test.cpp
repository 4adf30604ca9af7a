// Where an import puts its notes: new notes wait to be saved in batches, bounded by their number
// and by their bytes, so that notes of many clozes (a row each card) are never held by the
// hundred.
#include "daemon/importers/imported_note_places.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "daemon/store/prepared_note.hpp"
#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku;
using kioku::test::DaemonFixture;

namespace {

Note waiting_basic_note(int at) {
  Note note;
  note.id = "basic-" + std::to_string(at);
  note.kind = NoteKind::kBasic;
  note.fields = {{"front", {{"en", "front " + std::to_string(at)}}},
                 {"back", {{"en", "back " + std::to_string(at)}}}};
  note.deck = "d";
  return note;
}

// A cloze note of 500 clozes, some 6 KiB of text: 500 cards.
Note waiting_cloze_note(int at) {
  Note note;
  note.id = "cloze-" + std::to_string(at);
  note.kind = NoteKind::kCloze;
  std::string text;
  for (int number = 1; number <= 500; ++number) {
    text += "{{c" + std::to_string(number) + "::word " + std::to_string(number) + "}} ";
  }
  note.fields = {{"text", {{"en", text}}}, {"extra", {{"en", std::string(1000, 'x')}}}};
  note.deck = "d";
  return note;
}

}  // namespace

TEST_CASE("imported note places: a note's bytes count each card's row, its fields once",
          "[daemon][import]") {
  const daemon::PreparedNote small = daemon::prepare_new_note(waiting_basic_note(1));
  CHECK(daemon::held_bytes(small) >= small.fields_json.size());
  CHECK(daemon::held_bytes(small) < 4 * 1024);
  const daemon::PreparedNote large = daemon::prepare_new_note(waiting_cloze_note(1));
  REQUIRE(large.cards.size() == 500);
  CHECK(daemon::held_bytes(large) >= 500 * sizeof(daemon::PreparedCard));
  // The cards share their note's fields, as one text.
  for (const daemon::PreparedCard& card : large.cards) {
    REQUIRE(card.row.note_content != nullptr);
    CHECK(*card.row.note_content == large.fields_json);
    CHECK(card.row.note_content == large.cards.front().row.note_content);
  }
  CHECK(daemon::held_bytes(large) < 500 * large.fields_json.size());
}

TEST_CASE("imported note places: notes wait for 64 of them, or for 4 MiB of their bytes",
          "[daemon][import]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  const std::int64_t deck_id = fixture.collection.decks().by_slug("d")->id;
  daemon::ImportedNotePlaces places;
  int saved = 0;
  const auto count = [&saved](const daemon::NoteSave&) { ++saved; };

  SECTION("small notes, by their number") {
    for (int at = 0; at < 64; ++at) {
      places.add_later(fixture.collection, deck_id, waiting_basic_note(at), 0, count);
    }
    CHECK(saved == 0);
    places.add_later(fixture.collection, deck_id, waiting_basic_note(64), 0, count);
    CHECK(saved == 64);
  }
  SECTION("notes of many clozes, by their bytes") {
    const std::size_t bytes = daemon::held_bytes(daemon::prepare_new_note(waiting_cloze_note(0)));
    // The bound is passed after this many; the next one waits no more.
    const int to_pass = static_cast<int>((4 * 1024 * 1024 + bytes - 1) / bytes);
    REQUIRE(to_pass < 64);
    for (int at = 0; at < to_pass; ++at) {
      places.add_later(fixture.collection, deck_id, waiting_cloze_note(at), 0, count);
    }
    CHECK(saved == 0);
    places.add_later(fixture.collection, deck_id, waiting_cloze_note(to_pass), 0, count);
    CHECK(saved == to_pass);
  }
  places.flush(fixture.collection, 0);
  CHECK(saved > 0);
  CHECK(fixture.collection.notes().find(deck_id, saved == 65 ? "basic-64" : "cloze-0"));
}
