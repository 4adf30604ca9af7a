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

TEST_CASE("tagged cards: a tag no card has gives no card and no counts, and its first card counts",
          "[daemon][tagged_cards]") {
  DaemonFixture fixture;
  tagged_notes(fixture);
  const json::value next = fixture.result("review.next", {{"tag", "nosuch"}});
  CHECK(next.at("card").is_null());
  CHECK(next.at("next_due").is_null());
  for (const char* count : {"new", "learning", "review"}) {
    CHECK(next.at("counts").at(count).as_int64() == 0);
    CHECK(fixture.result("due.counts", {{"tag", "nosuch"}}).at(count).as_int64() == 0);
  }
  // Known empty, and kept so: a new note with the tag is read alone, not every card again.
  CHECK(fixture.collection.due_index().tagged_cards().few_kept());
  const std::int64_t whole = fixture.collection.due_index().tagged_cards().whole_reads();
  fixture.result("note.add", {{"deck", "d"},
                              {"kind", "basic"},
                              {"id", "n4"},
                              {"fields", english_fields({{"front", "n4"}, {"back", "b"}})},
                              {"tags", json::array{"nosuch"}}});
  const json::value added = fixture.result("review.next", {{"tag", "nosuch"}});
  REQUIRE(added.at("card").is_object());
  CHECK(added.at("card").at("tags") == json::array{"nosuch"});
  CHECK(new_with_tag(fixture, "nosuch") == 1);
  CHECK(fixture.collection.due_index().tagged_cards().whole_reads() == whole);
}

TEST_CASE("tagged cards: a note's edited tags are read alone, as the edit left them",
          "[daemon][tagged_cards]") {
  DaemonFixture fixture;
  tagged_notes(fixture);
  CHECK(new_with_tag(fixture, "alpha") == 2);
  const daemon::TaggedCards& cards = fixture.collection.due_index().tagged_cards();
  const std::int64_t whole = cards.whole_reads();
  // A tag added to a card by a note's edit, and one taken from another.
  fixture.result("note.update", {{"note", "n2"},
                                 {"fields", english_fields({{"front", "n2"}, {"back", "b"}})},
                                 {"tags", json::array{"alpha"}}});
  fixture.result("note.update", {{"note", "n1"},
                                 {"fields", english_fields({{"front", "n1"}, {"back", "b"}})},
                                 {"tags", json::array{"other"}}});
  CHECK(new_with_tag(fixture, "alpha") == 2);
  const json::value next = fixture.result("review.next", {{"tag", "alpha"}});
  REQUIRE(next.at("card").is_object());
  // n2's card: n1's, first in the deck's order, has the tag no more.
  CHECK(next.at("card").at("tags") == json::array{"alpha"});
  // A deleted note's card stays in the cards, suspended: out of the counts either way.
  fixture.result("note.delete", {{"note", "n3"}});
  CHECK(new_with_tag(fixture, "alpha") == 1);
  CHECK(cards.whole_reads() == whole);
}

TEST_CASE("tagged cards: a tag of many cards walks the deck in its order, and of few goes by id",
          "[daemon][tagged_cards]") {
  DaemonFixture fixture;
  constexpr int kCards = static_cast<int>(daemon::TaggedCards::kFewCards) + 10;
  fixture.import_choice_deck("d", kCards);
  const std::int64_t deck = fixture.collection.decks().require("d").id;
  // Every card "many"; the last three in the deck's order "few" too.
  fixture.database.execute("UPDATE cards SET tags = 'many'");
  fixture.database.execute(
      "UPDATE cards SET tags = 'many few' WHERE id IN (SELECT card_id FROM card_state "
      "ORDER BY new_position DESC LIMIT 3)");
  daemon::DueIndex& index = fixture.collection.due_index();
  const daemon::TaggedCards& cards = index.tagged_cards();
  CHECK(index.count_new(deck, 0, 5, "many") == 5);
  CHECK_FALSE(cards.few_kept());
  CHECK(index.first_new(deck, 0, "many") == fixture.card_id("d", "c-1"));
  CHECK(index.count_new(deck, 0, 100, "few") == 3);
  CHECK(cards.few_kept());
  CHECK(index.first_new(deck, 0, "few") == fixture.card_id("d", "c-" + std::to_string(kCards - 2)));
  CHECK(index.count_new(deck, 0, 2, "few") == 2);

  // A tag that grows past kFewCards is walked for from then on, and still counted right.
  fixture.database.execute("UPDATE cards SET tags = 'many few' WHERE tags = 'many'");
  CHECK(index.count_new(deck, 0, kCards + 1, "few") == kCards);
  CHECK_FALSE(cards.few_kept());
  CHECK(index.first_new(deck, 0, "few") == fixture.card_id("d", "c-1"));
}

