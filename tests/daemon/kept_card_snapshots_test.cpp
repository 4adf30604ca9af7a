// The cards stats.report keeps between reports (daemon/store/kept_card_snapshots.hpp): after
// every kind of write that changes a card (answers, undo, burying, suspending, note edits,
// deletes and restores, retired cards, imports on this connection and on another, deck
// options, a write rolled back after a report saw it), the report of a collection that kept its
// cards is the report of a fresh connection that reads them all.
#include <functional>

#include "daemon/methods/dispatcher.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/collection_snapshot.hpp"
#include "daemon/store/migrations.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/json_rpc_calls.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

// A collection in a file, so that a second connection can read it as a fresh daemon would.
struct KeptCardsFixture {
  TempHome home;
  std::string path = home.root() + "/collection.sqlite";
  daemon::sqlite::Database database{path};
  int configured = (database.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON"), 0);
  int migrated = daemon::migrate(database, "", 0);
  daemon::Collection collection{database};
  FakeClock clock{kTestMorning};
  daemon::MethodContext context{collection, clock, DayCalendar(4), path};

  json::value result(daemon::MethodContext& on, const std::string& method,
                     json::object params = {}) {
    const json::value response =
        json::parse(daemon::dispatch_line(request_line(1, method, std::move(params)), on, {}));
    INFO(json::serialize(response));
    REQUIRE(response.as_object().contains("result"));
    return response.at("result");
  }

  json::value result(const std::string& method, json::object params = {}) {
    return result(context, method, std::move(params));
  }

  // The report as a connection that kept nothing reads it.
  json::value fresh_report(const json::object& params) {
    daemon::sqlite::Database fresh_database(path);
    fresh_database.execute("PRAGMA foreign_keys = ON");
    daemon::Collection fresh(fresh_database);
    daemon::MethodContext fresh_context{fresh, clock, DayCalendar(4), path};
    return result(fresh_context, "stats.report", params);
  }

  // The whole collection's report and each deck's, kept and fresh, agree.
  void check_reports(const std::string& after, const std::vector<std::string>& decks = {"a", "b"}) {
    INFO("after " << after);
    std::vector<json::object> reports{json::object{{"period", "all"}}};
    for (const std::string& deck : decks) reports.push_back({{"deck", deck}, {"period", "all"}});
    for (const json::object& params : reports) {
      INFO(json::serialize(params));
      CHECK(result("stats.report", params) == fresh_report(params));
    }
  }

  std::int64_t whole_reads() { return collection.kept_card_snapshots().whole_reads(); }

  // The report as kiokud's readers' thread reads it: through a snapshot on the connection this
  // thread keeps between snapshots (collection_snapshot.hpp).
  json::value snapshot_report(const json::object& params) {
    daemon::CollectionSnapshot snapshot(path);
    daemon::MethodContext on{snapshot.collection(), clock, DayCalendar(4), path};
    return result(on, "stats.report", params);
  }

  // How many times the thread's kept snapshot connection has read every card.
  std::int64_t snapshot_whole_reads() {
    daemon::CollectionSnapshot snapshot(path);
    return snapshot.collection().kept_card_snapshots().whole_reads();
  }

  // The snapshot's report of the whole collection and of deck a is a fresh connection's.
  void check_snapshot_reports(const std::string& after) {
    INFO("after " << after);
    for (const json::object& params :
         {json::object{{"period", "all"}}, json::object{{"deck", "a"}, {"period", "all"}}}) {
      INFO(json::serialize(params));
      CHECK(snapshot_report(params) == fresh_report(params));
    }
  }

  void import_choice_deck(const std::string& id, int count) {
    collection.import_deck(choice_deck(id, count), "test", clock.now());
  }

  std::vector<std::int64_t> cards_of(const std::string& deck) {
    return collection.cards().ids_in_deck(collection.decks().require(deck).id);
  }
};

}  // namespace

