// Migrations on an in-memory database, and every statement of the store prepared against the
// result: a typo in SQL fails here, not on a user's first answer.
#include <catch2/catch.hpp>

#include "daemon/store/collection.hpp"
#include "daemon/store/migrations.hpp"

using namespace kioku;
using namespace kioku::daemon;

TEST_CASE("migrations: an empty database is brought to the latest version", "[daemon][store]") {
  sqlite::Database database(":memory:");
  REQUIRE(database.user_version() == 0);
  CHECK(migrate(database, "", 0) == 0);
  CHECK(database.user_version() == latest_schema_version());
  CHECK(latest_schema_version() >= 1);
  // Every prepared statement compiles against the migrated schema.
  CHECK_NOTHROW(Collection(database));
  // Migrating again is a no-op.
  CHECK(migrate(database, "", 0) == latest_schema_version());
}

TEST_CASE("migrations: the schema uses STRICT tables and the due indices", "[daemon][store]") {
  sqlite::Database database(":memory:");
  migrate(database, "", 0);
  auto tables = database.prepare(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name IN "
      "('decks', 'cards', 'card_state', 'revlog', 'daily_stats', 'collection_meta')");
  int count = 0;
  while (tables.step()) {
    ++count;
    INFO(tables.column_text(0));
    CHECK(tables.column_text(1).find("STRICT") != std::string::npos);
  }
  CHECK(count == 6);
  const auto plan_of = [&](const std::string& query) {
    auto plan = database.prepare("EXPLAIN QUERY PLAN " + query);
    std::string details;
    while (plan.step()) details += plan.column_text(3) + "\n";
    return details;
  };
  // Counting due cards and finding the next one never touch the table or sort.
  const std::string count_plan = plan_of(
      "SELECT count(*) FROM card_state WHERE deck_id = 1 AND suspended = 0 AND phase = 'review' "
      "AND due_ms <= 5");
  CHECK(count_plan.find("USING COVERING INDEX card_state_deck_due") != std::string::npos);
  const std::string next_plan = plan_of(
      "SELECT card_id FROM card_state WHERE deck_id = 1 AND suspended = 0 AND phase = 'review' "
      "AND due_ms <= 5 ORDER BY due_ms, card_id LIMIT 1");
  CHECK(next_plan.find("USING COVERING INDEX card_state_deck_due") != std::string::npos);
  CHECK(next_plan.find("TEMP B-TREE") == std::string::npos);
}

TEST_CASE("migrations: a collection newer than this kiokud is refused", "[daemon][store]") {
  sqlite::Database database(":memory:");
  database.execute("PRAGMA user_version = 999");
  try {
    migrate(database, "", 0);
    FAIL("no error for a newer collection");
  } catch (const Error& error) {
    CHECK(std::string(error.what()).find("schema version 999, newer than this kiokud") !=
          std::string::npos);
  }
}

TEST_CASE("migrations: a failing migration is rolled back and names itself", "[daemon][store]") {
  const EmbeddedFile migrations[] = {
      {"0001_ok.sql", "CREATE TABLE a (x INTEGER) STRICT;"},
      {"0002_broken.sql", "CREATE TABLE b (y INTEGER) STRICT; CREATE TABLE a (x INTEGER);"},
  };
  sqlite::Database database(":memory:");
  try {
    migrate(database, "", 0, migrations);
    FAIL("no error for a broken migration");
  } catch (const Error& error) {
    CHECK(std::string(error.what()).find("0002_broken.sql") != std::string::npos);
  }
  CHECK(database.user_version() == 1);
  auto table_b = database.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'b'");
  table_b.step();
  CHECK(table_b.column_int(0) == 0);
}
