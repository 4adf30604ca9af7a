// The queue's lookups: which learning card comes first when both learning phases have some due,
// and that none of review.next's, review.answer's and due.counts' statements sorts, so each
// stays a walk of an index however large the deck (a sort there was a third of review.next's
// time on a million cards).
#include <sqlite3.h>

#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

std::string phase_of(const json::value& answered) {
  return std::string(answered.at("state").at("phase").as_string());
}

// Deck "deck" of three cards with c-1 a review card answered Again `relearn_at_minute` minutes
// into its due day (relearning, due 10 minutes later), and c-3 a new card answered Again
// `learn_at_minute` minutes in (learning, due 1 minute later); c-2 stays new. The clock is
// then 30 minutes in, both due.
void relearning_and_learning_due(DaemonFixture& fixture, int relearn_at_minute,
                                 int learn_at_minute) {
  fixture.import_choice_deck("deck", 3);
  fixture.result(
      "deck.config",
      {{"deck", "deck"},
       {"set", {{"fuzz", "off"}, {"learning_steps", "1m 10m"}, {"relearning_steps", "10m"}}}});
  REQUIRE(phase_of(fixture.answer(fixture.card_id("deck", "c-1"), "easy")) == "review");
  fixture.clock.advance_days(4);
  const TimestampMs start = fixture.clock.now();
  const auto answer_at = [&](int minute, const char* external, const char* phase) {
    fixture.clock.set(start + minute * 60'000);
    REQUIRE(phase_of(fixture.answer(fixture.card_id("deck", external), "again")) == phase);
  };
  if (relearn_at_minute <= learn_at_minute) {
    answer_at(relearn_at_minute, "c-1", "relearning");
    answer_at(learn_at_minute, "c-3", "learning");
  } else {
    answer_at(learn_at_minute, "c-3", "learning");
    answer_at(relearn_at_minute, "c-1", "relearning");
  }
  fixture.clock.set(start + 30 * 60'000);
}

std::int64_t next_card_id(DaemonFixture& fixture) {
  return fixture.result("review.next").at("card").at("id").as_int64();
}

}  // namespace

TEST_CASE("queue: of a learning and a relearning card both due, the one due first comes first",
          "[daemon][queue]") {
  SECTION("relearning due first") {
    DaemonFixture fixture;
    relearning_and_learning_due(fixture, 0, 15);  // due at minutes 10 and 16
    CHECK(next_card_id(fixture) == fixture.card_id("deck", "c-1"));
  }
  SECTION("learning due first") {
    DaemonFixture fixture;
    relearning_and_learning_due(fixture, 5, 0);  // due at minutes 15 and 1
    CHECK(next_card_id(fixture) == fixture.card_id("deck", "c-3"));
  }
}

TEST_CASE("queue: review.next, review.answer and due.counts sort nothing, with a tag or without",
          "[daemon][queue]") {
  DaemonFixture fixture;
  relearning_and_learning_due(fixture, 0, 15);
  sqlite3* connection = fixture.database.handle();
  // What the setup ran (a test helper's lookups among it) counts for nothing.
  for (sqlite3_stmt* statement = sqlite3_next_stmt(connection, nullptr); statement != nullptr;
       statement = sqlite3_next_stmt(connection, statement)) {
    for (const int counter :
         {SQLITE_STMTSTATUS_VM_STEP, SQLITE_STMTSTATUS_SORT, SQLITE_STMTSTATUS_AUTOINDEX}) {
      sqlite3_stmt_status(statement, counter, 1);
    }
  }
  for (int i = 0; i < 6; ++i) {
    const json::value next = fixture.result("review.next");
    if (next.at("card").is_null()) break;
    fixture.answer(next.at("card").at("id").as_int64(), "good");
    fixture.result("due.counts", {{"deck", "deck"}});
  }
  fixture.result("review.next", {{"tag", "none-has-it"}});
  fixture.result("due.counts", {{"tag", "none-has-it"}});

  int statements_run = 0;
  for (sqlite3_stmt* statement = sqlite3_next_stmt(connection, nullptr); statement != nullptr;
       statement = sqlite3_next_stmt(connection, statement)) {
    if (sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 0) == 0) continue;
    ++statements_run;
    INFO(sqlite3_sql(statement));
    CHECK(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_SORT, 0) == 0);
    CHECK(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_AUTOINDEX, 0) == 0);
  }
  CHECK(statements_run > 10);
}