TEST_CASE("kept cards: every kind of write is in the next report as a fresh read has it",
          "[daemon][stats]") {
  KeptCardsFixture fixture;
  fixture.import_choice_deck("a", 6);
  fixture.import_choice_deck("b", 3);
  fixture.result("note.add", {{"deck", "a"},
                              {"kind", "reverse"},
                              {"id", "rev"},
                              {"fields", english_fields({{"front", "cat"}, {"back", "猫"}})}});
  fixture.check_reports("the imports");
  const std::int64_t reads_at_start = fixture.whole_reads();
  const std::vector<std::int64_t> a = fixture.cards_of("a");
  const std::vector<std::int64_t> b = fixture.cards_of("b");
  REQUIRE(a.size() == 8);
  REQUIRE(b.size() == 3);

  fixture.result("review.answer", {{"card", a[0]}, {"choice", 1}, {"rating", "easy"}});
  fixture.result("review.answer", {{"card", a[1]}, {"choice", 2}});
  fixture.result("review.answer", {{"card", b[0]}, {"choice", 1}, {"rating", "good"}});
  fixture.check_reports("answers");
  fixture.clock.advance_days(3);
  fixture.result("review.answer", {{"card", a[0]}, {"choice", 2}});
  fixture.check_reports("a lapse days later");
  fixture.result("review.undo", {{"card", a[0]}});
  fixture.check_reports("an undo");
  fixture.result("review.bury", {{"card", a[2]}});
  fixture.result("card.suspend", {{"cards", json::array{a[3], b[1]}}});
  fixture.check_reports("a bury and suspensions");
  fixture.result("card.unsuspend", {{"cards", json::array{b[1]}}});
  fixture.check_reports("an unsuspension");
  fixture.result("note.delete", {{"note", "c-5"}, {"deck", "a"}});
  fixture.check_reports("a deleted note");
  fixture.result("note.restore", {{"note", "c-5"}, {"deck", "a"}});
  fixture.check_reports("a restored note");
  fixture.result("note.update", {{"note", "rev"},
                                 {"deck", "a"},
                                 {"kind", "basic"},
                                 {"fields", english_fields({{"front", "cat"}, {"back", "猫"}})}});
  fixture.check_reports("a note edit that retires a card");
  fixture.collection.cards().set_retired(a[4], true);
  fixture.check_reports("a retired card");
  // None of these needed every card read again.
  CHECK(fixture.whole_reads() == reads_at_start);

  // An import writes its deck's row, and a deck's options (an FSRS deck's cards point at its
  // weights) are read again with every card.
  fixture.import_choice_deck("b", 5);
  fixture.check_reports("a bigger import of b");
  const std::int64_t reads_after_import = fixture.whole_reads();
  fixture.result("deck.config", {{"deck", "b"}, {"set", {{"algorithm", "fsrs"}}}});
  fixture.check_reports("a deck moved to FSRS");
  CHECK(fixture.whole_reads() == reads_after_import + 1);
}

TEST_CASE("kept cards: a commit by another connection has every card read again",
          "[daemon][stats]") {
  KeptCardsFixture fixture;
  fixture.import_choice_deck("a", 3);
  fixture.check_reports("the import", {"a"});
  const std::int64_t reads_before = fixture.whole_reads();
  {
    // As the server's worker imports: its own connection, its own collection.
    daemon::sqlite::Database other_database(fixture.path);
    daemon::Collection other(other_database);
    other.import_deck(choice_deck("b", 1), "test", fixture.clock.now());
  }
  fixture.check_reports("an import by another connection");
  CHECK(fixture.whole_reads() > reads_before);
  CHECK(integer_at(fixture.result("stats.report", {{"deck", "b"}}), {"card_counts", "total"}) == 1);
}

TEST_CASE("kept cards: a change a report saw inside a transaction is read again after its rollback",
          "[daemon][stats]") {
  KeptCardsFixture fixture;
  fixture.import_choice_deck("a", 3);
  fixture.import_choice_deck("b", 1);
  fixture.check_reports("the imports");
  const std::vector<std::int64_t> a = fixture.cards_of("a");
  auto total_of_a = [&] {
    return integer_at(fixture.result("stats.report", {{"deck", "a"}}), {"card_counts", "total"});
  };

  fixture.database.execute("BEGIN IMMEDIATE");
  fixture.collection.cards().set_retired(a[0], true);
  CHECK(total_of_a() == 2);  // the report inside the transaction sees its write
  fixture.database.execute("ROLLBACK");
  CHECK(total_of_a() == 3);
  fixture.check_reports("the rollback");

  // And a rollback to a savepoint, as the group commit undoes one failed request.
  fixture.database.execute("BEGIN IMMEDIATE");
  fixture.database.execute("SAVEPOINT request");
  fixture.collection.cards().set_retired(a[1], true);
  CHECK(total_of_a() == 2);
  fixture.database.execute("ROLLBACK TO request; RELEASE request; COMMIT");
  CHECK(total_of_a() == 3);
  fixture.check_reports("the rollback to a savepoint");
}

