// Migrations on an in-memory database, and every statement of the store prepared against the
// result: a typo in SQL fails here, not on a user's first answer.
#include <catch2/catch.hpp>

#include "daemon/store/collection.hpp"
#include "daemon/store/migrations.hpp"

using namespace kioku;
using namespace kioku::daemon;

namespace {

// What SQLite's planner does for `query`, one step a line.
std::string query_plan(sqlite::Database& database, const std::string& query) {
  auto plan = database.prepare("EXPLAIN QUERY PLAN " + query);
  std::string details;
  while (plan.step()) details += plan.column_text(3) + "\n";
  return details;
}

}  // namespace

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
  // Counting due cards and finding the next one never touch the table or sort.
  const std::string count_plan = query_plan(
      database,
      "SELECT count(*) FROM card_state WHERE deck_id = 1 AND suspended = 0 AND phase = 'review' "
      "AND due_ms <= 5");
  CHECK(count_plan.find("USING COVERING INDEX card_state_deck_due") != std::string::npos);
  const std::string next_plan = query_plan(
      database,
      "SELECT card_id FROM card_state WHERE deck_id = 1 AND suspended = 0 AND phase = 'review' "
      "AND due_ms <= 5 AND buried_until_day <= 3 "
      "ORDER BY due_ms, interday, buried_until_day, card_id LIMIT 1");
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

TEST_CASE("migrations: version 3 keeps a version 2 collection's cards unburied and intraday",
          "[daemon][store]") {
  sqlite::Database database(":memory:");
  REQUIRE(latest_schema_version() >= 3);
  migrate(database, "", 0, kMigrations.first(2));
  database.execute(
      "INSERT INTO decks (id, slug, name, created_ms, modified_ms) VALUES (1, 'd', '{}', 0, 0);"
      "INSERT INTO cards (id, deck_id, external_id, kind, content, content_hash, position, "
      "created_ms, modified_ms) VALUES (7, 1, 'c', 'choice', '{}', 'h', 1, 0, 0);"
      "INSERT INTO card_state (card_id, deck_id, phase, due_ms) VALUES (7, 1, 'learning', 5);"
      "INSERT INTO daily_stats (day, deck_id, reviews) VALUES (3, 1, 2);");
  CHECK(migrate(database, "", 0) == 2);
  auto row = database.prepare(
      "SELECT s.interday, s.buried_until_day, c.note, d.interday_answers FROM card_state s "
      "JOIN cards c ON c.id = s.card_id JOIN daily_stats d ON d.deck_id = s.deck_id");
  REQUIRE(row.step());
  CHECK(row.column_int(0) == 0);
  CHECK(row.column_int(1) == 0);
  CHECK(row.column_text(2).empty());
  CHECK(row.column_int(3) == 0);
}

TEST_CASE("migrations: the queue lookups with burial and interday stay on covering indices",
          "[daemon][store]") {
  sqlite::Database database(":memory:");
  migrate(database, "", 0);
  const std::string interday = query_plan(
      database,
      "SELECT card_id FROM card_state WHERE deck_id = 1 AND suspended = 0 AND phase IN "
      "('learning', 'relearning') AND due_ms <= 5 AND interday = 1 AND buried_until_day <= 3 "
      "ORDER BY due_ms, interday, buried_until_day, card_id LIMIT 1");
  CHECK(interday.find("USING COVERING INDEX card_state_deck_due") != std::string::npos);
  const std::string fresh = query_plan(
      database,
      "SELECT card_id FROM card_state WHERE deck_id = 1 AND suspended = 0 AND phase = 'new' "
      "AND buried_until_day <= 3 ORDER BY new_position, buried_until_day, card_id LIMIT 1");
  CHECK(fresh.find("USING COVERING INDEX card_state_deck_new") != std::string::npos);
  CHECK(fresh.find("TEMP B-TREE") == std::string::npos);
  const std::string buried =
      query_plan(database,
                 "SELECT min(due_ms) FROM card_state WHERE deck_id = 1 AND buried_until_day > 0 "
                 "AND buried_until_day > 3 AND suspended = 0 AND phase <> 'new'");
  CHECK(buried.find("card_state_buried") != std::string::npos);
  // Sibling burying finds a card's siblings through the note index, not a scan of its deck.
  const std::string siblings = query_plan(
      database,
      "SELECT sibling.id FROM cards card JOIN cards sibling ON sibling.deck_id = card.deck_id "
      "AND sibling.note = card.note AND sibling.note <> '' "
      "WHERE card.id = 1 AND card.note <> '' AND sibling.id <> card.id");
  CHECK(siblings.find("INDEX cards_note") != std::string::npos);
}
