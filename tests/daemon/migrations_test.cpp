// Migrations on an in-memory database, and every statement of the store prepared against the
// result: a typo in SQL fails here, not on a user's first answer.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "daemon/methods/rebuild.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/due_index.hpp"
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
  // Counting due cards and finding the next one never touch the table or sort: each of the
  // queue's own queries stays on its covering index.
  for (const IndexedQuery& lookup : DueIndex::queue_lookups()) {
    INFO(lookup.sql);
    const std::string plan = query_plan(database, lookup.sql);
    INFO(plan);
    CHECK(plan.find("USING COVERING INDEX " + lookup.index) != std::string::npos);
    CHECK(plan.find("TEMP B-TREE") == std::string::npos);
    CHECK(plan.find("SCAN card_state") == std::string::npos);
  }
  // New cards are in card_state_deck_due no more (schema 15): they have no due time.
  auto partial = database.prepare(
      "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = 'card_state_deck_due'");
  REQUIRE(partial.step());
  CHECK(partial.column_text(0).find("WHERE phase <> 'new'") != std::string::npos);
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

TEST_CASE("migrations: burial finds buried cards and siblings through their indices",
          "[daemon][store]") {
  sqlite::Database database(":memory:");
  migrate(database, "", 0);
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

namespace {

// Every row of `table`, one string each, sorted: equal lists mean the same rows.
std::vector<std::string> rows_of(sqlite::Database& database, const std::string& table) {
  std::string columns;
  auto names = database.prepare("SELECT name FROM pragma_table_info('" + table + "') ORDER BY cid");
  while (names.step()) {
    columns += (columns.empty() ? "quote(" : " || '|' || quote(") + names.column_text(0) + ")";
  }
  auto select = database.prepare("SELECT " + columns + " FROM " + table);
  std::vector<std::string> rows;
  while (select.step()) rows.push_back(select.column_text(0));
  std::sort(rows.begin(), rows.end());
  return rows;
}

// Every index: its table, name, uniqueness, origin, whether it is partial, its SQL and its
// columns in order.
std::vector<std::string> indexes_of(sqlite::Database& database) {
  auto select = database.prepare(
      "SELECT t.name || ' ' || i.name || ' unique=' || i.\"unique\" || ' origin=' || i.origin || "
      "' partial=' || i.partial || ' sql=' || coalesce(s.sql, '') || ' columns=' || "
      "(SELECT group_concat(name, ',') FROM (SELECT name FROM pragma_index_info(i.name) "
      "ORDER BY seqno)) "
      "FROM sqlite_master t JOIN pragma_index_list(t.name) i "
      "LEFT JOIN sqlite_master s ON s.type = 'index' AND s.name = i.name "
      "WHERE t.type = 'table' ORDER BY i.name");
  std::vector<std::string> indexes;
  while (select.step()) indexes.push_back(select.column_text(0));
  return indexes;
}

std::int64_t integer(sqlite::Database& database, const std::string& query) {
  auto select = database.prepare(query);
  REQUIRE(select.step());
  return select.column_int(0);
}

const char* const kTables[] = {"collection_meta", "decks",       "cards",
                               "card_state",      "daily_stats", "revlog"};

// Copies every row of `tables` from `source` to `target`, the columns `target`'s tables have:
// a collection made by today's stores, as an older schema holds it.
void copy_rows(sqlite::Database& source, sqlite::Database& target,
               std::span<const char* const> tables) {
  for (const char* table : tables) {
    std::vector<std::string> columns;
    auto names = target.prepare(std::string("SELECT name FROM pragma_table_info('") + table +
                                "') ORDER BY cid");
    while (names.step()) columns.push_back(names.column_text(0));
    std::string list;
    std::string places;
    for (std::size_t i = 0; i < columns.size(); ++i) {
      list += (i == 0 ? "" : ", ") + columns[i];
      places += (i == 0 ? "?" : ", ?") + std::to_string(i + 1);
    }
    sqlite3_stmt* select = nullptr;
    sqlite3_stmt* insert = nullptr;
    const std::string select_sql = "SELECT " + list + " FROM " + table;
    const std::string insert_sql =
        std::string("INSERT INTO ") + table + " (" + list + ") VALUES (" + places + ")";
    REQUIRE(sqlite3_prepare_v2(source.handle(), select_sql.c_str(), -1, &select, nullptr) ==
            SQLITE_OK);
    REQUIRE(sqlite3_prepare_v2(target.handle(), insert_sql.c_str(), -1, &insert, nullptr) ==
            SQLITE_OK);
    while (sqlite3_step(select) == SQLITE_ROW) {
      for (int i = 0; i < static_cast<int>(columns.size()); ++i) {
        sqlite3_bind_value(insert, i + 1, sqlite3_column_value(select, i));
      }
      REQUIRE(sqlite3_step(insert) == SQLITE_DONE);
      sqlite3_reset(insert);
    }
    sqlite3_finalize(select);
    sqlite3_finalize(insert);
  }
}

// The deck of the version 4 collection: four choice cards, the first two siblings.
Deck version_4_deck() {
  Deck deck;
  deck.id = "v4";
  deck.languages = {"en", "ja"};
  deck.name = {{"en", "Version 4"}, {"ja", "版 4"}};
  for (int i = 1; i <= 4; ++i) {
    DeckCard card;
    card.id = "c-" + std::to_string(i);
    card.kind = "choice";
    card.note = i <= 2 ? "pair" : "";
    card.tags = {"t" + std::to_string(i)};
    card.question = {{"en", "Q" + std::to_string(i)}};
    card.choices = {{"en", {"right", "wrong"}}};
    card.answer = 1;
    card.explanation = {{"en", "E"}};
    deck.cards.push_back(card);
  }
  return deck;
}

// A version 4 collection as kiokud 4 left it: a deck of choice cards, two of them siblings,
// answers with and without answer ids (and one classic SM-2 quality), their roll-ups and
// states. Card 1 has answers; the last card has none. Made by today's stores on a collection of
// its own, then copied into the version 4 tables: the stores' statements need today's schema.
void fill_version_4(sqlite::Database& database) {
  sqlite::Database made(":memory:");
  migrate(made, "", 0);
  Collection collection(made);
  collection.meta().set("bundled_decks_offered", "1");
  collection.import_deck(version_4_deck(), "test", 1000);
  const std::int64_t deck_id = collection.decks().by_slug("v4")->id;
  const std::vector<std::int64_t> cards = collection.cards().ids_in_deck(deck_id);
  for (int i = 0; i < 3; ++i) {
    AnswerRecord answer;
    answer.card_id = cards[i % 2];
    answer.deck_id = deck_id;
    answer.reviewed = 2000 + i;
    answer.day = 20 + i;
    answer.rating = i == 1 ? Rating::kAgain : Rating::kGood;
    answer.correct = i != 1;
    answer.chosen = i == 1 ? 2 : 1;
    answer.after.phase = Phase::kLearning;
    answer.after.due = 5000 + i;
    answer.after.stability = i == 2 ? 1.5 : 0;
    answer.duration_ms = 700;
    answer.scheduler = "sm2";
    if (i == 2) answer.quality = 4;
    if (i != 1) answer.answer_id = "answer-" + std::to_string(i);
    answer.bury_siblings.new_cards = true;
    collection.record_answer(answer);
  }
  // The states a replay of the log gives, as a real collection's are: a rebuild after a
  // migration must then find nothing to change.
  collection.write([&] { rebuild_deck(collection, deck_id, DeckOptions{}, DayCalendar(4)); });
  REQUIRE(migrate(database, "", 0, kMigrations.first(4)) == 0);
  copy_rows(made, database, kTables);
}

}  // namespace

TEST_CASE("migrations: version 5 keeps every row and index of a version 4 collection",
          "[daemon][store]") {
  REQUIRE(latest_schema_version() >= 5);
  sqlite::Database database(":memory:");
  fill_version_4(database);
  std::map<std::string, std::vector<std::string>> before;
  for (const char* table : kTables) before[table] = rows_of(database, table);
  const std::vector<std::string> indexes_before = indexes_of(database);
  REQUIRE(before["revlog"].size() == 3);
  REQUIRE(before["daily_stats"].size() == 3);
  CHECK(integer(database, "SELECT count(*) FROM revlog WHERE answer_id IS NOT NULL") == 2);
  CHECK(integer(database, "SELECT count(*) FROM card_state WHERE buried_until_day > 0") > 0);

  // As kiokud migrates: with foreign keys on (configure_collection_connection).
  database.execute("PRAGMA foreign_keys = ON");
  CHECK(migrate(database, "", 0, kMigrations.first(5)) == 4);
  CHECK(database.user_version() == 5);
  for (const char* table : kTables) {
    INFO(table);
    CHECK(rows_of(database, table) == before[table]);
  }
  CHECK(indexes_of(database) == indexes_before);
  CHECK(integer(database, "PRAGMA foreign_keys") == 1);  // on again afterwards
  CHECK(integer(database, "SELECT count(*) FROM pragma_foreign_key_check") == 0);
  // The revlog's answer ids are still unique.
  CHECK_THROWS_AS(database.execute("INSERT INTO revlog (card_id, reviewed_ms, day, rating, "
                                   "phase_before, phase_after, interval_before_days, "
                                   "interval_after_days, due_after_ms, ease_after, duration_ms, "
                                   "scheduler, answer_id) SELECT card_id, 1, 1, 3, 'new', "
                                   "'learning', 0, 0, 0, 0, 0, 'sm2', answer_id FROM revlog "
                                   "WHERE answer_id = 'answer-0'"),
                  sqlite::SqliteError);
}

TEST_CASE("migrations: version 6 keeps every row and index, and checks phases by comparing",
          "[daemon][store]") {
  REQUIRE(latest_schema_version() >= 6);
  sqlite::Database database(":memory:");
  fill_version_4(database);
  REQUIRE(migrate(database, "", 0, kMigrations.first(5)) == 4);
  std::map<std::string, std::vector<std::string>> before;
  for (const char* table : kTables) before[table] = rows_of(database, table);
  const std::vector<std::string> indexes_before = indexes_of(database);
  const auto plan_of_phase_update = [&] {
    auto explain =
        database.prepare("EXPLAIN UPDATE card_state SET phase = 'review' WHERE card_id = 1");
    std::string opcodes;
    while (explain.step()) opcodes += explain.column_text(1) + " ";
    return opcodes;
  };
  // What version 6 is for: version 5 builds a temporary table for the check on every update.
  REQUIRE(plan_of_phase_update().find("OpenEphemeral") != std::string::npos);

  database.execute("PRAGMA foreign_keys = ON");
  CHECK(migrate(database, "", 0, kMigrations.first(6)) == 5);
  for (const char* table : kTables) {
    INFO(table);
    CHECK(rows_of(database, table) == before[table]);
  }
  CHECK(indexes_of(database) == indexes_before);
  CHECK(integer(database, "SELECT count(*) FROM pragma_foreign_key_check") == 0);
  CHECK(plan_of_phase_update().find("OpenEphemeral") == std::string::npos);
  for (const char* phase : {"new", "learning", "review", "relearning"}) {
    INFO(phase);
    CHECK_NOTHROW(database.execute(std::string("UPDATE card_state SET phase = '") + phase +
                                   "' WHERE card_id = 1"));
  }
  for (const char* phase : {"Review", "", "suspended"}) {
    INFO(phase);
    CHECK_THROWS_WITH(database.execute(std::string("UPDATE card_state SET phase = '") + phase +
                                       "' WHERE card_id = 1"),
                      Catch::Contains("CHECK constraint failed"));
  }
}

TEST_CASE(
    "migrations: version 7 puts every card under a note of its own, keeping ids, states and "
    "history",
    "[daemon][store]") {
  REQUIRE(latest_schema_version() >= 7);
  sqlite::Database database(":memory:");
  fill_version_4(database);
  REQUIRE(migrate(database, "", 0, kMigrations.first(6)) == 4);
  std::map<std::string, std::vector<std::string>> before;
  for (const char* table : kTables) before[table] = rows_of(database, table);
  const std::int64_t cards = integer(database, "SELECT count(*) FROM cards");
  REQUIRE(cards == 4);
  const auto card_columns = [&] {
    // What version 6 had of a card, in version 7 too.
    auto select = database.prepare(
        "SELECT id || '|' || deck_id || '|' || external_id || '|' || kind || '|' || content || "
        "'|' || content_hash || '|' || tags || '|' || position || '|' || created_ms || '|' || "
        "modified_ms || '|' || note FROM cards ORDER BY id");
    std::vector<std::string> rows;
    while (select.step()) rows.push_back(select.column_text(0));
    return rows;
  };
  const std::vector<std::string> cards_before = card_columns();

  database.execute("PRAGMA foreign_keys = ON");
  CHECK(migrate(database, "", 0) == 6);
  CHECK(database.user_version() == latest_schema_version());
  // Version 10 gives each answer its cram flag after the columns it had: 0, a scheduled one;
  // version 13 its imported flag: 0, an answer given in kioku.
  for (std::string& row : before["revlog"]) row += "|0|0";
  for (const char* table : {"collection_meta", "decks", "card_state", "daily_stats", "revlog"}) {
    INFO(table);
    CHECK(rows_of(database, table) == before[table]);
  }
  CHECK(card_columns() == cards_before);
  CHECK(integer(database, "SELECT count(*) FROM pragma_foreign_key_check") == 0);
  CHECK(integer(database, "SELECT count(*) FROM notes") == cards);
  CHECK(integer(database,
                "SELECT count(*) FROM cards c JOIN notes n ON n.id = c.note_id WHERE "
                "n.guid = c.external_id AND n.deck_id = c.deck_id AND c.template = 'card' AND "
                "c.retired = 0 AND n.kind = 'choice' AND n.tags = c.tags AND "
                "n.sibling_group = c.note AND n.deleted_ms IS NULL") == cards);

  Collection collection(database);
  const std::int64_t deck_id = collection.decks().by_slug("v4")->id;
  const StoredNote note = *collection.notes().find(deck_id, "c-1");
  CHECK(note.note.kind == NoteKind::kChoice);
  CHECK(note.note.text("question", "en") == "Q1");
  CHECK(note.note.text("explanation", "en") == "E");
  CHECK(note.note.choices.at("en") == std::vector<std::string>{"right", "wrong"});
  CHECK(note.note.answer == 1);
  CHECK(note.note.tags == std::vector<std::string>{"t1"});
  CHECK(note.sibling_group == "pair");

  // doctor --rebuild's replay finds every state as the log says.
  RebuildReport report;
  collection.write(
      [&] { report = rebuild_deck(collection, deck_id, DeckOptions{}, DayCalendar(4)); });
  CHECK(report.cards == cards);
  CHECK(report.changed == 0);

  // Importing the deck again finds every note as it was: nothing added or updated.
  const ImportSummary again = collection.import_deck(version_4_deck(), "test", 9000);
  CHECK(again.added == 0);
  CHECK(again.updated == 0);
  CHECK(again.unchanged == 4);
  CHECK(again.not_in_file == 0);
  CHECK(rows_of(database, "revlog") == before["revlog"]);
}

TEST_CASE("migrations: version 8 keeps every row and index, and checks card kinds by comparing",
          "[daemon][store]") {
  REQUIRE(latest_schema_version() >= 8);
  sqlite::Database database(":memory:");
  fill_version_4(database);
  REQUIRE(migrate(database, "", 0, kMigrations.first(7)) == 4);
  std::map<std::string, std::vector<std::string>> before;
  for (const char* table : kTables) before[table] = rows_of(database, table);
  before["notes"] = rows_of(database, "notes");
  const std::vector<std::string> indexes_before = indexes_of(database);
  const std::int64_t note_id = integer(database, "SELECT min(id) FROM notes");
  const auto insert_card = [&](const std::string& kind, const std::string& template_key) {
    return "INSERT INTO cards (deck_id, note_id, template, external_id, kind, content, "
           "content_hash, position, created_ms, modified_ms) SELECT deck_id, id, '" +
           template_key + "', 'x', '" + kind +
           "', '{}', 'h', 100, 0, 0 FROM notes WHERE id = " + std::to_string(note_id);
  };
  const auto plan_of_card_insert = [&] {
    auto explain = database.prepare("EXPLAIN " + insert_card("basic", "t"));
    std::string opcodes;
    while (explain.step()) opcodes += explain.column_text(1) + " ";
    return opcodes;
  };
  // What version 8 is for: version 7 builds a temporary table for the check on every insert.
  REQUIRE(plan_of_card_insert().find("OpenEphemeral") != std::string::npos);

  database.execute("PRAGMA foreign_keys = ON");
  CHECK(migrate(database, "", 0, kMigrations.first(8)) == 7);
  CHECK(database.user_version() == 8);
  for (const auto& [table, rows] : before) {
    INFO(table);
    CHECK(rows_of(database, table) == rows);
  }
  CHECK(indexes_of(database) == indexes_before);
  CHECK(integer(database, "SELECT count(*) FROM pragma_foreign_key_check") == 0);
  CHECK(plan_of_card_insert().find("OpenEphemeral") == std::string::npos);
  int number = 0;
  for (const char* kind : {"basic", "reverse", "cloze", "typed", "choice"}) {
    INFO(kind);
    CHECK_NOTHROW(database.execute(insert_card(kind, "k" + std::to_string(++number))));
  }
  for (const char* kind : {"audio", "Basic", "basic-optional-reverse", ""}) {
    INFO(kind);
    CHECK_THROWS_WITH(database.execute(insert_card(kind, "k" + std::to_string(++number))),
                      Catch::Contains("CHECK constraint failed"));
  }
  // card_state still refers to cards: a state for no card is refused.
  CHECK_THROWS_WITH(database.execute("INSERT INTO card_state (card_id, deck_id, phase, due_ms) "
                                     "SELECT 999999, id, 'new', 0 FROM decks LIMIT 1"),
                    Catch::Contains("FOREIGN KEY constraint failed"));
}

TEST_CASE("migrations: version 5 cards may be of the note kinds, and of no other",
          "[daemon][store]") {
  sqlite::Database database(":memory:");
  fill_version_4(database);
  migrate(database, "", 0, kMigrations.first(6));
  const std::int64_t deck_id = integer(database, "SELECT id FROM decks");
  auto insert = [&](const std::string& kind, int number) {
    database.execute(
        "INSERT INTO cards (deck_id, external_id, kind, content, content_hash, position, "
        "created_ms, modified_ms) VALUES (" +
        std::to_string(deck_id) + ", 'kind-" + std::to_string(number) + "', '" + kind +
        "', '{}', 'h', 100, 0, 0)");
  };
  int number = 0;
  for (const char* kind : {"basic", "reverse", "cloze", "typed", "choice"}) {
    INFO(kind);
    CHECK_NOTHROW(insert(kind, ++number));
  }
  for (const char* kind : {"audio", "Basic", "basic-optional-reverse", ""}) {
    INFO(kind);
    try {
      insert(kind, ++number);
      FAIL("kind '" << kind << "' was accepted");
    } catch (const sqlite::SqliteError& error) {
      CHECK(std::string(error.what()).find("CHECK constraint failed") != std::string::npos);
    }
  }
  CHECK(integer(database, "SELECT count(*) FROM cards WHERE external_id LIKE 'kind-%'") == 5);
}

TEST_CASE("migrations: from version 5 deleting a card never deletes its answers",
          "[daemon][store]") {
  sqlite::Database database(":memory:");
  fill_version_4(database);
  const std::int64_t answered =
      integer(database, "SELECT card_id FROM revlog GROUP BY card_id ORDER BY count(*) DESC");
  const std::int64_t answers =
      integer(database, "SELECT count(*) FROM revlog WHERE card_id = " + std::to_string(answered));
  REQUIRE(answers > 0);
  migrate(database, "", 0);
  const std::string card = std::to_string(answered);

  SECTION("with foreign keys on, as kiokud runs, the delete is refused and nothing goes") {
    database.execute("PRAGMA foreign_keys = ON");
    try {
      database.execute("DELETE FROM cards WHERE id = " + card);
      FAIL("a card with answers was deleted");
    } catch (const sqlite::SqliteError& error) {
      CHECK(std::string(error.what()).find("FOREIGN KEY constraint failed") != std::string::npos);
    }
    CHECK(integer(database, "SELECT count(*) FROM cards WHERE id = " + card) == 1);
    CHECK(integer(database, "SELECT count(*) FROM card_state WHERE card_id = " + card) == 1);
    CHECK(integer(database, "SELECT count(*) FROM revlog WHERE card_id = " + card) == answers);
    // Nor does deleting its deck, which cascades to its cards.
    CHECK_THROWS_AS(database.execute("DELETE FROM decks"), sqlite::SqliteError);
    CHECK(integer(database, "SELECT count(*) FROM revlog WHERE card_id = " + card) == answers);
    // A card without answers can still go, and takes its state with it.
    const std::string unanswered = std::to_string(integer(
        database, "SELECT max(id) FROM cards WHERE id NOT IN (SELECT card_id FROM revlog)"));
    database.execute("DELETE FROM cards WHERE id = " + unanswered);
    CHECK(integer(database, "SELECT count(*) FROM card_state WHERE card_id = " + unanswered) == 0);
  }
  SECTION("with foreign keys off, the card goes and its answers stay") {
    REQUIRE(integer(database, "PRAGMA foreign_keys") == 0);
    database.execute("DELETE FROM cards WHERE id = " + card);
    CHECK(integer(database, "SELECT count(*) FROM cards WHERE id = " + card) == 0);
    CHECK(integer(database, "SELECT count(*) FROM revlog WHERE card_id = " + card) == answers);
  }
}

TEST_CASE("migrations: run with foreign keys off and checked against them afterwards",
          "[daemon][store]") {
  const EmbeddedFile migrations[] = {
      {"0001_tables.sql",
       "CREATE TABLE parent (id INTEGER PRIMARY KEY) STRICT;"
       "CREATE TABLE child (id INTEGER PRIMARY KEY, "
       "parent INTEGER REFERENCES parent (id) ON DELETE CASCADE) STRICT;"
       "INSERT INTO parent VALUES (1), (2); INSERT INTO child VALUES (10, 1), (20, 2);"},
      // Rebuilding the parent table: with foreign keys on, DROP TABLE would cascade to child.
      {"0002_rebuild.sql",
       "CREATE TABLE new_parent (id INTEGER PRIMARY KEY, name TEXT) STRICT;"
       "INSERT INTO new_parent (id) SELECT id FROM parent; DROP TABLE parent;"
       "ALTER TABLE new_parent RENAME TO parent;"},
      {"0003_loses_a_parent.sql", "DELETE FROM parent WHERE id = 2;"},
  };
  sqlite::Database database(":memory:");
  database.execute("PRAGMA foreign_keys = ON");

  SECTION("a rebuild keeps the rows of the tables that refer to it") {
    CHECK(migrate(database, "", 0, std::span(migrations).first(2)) == 0);
    CHECK(integer(database, "SELECT count(*) FROM child") == 2);
    CHECK(integer(database, "PRAGMA foreign_keys") == 1);
  }
  SECTION("a migration that leaves a row without its parent is rolled back") {
    migrate(database, "", 0, std::span(migrations).first(2));
    try {
      migrate(database, "", 0, migrations);
      FAIL("no error for a migration that broke a foreign key");
    } catch (const Error& error) {
      CHECK(std::string(error.what()) ==
            "migration 0003_loses_a_parent.sql failed: it left 1 rows whose foreign key has no "
            "parent row (PRAGMA foreign_key_check)");
    }
    CHECK(database.user_version() == 2);
    CHECK(integer(database, "SELECT count(*) FROM parent") == 2);
    CHECK(integer(database, "PRAGMA foreign_keys") == 1);
  }
  SECTION("rows that already broke a foreign key do not stop a migration") {
    migrate(database, "", 0, std::span(migrations).first(1));
    database.execute(
        "PRAGMA foreign_keys = OFF; INSERT INTO child VALUES (30, 99);"
        "PRAGMA foreign_keys = ON");
    CHECK(migrate(database, "", 0, std::span(migrations).first(2)) == 1);
    CHECK(integer(database, "SELECT count(*) FROM child") == 3);
  }
}

TEST_CASE("migrations: version 9 keeps every row and index, and voids an answer at most once",
          "[daemon][store]") {
  REQUIRE(latest_schema_version() >= 9);
  sqlite::Database database(":memory:");
  fill_version_4(database);
  REQUIRE(migrate(database, "", 0, kMigrations.first(8)) == 4);
  std::map<std::string, std::vector<std::string>> before;
  for (const char* table : kTables) before[table] = rows_of(database, table);
  before["notes"] = rows_of(database, "notes");
  const std::vector<std::string> indexes_before = indexes_of(database);

  database.execute("PRAGMA foreign_keys = ON");
  CHECK(migrate(database, "", 0, kMigrations.first(9)) == 8);
  CHECK(database.user_version() == 9);
  for (const auto& [table, rows] : before) {
    INFO(table);
    if (table == "cards") continue;  // one column more, below
    CHECK(rows_of(database, table) == rows);
  }
  // Every card keeps its row, and none is suspended by hand.
  CHECK(integer(database, "SELECT count(*) FROM cards") ==
        static_cast<std::int64_t>(before["cards"].size()));
  CHECK(integer(database, "SELECT count(*) FROM cards WHERE suspended_ms IS NOT NULL") == 0);
  CHECK(integer(database, "SELECT count(*) FROM revlog_voids") == 0);
  // The old indices as they were, and the one UNIQUE gives revlog_voids.
  std::vector<std::string> indexes_after = indexes_of(database);
  std::erase_if(indexes_after,
                [](const std::string& index) { return index.starts_with("revlog_voids "); });
  CHECK(indexes_after == indexes_before);
  CHECK(integer(database, "SELECT count(*) FROM pragma_foreign_key_check") == 0);

  const std::string answer = std::to_string(integer(database, "SELECT min(id) FROM revlog"));
  database.execute("INSERT INTO revlog_voids (review_id, voided_ms) VALUES (" + answer + ", 1)");
  CHECK_THROWS_WITH(database.execute("INSERT INTO revlog_voids (review_id, voided_ms) VALUES (" +
                                     answer + ", 2)"),
                    Catch::Contains("UNIQUE constraint failed"));
  CHECK_THROWS_WITH(
      database.execute("INSERT INTO revlog_voids (review_id, voided_ms) VALUES (999999, 2)"),
      Catch::Contains("FOREIGN KEY constraint failed"));
  // A voided answer stays in the log for good.
  CHECK_THROWS_WITH(database.execute("DELETE FROM revlog WHERE id = " + answer),
                    Catch::Contains("FOREIGN KEY constraint failed"));
}

TEST_CASE("migrations: version 10 marks every answer logged before as scheduled, not cram",
          "[daemon][store]") {
  REQUIRE(latest_schema_version() >= 10);
  sqlite::Database database(":memory:");
  fill_version_4(database);
  REQUIRE(migrate(database, "", 0, kMigrations.first(9)) == 4);
  const std::vector<std::string> revlog_before = rows_of(database, "revlog");
  const std::vector<std::string> indexes_before = indexes_of(database);
  REQUIRE_FALSE(revlog_before.empty());

  CHECK(migrate(database, "", 0, kMigrations.first(10)) == 9);
  CHECK(database.user_version() == 10);
  // Each row as it was, with cram = 0 after it.
  std::vector<std::string> expected;
  for (const std::string& row : revlog_before) expected.push_back(row + "|0");
  CHECK(rows_of(database, "revlog") == expected);
  CHECK(indexes_of(database) == indexes_before);
  CHECK_THROWS_WITH(database.execute("UPDATE revlog SET cram = 2"),
                    Catch::Contains("CHECK constraint failed"));
  CHECK_THROWS_WITH(database.execute("UPDATE revlog SET cram = NULL"),
                    Catch::Contains("NOT NULL constraint failed"));
}

TEST_CASE("migrations: the undo's and the replay's reads of the log stay on indices",
          "[daemon][store]") {
  sqlite::Database database(":memory:");
  migrate(database, "", 0);
  // The latest standing answer: the log read backwards by its id, each row looked up in the
  // voids' index, never a sort or a scan of the voids.
  const std::string latest = query_plan(
      database,
      "SELECT id FROM revlog r WHERE NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id "
      "= r.id) ORDER BY id DESC LIMIT 1");
  CHECK(latest.find("TEMP B-TREE") == std::string::npos);
  CHECK(latest.find("USING COVERING INDEX sqlite_autoindex_revlog_voids_1") != std::string::npos);
  const std::string history =
      query_plan(database,
                 "SELECT reviewed_ms FROM revlog r WHERE card_id = 1 AND NOT EXISTS (SELECT 1 FROM "
                 "revlog_voids v WHERE v.review_id = r.id) ORDER BY id");
  CHECK(history.find("INDEX revlog_card") != std::string::npos);
  CHECK(history.find("USING COVERING INDEX sqlite_autoindex_revlog_voids_1") != std::string::npos);
}

TEST_CASE("migrations: version 14 keeps every row and index and adds anki notes and card flags",
          "[daemon][store]") {
  REQUIRE(latest_schema_version() >= 14);
  sqlite::Database database(":memory:");
  fill_version_4(database);
  REQUIRE(migrate(database, "", 0, kMigrations.first(13)) == 4);
  std::map<std::string, std::vector<std::string>> before;
  for (const char* table : kTables) before[table] = rows_of(database, table);
  const std::vector<std::string> notes_before = rows_of(database, "notes");
  const std::vector<std::string> indexes_before = indexes_of(database);
  REQUIRE_FALSE(notes_before.empty());

  database.execute("PRAGMA foreign_keys = ON");
  CHECK(migrate(database, "", 0, kMigrations.first(14)) == 13);
  CHECK(database.user_version() == 14);
  for (const auto& [table, rows] : before) {
    INFO(table);
    if (table == "cards") continue;  // below: it gained a column
    CHECK(rows_of(database, table) == rows);
  }
  // Each card row as before, then its flag: 0.
  std::vector<std::string> cards_flagged;
  for (const std::string& row : before.at("cards")) cards_flagged.push_back(row + "|0");
  CHECK(rows_of(database, "cards") == cards_flagged);
  CHECK_THROWS_WITH(database.execute("UPDATE cards SET flag = 8"),
                    Catch::Contains("CHECK constraint failed"));
  // Each note row as before (its columns of version 13, in their order), with the two new
  // columns at their defaults (NULL, '').
  std::string columns;
  for (const char* column :
       {"id", "deck_id", "guid", "kind", "fields", "choices", "answer", "tags", "sibling_group",
        "position", "created_ms", "modified_ms", "deleted_ms"}) {
    columns += (columns.empty() ? "quote(" : " || '|' || quote(") + std::string(column) + ")";
  }
  auto select = database.prepare("SELECT " + columns + " FROM notes");
  std::vector<std::string> notes_after;
  while (select.step()) notes_after.push_back(select.column_text(0));
  std::sort(notes_after.begin(), notes_after.end());
  CHECK(notes_after == notes_before);
  CHECK(integer(database,
                "SELECT count(*) FROM notes WHERE note_type IS NOT NULL OR "
                "kept_cards <> ''") == 0);
  // The same indices, and the new table's own (its UNIQUE key).
  std::vector<std::string> indexes_after = indexes_of(database);
  CHECK(std::erase_if(indexes_after, [](const std::string& index) {
          return index.starts_with("note_types ");
        }) == 1);
  CHECK(indexes_after == indexes_before);
  CHECK(integer(database, "SELECT count(*) FROM pragma_foreign_key_check") == 0);
  // An anki note needs its type, and only an anki note has one.
  database.execute(
      "INSERT INTO note_types (key, anki_id, name, cloze, fields, templates, created_ms, "
      "modified_ms) VALUES ('anki-1-x', 1, 'V', 0, '[\"W\"]', '[]', 0, 0)");
  const auto insert_note = [&](const std::string& guid, const std::string& kind,
                               const std::string& type) {
    database.execute(
        "INSERT INTO notes (deck_id, guid, kind, position, created_ms, "
        "modified_ms, note_type) SELECT id, '" +
        guid + "', '" + kind + "', 1, 0, 0, " + type + " FROM decks LIMIT 1");
  };
  CHECK_NOTHROW(insert_note("a1", "anki", "(SELECT id FROM note_types)"));
  CHECK_THROWS_WITH(insert_note("a2", "anki", "NULL"), Catch::Contains("CHECK constraint failed"));
  CHECK_THROWS_WITH(insert_note("a3", "basic", "(SELECT id FROM note_types)"),
                    Catch::Contains("CHECK constraint failed"));
  CHECK_THROWS_WITH(insert_note("a4", "anki", "999"),
                    Catch::Contains("FOREIGN KEY constraint failed"));
  // The cards still refer to the notes: a card of no note is refused.
  CHECK_THROWS_WITH(
      database.execute("INSERT INTO cards (deck_id, note_id, template, external_id, kind, "
                       "content, content_hash, position, created_ms, modified_ms) SELECT id, "
                       "999999, 't', 'x', 'basic', '{}', 'h', 1, 0, 0 FROM decks LIMIT 1"),
      Catch::Contains("FOREIGN KEY constraint failed"));
}