TEST_CASE("kept cards: a restored file has every card read again", "[daemon][stats]") {
  KeptCardsFixture fixture;
  fixture.import_choice_deck("a", 4);
  fixture.import_choice_deck("b", 2);
  const daemon::BackupFile copy =
      daemon::backup_collection_file(fixture.path, fixture.home.root() + "/copy.sqlite", false);
  const std::vector<std::int64_t> a = fixture.cards_of("a");
  fixture.result("review.answer", {{"card", a[0]}, {"choice", 1}, {"rating", "easy"}});
  fixture.result("card.suspend", {{"cards", json::array{a[1]}}});
  fixture.result("note.delete", {{"note", "c-3"}, {"deck", "a"}});
  fixture.check_reports("the changes after the copy");
  const std::int64_t reads_before = fixture.whole_reads();

  fixture.collection.replace_with(copy.path, fixture.path + ".restoring", fixture.clock.now(),
                                  DayCalendar(4));
  fixture.check_reports("the restore");
  CHECK(fixture.whole_reads() == reads_before + 1);
  CHECK(integer_at(fixture.result("stats.report", {{"deck", "a"}}), {"card_counts", "new"}) == 4);
}

TEST_CASE("kept cards: past 4,096 changed rows every card is read again, once", "[daemon][stats]") {
  KeptCardsFixture fixture;
  fixture.import_choice_deck("a", 10);
  fixture.import_choice_deck("b", 1);
  fixture.check_reports("the imports");
  const std::vector<std::int64_t> a = fixture.cards_of("a");
  const std::int64_t reads_before = fixture.whole_reads();
  // Each suspension and lifting writes two rows (cards and card_state): 4,400 rows in all, the
  // last of them a suspension.
  for (int round = 0; round < 1100; ++round) {
    fixture.result("card.suspend", {{"cards", json::array{a[round % 10]}}});
    if (round < 1099) fixture.result("card.unsuspend", {{"cards", json::array{a[round % 10]}}});
  }
  fixture.check_reports("4,400 changed rows");
  CHECK(fixture.whole_reads() == reads_before + 1);
  CHECK(integer_at(fixture.result("stats.report", {{"deck", "a"}}), {"card_counts", "suspended"}) ==
        1);
}

TEST_CASE(
    "kept cards: a snapshot connection keeps them while nothing is committed, and reads "
    "them again after any commit",
    "[daemon][stats][snapshot]") {
  KeptCardsFixture fixture;
  fixture.import_choice_deck("a", 4);
  fixture.import_choice_deck("b", 2);
  fixture.check_snapshot_reports("the imports");
  const std::int64_t reads_at_start = fixture.snapshot_whole_reads();
  // Snapshots with nothing committed between them read no card again: two reports, and the
  // note.find-like snapshots in between.
  fixture.check_snapshot_reports("nothing");
  CHECK(fixture.snapshot_whole_reads() == reads_at_start);

  // Each commit of the writer's connection (kiokud's own) is in the next snapshot's report:
  // an answer, a suspension, a deleted note, a restored file.
  const daemon::BackupFile copy =
      daemon::backup_collection_file(fixture.path, fixture.home.root() + "/copy.sqlite", false);
  const std::vector<std::int64_t> a = fixture.cards_of("a");
  fixture.result("review.answer", {{"card", a[0]}, {"choice", 1}, {"rating", "easy"}});
  fixture.check_snapshot_reports("an answer");
  CHECK(fixture.snapshot_whole_reads() == reads_at_start + 1);
  CHECK(integer_at(fixture.snapshot_report({{"deck", "a"}}), {"card_counts", "new"}) == 3);
  fixture.result("card.suspend", {{"cards", json::array{a[1]}}});
  fixture.check_snapshot_reports("a suspension");
  fixture.result("note.delete", {{"note", "c-3"}, {"deck", "a"}});
  fixture.check_snapshot_reports("a deleted note");
  fixture.collection.replace_with(copy.path, fixture.path + ".restoring", fixture.clock.now(),
                                  DayCalendar(4));
  fixture.check_snapshot_reports("the restore");
  CHECK(integer_at(fixture.snapshot_report({{"deck", "a"}}), {"card_counts", "new"}) == 4);
}

TEST_CASE("kept cards: a connection takes one row-change listener", "[daemon][stats]") {
  KeptCardsFixture fixture;
  CHECK_THROWS_AS(fixture.database.listen_to_row_changes([](std::string_view, std::int64_t) {}),
                  std::logic_error);
}