TEST_CASE("tagged cards: the queries by a tag's few ids go from each id to its card's row",
          "[daemon][tagged_cards]") {
  DaemonFixture fixture;
  // Each starts from kioku_tagged_ids and looks each card up by id: no walk of the deck's
  // index, and the sort of the few rows alone.
  for (const std::string& sql : daemon::DueIndex::tagged_id_lookups()) {
    INFO(sql);
    auto plan = fixture.database.prepare("EXPLAIN QUERY PLAN " + sql);
    std::string details;
    while (plan.step()) details += plan.column_text(3) + "\n";
    INFO(details);
    CHECK(details.find(" tagged VIRTUAL TABLE") != std::string::npos);
    CHECK(details.find("SEARCH card_state USING INTEGER PRIMARY KEY (rowid=?)") !=
          std::string::npos);
    CHECK(details.find("card_state_deck") == std::string::npos);
  }
  // Or from their kept rows of card_state: none read from the file.
  for (const std::string& sql : daemon::DueIndex::tagged_state_lookups()) {
    INFO(sql);
    auto plan = fixture.database.prepare("EXPLAIN QUERY PLAN " + sql);
    std::string details;
    while (plan.step()) details += plan.column_text(3) + "\n";
    INFO(details);
    CHECK(details.find(" card_state VIRTUAL TABLE") != std::string::npos);
    CHECK(details.find("USING") == std::string::npos);
  }
}

TEST_CASE("tagged cards: a tag every card has gives, by its few ids, the queue without a tag",
          "[daemon][tagged_cards]") {
  DaemonFixture tagged;
  DaemonFixture plain;
  for (DaemonFixture* fixture : {&tagged, &plain}) {
    fixture->import_choice_deck("d", 12);
    fixture->database.execute("UPDATE cards SET tags = 't'");
  }
  const char* const ratings[] = {"again", "good", "hard", "good", "easy", "again", "good"};
  // Learning, relearning, reviews and new cards, over days: the same card at every step.
  for (int step = 0; step < 80; ++step) {
    INFO("step " << step);
    const json::value with_tag = tagged.result("review.next", {{"tag", "t"}});
    const json::value without = plain.result("review.next");
    CHECK(with_tag.at("counts") == without.at("counts"));
    CHECK(tagged.result("due.counts", {{"tag", "t"}}) == plain.result("due.counts"));
    REQUIRE(with_tag.at("card").is_null() == without.at("card").is_null());
    if (with_tag.at("card").is_null()) {
      CHECK(with_tag.at("next_due_ms") == without.at("next_due_ms"));
    } else {
      CHECK(with_tag.at("card").at("external_id") == without.at("card").at("external_id"));
      const char* rating = ratings[step % 7];
      tagged.answer(with_tag.at("card").at("id").as_int64(), rating);
      plain.answer(without.at("card").at("id").as_int64(), rating);
    }
    for (DaemonFixture* fixture : {&tagged, &plain}) {
      fixture->clock.advance_ms(with_tag.at("card").is_null() ? 6 * 3'600'000 : 90'000);
    }
  }
  // Their states were kept between the queries, and read again after each answer.
  CHECK(tagged.collection.due_index().tagged_cards().states_kept());
}
