// The cards of a tag kept between the queue's queries (daemon/store/tagged_cards.hpp): read
// once, kept across answers, read again whenever what they were read from may have changed.
#include <catch2/catch.hpp>

#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/json_rpc_calls.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

// Deck "d": one choice card with no tag, then notes n1 (alpha), n2 (beta), n3 (alpha::x).
void tagged_notes(DaemonFixture& fixture) {
  fixture.import_choice_deck("d", 1);
  for (const auto& [id, tag] : {std::pair{"n1", "alpha"}, {"n2", "beta"}, {"n3", "alpha::x"}}) {
    fixture.result("note.add", {{"deck", "d"},
                                {"kind", "basic"},
                                {"id", id},
                                {"fields", english_fields({{"front", id}, {"back", "b"}})},
                                {"tags", json::array{tag}}});
  }
}

std::int64_t new_with_tag(DaemonFixture& fixture, const std::string& tag) {
  return fixture.result("due.counts", {{"tag", tag}}).at("new").as_int64();
}

std::int64_t reads(DaemonFixture& fixture) {
  return fixture.collection.due_index().tagged_cards().reads();
}

}  // namespace

TEST_CASE("tagged cards: read once, kept across answers, read again when a card's tags change",
          "[daemon][tagged_cards]") {
  DaemonFixture fixture;
  tagged_notes(fixture);
  const std::int64_t at_start = reads(fixture);
  CHECK(new_with_tag(fixture, "alpha") == 2);
  CHECK(reads(fixture) == at_start + 1);

  // A session with the tag: its queries and answers read the cards no more.
  for (int i = 0; i < 2; ++i) {
    const auto next = fixture.result("review.next", {{"tag", "alpha"}});
    REQUIRE(next.at("card").is_object());
    fixture.result("review.answer",
                   {{"card", next.at("card").at("id").as_int64()}, {"rating", "good"}});
  }
  CHECK(new_with_tag(fixture, "alpha") == 0);
  fixture.clock.advance_ms(3'600'000);  // their learning steps are due
  CHECK(fixture.result("review.next", {{"tag", "alpha"}}).at("counts").at("learning").as_int64() ==
        2);
  CHECK(reads(fixture) == at_start + 1);

  // A note's new tags count at the next query.
  fixture.result("note.update", {{"note", "n2"},
                                 {"fields", english_fields({{"front", "n2"}, {"back", "b"}})},
                                 {"tags", json::array{"ALPHA::y"}}});
  CHECK(new_with_tag(fixture, "alpha") == 1);
  CHECK(new_with_tag(fixture, "beta") == 0);
  CHECK(reads(fixture) == at_start + 3);
  // Both are kept: a review of one beside a prompt that counts the other reads no more.
  CHECK(new_with_tag(fixture, "beta") == 0);
  CHECK(new_with_tag(fixture, "alpha") == 1);
  CHECK(reads(fixture) == at_start + 3);
  // Four at most: the one asked for longest ago goes first.
  for (const char* other : {"gamma", "delta", "epsilon"}) new_with_tag(fixture, other);
  CHECK(reads(fixture) == at_start + 6);
  CHECK(new_with_tag(fixture, "alpha") == 1);
  CHECK(reads(fixture) == at_start + 6);
  CHECK(new_with_tag(fixture, "beta") == 0);
  CHECK(reads(fixture) == at_start + 7);
}

TEST_CASE("tagged cards: never kept from a transaction that is rolled back",
          "[daemon][tagged_cards]") {
  DaemonFixture fixture;
  tagged_notes(fixture);
  daemon::DueIndex& index = fixture.collection.due_index();
  const std::int64_t deck = fixture.collection.decks().require("d").id;
  const std::int64_t today = 0;
  CHECK(index.count_new(deck, today, 100, "gamma") == 0);
  const std::int64_t before = reads(fixture);

  fixture.database.execute("BEGIN");
  fixture.database.execute("UPDATE cards SET tags = 'gamma' WHERE tags = 'beta'");
  // Inside the transaction its own rows count, read card by card.
  CHECK(index.count_new(deck, today, 100, "gamma") == 1);
  CHECK(index.first_new(deck, today, "gamma").has_value());
  CHECK(reads(fixture) == before);
  fixture.database.execute("ROLLBACK");

  CHECK(index.count_new(deck, today, 100, "gamma") == 0);
  CHECK_FALSE(index.first_new(deck, today, "gamma").has_value());
  CHECK(index.count_new(deck, today, 100, "beta") == 1);
}

TEST_CASE("tagged cards: read again after another connection's commit and a replaced file",
          "[daemon][tagged_cards]") {
  TempHome home;
  const std::string path = home.root() + "/collection.sqlite";
  daemon::sqlite::Database database(path);
  daemon::migrate(database, "", 0);
  daemon::Collection collection(database);
  collection.import_deck(choice_deck("d", 3), "test", kTestMorning);
  daemon::DueIndex& index = collection.due_index();
  const std::int64_t deck = collection.decks().require("d").id;
  CHECK(index.count_new(deck, 0, 100, "gamma") == 0);

  {
    daemon::sqlite::Database other(path);
    other.execute("UPDATE cards SET tags = 'gamma' WHERE external_id = 'c-2'");
  }
  CHECK(index.count_new(deck, 0, 100, "gamma") == 1);

  // The backup API writes no row the hook hears and no commit of another connection.
  const std::string backup = home.root() + "/backup.sqlite";
  {
    daemon::sqlite::Database other(path);
    other.execute("VACUUM INTO '" + backup + "'");
  }
  {
    daemon::sqlite::Database copy(backup);
    copy.execute("UPDATE cards SET tags = 'gamma'");
  }
  CHECK(index.count_new(deck, 0, 100, "gamma") == 1);
  DayCalendar calendar(4);
  collection.replace_with(backup, path + ".restoring", kTestMorning, calendar);
  CHECK(index.count_new(deck, 0, 100, "gamma") == 3);
}

TEST_CASE("tagged cards: ids far apart are kept as well as dense ones", "[daemon][tagged_cards]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 4);
  const std::int64_t deck = fixture.collection.decks().require("d").id;
  // Ids kioku never gives, but a restored file may hold: a bit for each id between them would
  // take exabytes.
  fixture.database.execute(
      "PRAGMA foreign_keys = OFF;"
      "UPDATE cards SET tags = 'far' WHERE external_id IN ('c-1', 'c-3');"
      "UPDATE cards SET id = 9223372036854775000 WHERE external_id = 'c-3';"
      "UPDATE card_state SET card_id = 9223372036854775000 WHERE card_id = "
      "(SELECT min(card_id) FROM card_state WHERE card_id NOT IN (SELECT id FROM cards));"
      "PRAGMA foreign_keys = ON;");
  daemon::DueIndex& index = fixture.collection.due_index();
  CHECK(index.count_new(deck, 0, 100, "far") == 2);
  CHECK(index.count_new(deck, 0, 100, "none") == 0);
}
