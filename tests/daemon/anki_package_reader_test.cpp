// The package reader against Anki's real packages (../shared/fixtures/anki, or
// $KIOKU_SHARED_DIR/fixtures/anki): the collection its meta picks, both media maps, and Anki's
// own stock note types, as Anki writes them in schema 11 and in schema 18's protobuf, found by
// their structure.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/anki_stock_note_type.hpp"
#include "daemon/importers/anki_package_reader.hpp"
#include "daemon/store/anki_collection_reader.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::daemon;

namespace {

std::string fixture(const std::string& name) {
  const char* shared = std::getenv("KIOKU_SHARED_DIR");
  return (shared != nullptr && *shared != '\0' ? std::string(shared)
                                               : std::string(KIOKU_SOURCE_DIR) + "/../shared") +
         "/fixtures/anki/" + name;
}

bool exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

struct Opened {
  AnkiCollection collection;
  std::uint64_t version = 0;
  std::vector<AnkiMediaEntry> media;
};

Opened open_package(const std::string& path, const std::string& directory,
                    bool with_history = false) {
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(descriptor >= 0);
  AnkiPackageReader reader(descriptor, path);
  const std::string unpacked = directory + "/collection";
  const int out = ::open(unpacked.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  REQUIRE(out >= 0);
  reader.extract_collection(out);
  ::close(out);
  Opened opened;
  opened.version = reader.version();
  opened.media = reader.media();
  opened.collection = read_anki_collection(unpacked, path, with_history);
  ::close(descriptor);
  return opened;
}

std::map<std::string, std::optional<NoteKind>> kinds_by_name(const AnkiCollection& collection) {
  std::map<std::string, std::optional<NoteKind>> kinds;
  for (const auto& [id, type] : collection.note_types) kinds[type.name] = anki_stock_kind(type);
  return kinds;
}

// Runs `sql` on the collection file at `path`, as a hand-made or damaged package would hold it.
void change_collection(const std::string& path, const char* sql) {
  sqlite3* database = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &database) == SQLITE_OK);
  char* problem = nullptr;
  const int result = sqlite3_exec(database, sql, nullptr, nullptr, &problem);
  INFO((problem != nullptr ? problem : ""));
  sqlite3_free(problem);
  sqlite3_close(database);
  REQUIRE(result == SQLITE_OK);
}

// The fuzz seed's collection (tests/fuzz/make_anki_collection_seed.sh), copied to `path`.
void copy_seed_collection(const std::string& path) {
  std::ifstream seed(
      std::string(KIOKU_SOURCE_DIR) + "/tests/fuzz/corpus/anki_collection/schema11.anki2",
      std::ios::binary);
  REQUIRE(seed);
  std::ofstream(path, std::ios::binary) << seed.rdbuf();
}

// Each note's guid, and each of its cards' id, ord and answer times, a line each in the order
// read.
std::string walked(const AnkiCollection& collection) {
  std::string lines;
  for (const AnkiNote& note : collection.notes) {
    lines += note.guid + " type " + std::to_string(note.type_id) + "\n";
    for (const AnkiCard& card : note.cards) {
      lines += "  card " + std::to_string(card.id) + " ord " + std::to_string(card.ord);
      for (const AnkiRevlogRow& review : card.reviews)
        lines += " " + std::to_string(review.time_ms);
      lines += "\n";
    }
  }
  return lines;
}

// What walked() gives for the collection at `path`, by plain SQL over its tables: notes by id,
// each with its cards by ord (and id), each with its answers' times by time.
std::string walked_by_sql(const std::string& path) {
  sqlite3* database = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &database, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  const auto rows = [&](const std::string& sql) {
    std::vector<std::vector<std::string>> result;
    sqlite3_stmt* statement = nullptr;
    REQUIRE(sqlite3_prepare_v2(database, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
    while (sqlite3_step(statement) == SQLITE_ROW) {
      std::vector<std::string>& row = result.emplace_back();
      for (int column = 0; column < sqlite3_column_count(statement); ++column) {
        const auto* text = sqlite3_column_text(statement, column);
        row.emplace_back(text != nullptr ? reinterpret_cast<const char*>(text) : "");
      }
    }
    sqlite3_finalize(statement);
    return result;
  };
  std::string lines;
  for (const auto& note : rows("SELECT id, guid, mid FROM notes ORDER BY id")) {
    lines += note[1] + " type " + note[2] + "\n";
    for (const auto& card :
         rows("SELECT id, ord FROM cards WHERE nid = " + note[0] + " ORDER BY ord, id")) {
      lines += "  card " + card[0] + " ord " + card[1];
      for (const auto& review : rows("SELECT id FROM revlog WHERE cid = " + card[0] +
                                     " ORDER BY CAST(id AS INTEGER), id")) {
        lines += " " + review[0];
      }
      lines += "\n";
    }
  }
  sqlite3_close(database);
  return lines;
}

}  // namespace

TEST_CASE("anki package reader: schema 18's stock note types are found by structure",
          "[anki-package]") {
  const std::string path = fixture("mhaswade_bg-hashtable.colpkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const Opened opened = open_package(path, home.root());
  CHECK(opened.version == 3);
  CHECK(opened.collection.schema == 18);
  CHECK(opened.collection.notes.size() == 14);
  CHECK(opened.media.empty());
  const auto kinds = kinds_by_name(opened.collection);
  CHECK(kinds.at("Basic") == NoteKind::kBasic);
  CHECK(kinds.at("Basic (and reversed card)") == NoteKind::kReverse);
  CHECK(kinds.at("Basic (optional reversed card)") == NoteKind::kBasicOptionalReverse);
  CHECK(kinds.at("Basic (type in the answer)") == NoteKind::kTyped);
  CHECK(kinds.at("Cloze") == NoteKind::kCloze);
  CHECK_FALSE(kinds.at("Image Occlusion"));
  CHECK(opened.collection.decks.at(1) == "Default");
}

TEST_CASE("anki package reader: the protobuf media map and zstd media of the latest format",
          "[anki-package]") {
  const std::string path = fixture("mhaswade_BarRonPcAp.colpkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const Opened opened = open_package(path, home.root());
  CHECK(opened.collection.notes.size() == 1558);
  std::size_t cards = 0;
  for (const AnkiNote& note : opened.collection.notes) cards += note.cards.size();
  CHECK(cards == 1590);
  REQUIRE(opened.media.size() == 24);
  CHECK(opened.media[1].entry == "1");
  CHECK(opened.media[1].size == 41360u);
  const auto kinds = kinds_by_name(opened.collection);
  CHECK_FALSE(kinds.at("Vocabulary"));
  CHECK(kinds.at("Basic") == NoteKind::kBasic);
}

TEST_CASE("anki package reader: legacy 2 reads collection.anki21, never the dummy",
          "[anki-package]") {
  const std::string path = fixture("mhaswade_english-vocab-2023.apkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const Opened opened = open_package(path, home.root());
  CHECK(opened.version == 2);
  CHECK(opened.collection.schema == 11);
  CHECK(opened.collection.notes.size() == 22);
  bool nested = false;
  for (const auto& [id, name] : opened.collection.decks) {
    nested = nested || name == "spoken-languages::english::Vocab::2023";
  }
  CHECK(nested);
}

TEST_CASE("anki package reader: each card's scheduling and log, as the fixtures' README counts",
          "[anki-package]") {
  struct Expected {
    const char* file;
    std::size_t reviews;       // revlog rows
    std::size_t review_cards;  // cards of type 2
    std::size_t in_steps;      // cards of type 1 or 3
    std::size_t filtered;      // cards in a filtered deck
    bool v1;                   // no schedVer (col.conf in schema 11, the config table in 18), or 1
  };
  for (const Expected& expected :
       {Expected{"mhaswade_Uber-Go.apkg", 93, 50, 0, 0, true},
        Expected{"mhaswade_english-vocab-2023.apkg", 94, 37, 1, 0, false},
        Expected{"ankidroid_templates.apkg", 102, 0, 15, 16, true},
        Expected{"mhaswade_BarRonPcAp.colpkg", 4240, 1499, 3, 0, false},
        Expected{"mhaswade_bg-hashtable.colpkg", 0, 0, 0, 0, false},
        Expected{"anki_media.apkg", 0, 0, 0, 0, true}}) {
    INFO(expected.file);
    const std::string path = fixture(expected.file);
    if (!exists(path)) KIOKU_SKIP("no fixture " << path);
    kioku::test::TempHome home;
    const AnkiCollection collection = open_package(path, home.root(), true).collection;
    CHECK(collection.created_seconds > 1'000'000'000);
    CHECK(collection.v1_scheduler == expected.v1);
    const DayCalendar calendar(4);
    const TimestampMs now = 1'780'308'000'000;
    const AnkiDays days = anki_days(collection.created_seconds, now, calendar);
    std::size_t reviews = 0, review_cards = 0, in_steps = 0, filtered = 0;
    for (const AnkiNote& note : collection.notes) {
      for (const AnkiCard& card : note.cards) {
        INFO("card " << card.id);
        reviews += card.reviews.size();
        for (std::size_t index = 0; index < card.reviews.size(); ++index) {
          const AnkiRevlogRow& review = card.reviews[index];
          CHECK(review.ease >= 0);
          CHECK(review.ease <= 4);
          CHECK(review.type >= 0);
          CHECK(review.type <= 5);
          if (index > 0) CHECK(review.time_ms >= card.reviews[index - 1].time_ms);
        }
        // As kioku's log would hold them: never more answers than rows, each due after it.
        const std::vector<AnswerRow> answers = anki_answers(card.reviews, false);
        CHECK(answers.size() <= card.reviews.size());
        for (const AnswerRow& answer : answers) CHECK(answer.row.due_after >= answer.row.reviewed);
        if (card.scheduling.original_due) ++filtered;
        const TimestampMs last = card.reviews.empty() ? 0 : card.reviews.back().time_ms;
        const CardState state = anki_card_state(card.scheduling, days, calendar, last);
        switch (card.scheduling.type) {
          case 0:
            CHECK(state.phase == Phase::kNew);
            break;
          case 2:
            ++review_cards;
            CHECK(state.phase == Phase::kReview);
            CHECK(state.interval_days > 0);
            // Re-based on today: no review falls due before Anki's collection began.
            CHECK(calendar.day_number(state.due) - days.today ==
                  card.scheduling.original_due.value_or(card.scheduling.due) - days.anki_today);
            break;
          default:
            ++in_steps;
            CHECK(kioku::in_steps(state.phase));
        }
      }
    }
    CHECK(reviews == expected.reviews);
    CHECK(review_cards == expected.review_cards);
    CHECK(in_steps == expected.in_steps);
    CHECK(filtered == expected.filtered);
  }
  // Without --with-history the log is not read at all.
  const std::string path = fixture("mhaswade_Uber-Go.apkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  for (const AnkiNote& note : open_package(path, home.root()).collection.notes) {
    for (const AnkiCard& card : note.cards) CHECK(card.reviews.empty());
  }
}

TEST_CASE("anki package reader: deck options groups in both schemas", "[anki-package]") {
  const std::string legacy = fixture("mhaswade_english-vocab-2023.apkg");
  const std::string latest = fixture("mhaswade_bg-hashtable.colpkg");
  if (!exists(legacy) || !exists(latest)) KIOKU_SKIP("no fixtures");
  kioku::test::TempHome home;
  // Schema 11: col.dconf's one group, changed to 50 new and 100 reviews a day.
  const AnkiCollection vocab = open_package(legacy, home.root()).collection;
  REQUIRE(vocab.deck_configs.contains(1));
  const AnkiDeckConfig& group = vocab.deck_configs.at(1);
  CHECK(group.new_per_day == 50);
  CHECK(group.reviews_per_day == 100);
  CHECK(group.learn_steps_minutes == std::vector<double>{1.0, 10.0});
  CHECK(group.initial_ease == 2.5);
  CHECK_FALSE(group.leech_tag_only);
  CHECK_FALSE(vocab.fsrs);
  std::size_t decks_with_group = 0;
  for (const auto& [deck, group_id] : vocab.deck_config_ids) decks_with_group += group_id == 1;
  CHECK(decks_with_group == vocab.deck_config_ids.size());
  CHECK(decks_with_group >= 4);  // the 4-level path's decks
  // Schema 18: the deck_config row's protobuf, a modern Anki's defaults (leeches tagged only).
  const AnkiCollection hashtable = open_package(latest, home.root()).collection;
  REQUIRE(hashtable.deck_configs.contains(1));
  const AnkiDeckConfig& latest_group = hashtable.deck_configs.at(1);
  CHECK(latest_group.learn_steps_minutes == std::vector<double>{1.0, 10.0});
  CHECK(latest_group.relearn_steps_minutes == std::vector<double>{10.0});
  CHECK(latest_group.new_per_day == 20);
  CHECK(latest_group.reviews_per_day == 200);
  CHECK(latest_group.leech_tag_only);
  CHECK(latest_group.leech_threshold == 8);
  CHECK(latest_group.desired_retention == Catch::Detail::Approx(0.9));
  CHECK(hashtable.deck_config_ids.at(1) == 1);
}

TEST_CASE("anki package reader: a card's log comes by time whatever the revlog's columns are",
          "[anki-package]") {
  // The fuzz seed's collection with a revlog whose id is text, as no Anki makes it: text sorts
  // "99" after "1704...", and a card's answers must still come by time.
  kioku::test::TempHome home;
  const std::string path = home.root() + "/text-ids.anki2";
  copy_seed_collection(path);
  change_collection(
      path,
      "ALTER TABLE revlog RENAME TO kept; CREATE TABLE revlog (id text, cid integer, usn "
      "integer, ease integer, ivl integer, lastIvl integer, factor integer, time integer, type "
      "integer); INSERT INTO revlog SELECT CAST(id AS TEXT), cid, usn, ease, ivl, lastIvl, "
      "factor, time, type FROM kept; DROP TABLE kept; INSERT INTO revlog VALUES ('99', "
      "1700000000102, 0, 3, -60, 0, 0, 1000, 0);");
  const AnkiCollection collection = read_anki_collection(path, "text-ids.anki2", true);
  std::size_t cards_with_reviews = 0;
  for (const AnkiNote& note : collection.notes) {
    for (const AnkiCard& card : note.cards) {
      if (card.reviews.empty()) continue;
      ++cards_with_reviews;
      for (std::size_t at = 1; at < card.reviews.size(); ++at) {
        CHECK(card.reviews[at - 1].time_ms <= card.reviews[at].time_ms);
      }
      if (card.id == 1700000000102) CHECK(card.reviews.front().time_ms == 99);
    }
  }
  CHECK(cards_with_reviews == 2);
}

TEST_CASE("anki package reader: a changed legacy options group, every field read",
          "[anki-package]") {
  // The fuzz seed (tests/fuzz/make_anki_collection_seed.sh): group 5 on deck 2, FSRS on.
  const AnkiCollection collection = read_anki_collection(
      std::string(KIOKU_SOURCE_DIR) + "/tests/fuzz/corpus/anki_collection/schema11.anki2",
      "schema11.anki2");
  CHECK(collection.fsrs);
  CHECK(collection.deck_config_ids.at(2) == 5);
  CHECK_FALSE(collection.deck_config_ids.contains(3));  // a filtered deck
  const AnkiDeckConfig& group = collection.deck_configs.at(5);
  CHECK(group.learn_steps_minutes == std::vector<double>{0.5, 10.0, 1440.0});
  CHECK(group.relearn_steps_minutes.empty());
  CHECK(group.graduating_interval_good == 2);
  CHECK(group.graduating_interval_easy == 5);
  CHECK(group.initial_ease == 2.3);
  CHECK(group.new_per_day == 50);
  CHECK(group.bury_new);
  CHECK(group.reviews_per_day == 300);
  CHECK(group.easy_multiplier == 1.5);
  CHECK(group.interval_multiplier == 0.9);
  CHECK(group.maximum_interval == 3650);
  CHECK(group.hard_multiplier == 1.1);
  CHECK(group.lapse_multiplier == 0.2);
  CHECK(group.minimum_lapse_interval == 2);
  CHECK(group.leech_threshold == 5);
  CHECK(group.leech_tag_only);
  CHECK(group.desired_retention == 0.85);
  CHECK(group.fsrs_parameters.size() == 19);
}

TEST_CASE("anki package reader: the notes walked one at a time are the whole collection's",
          "[anki-package]") {
  // A real package with a log, walked as plain SQL reads it; then again with its tables made
  // as a hand-made file may make them: no index, no primary key, rows in no order.
  const std::string path = fixture("mhaswade_english-vocab-2023.apkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const AnkiCollection whole = open_package(path, home.root(), true).collection;
  const std::string unpacked = home.root() + "/collection";
  const std::string expected = walked_by_sql(unpacked);
  CHECK(walked(whole) == expected);
  change_collection(unpacked,
                    "DROP INDEX IF EXISTS ix_cards_nid; DROP INDEX IF EXISTS ix_cards_sched; "
                    "DROP INDEX IF EXISTS ix_revlog_cid; DROP INDEX IF EXISTS ix_cards_usn; "
                    "DROP INDEX IF EXISTS ix_revlog_usn; DROP INDEX IF EXISTS ix_notes_usn; "
                    "DROP INDEX IF EXISTS ix_notes_csum; "
                    "ALTER TABLE notes RENAME TO kept_notes; CREATE TABLE notes AS SELECT * FROM "
                    "kept_notes ORDER BY id DESC; DROP TABLE kept_notes; "
                    "ALTER TABLE cards RENAME TO kept_cards; CREATE TABLE cards AS SELECT * FROM "
                    "kept_cards ORDER BY ord DESC, id DESC; DROP TABLE kept_cards; "
                    "ALTER TABLE revlog RENAME TO kept_log; CREATE TABLE revlog AS SELECT * FROM "
                    "kept_log ORDER BY id DESC; DROP TABLE kept_log;");
  CHECK(walked_by_sql(unpacked) == expected);
  AnkiCollectionFile file(unpacked, path, true);
  CHECK(file.collection().notes.empty());
  CHECK(static_cast<std::size_t>(file.note_count()) == whole.notes.size());
  std::vector<std::string> guids;
  file.for_each_guid([&](const std::string& guid) { guids.push_back(guid); });
  AnkiCollection walked_collection;
  AnkiNote note;
  std::size_t reviews = 0;
  while (file.next_note(note)) {
    CHECK(note.guid == guids.at(walked_collection.notes.size()));
    for (const AnkiCard& card : note.cards) reviews += card.reviews.size();
    walked_collection.notes.push_back(note);
  }
  CHECK_FALSE(file.next_note(note));  // stays at its end
  CHECK(walked(walked_collection) == expected);
  CHECK(guids.size() == whole.notes.size());
  CHECK(reviews == 94);  // the fixtures' README
}

TEST_CASE("anki package reader: two notes or two cards with one id are refused", "[anki-package]") {
  // Anki's ids are its tables' primary keys; a file without them could put one card under two
  // notes, or one card's log under two cards.
  kioku::test::TempHome home;
  const std::string path = home.root() + "/repeated.anki2";
  for (const auto& [table, sql] : std::vector<std::pair<std::string, std::string>>{
           {"notes",
            "ALTER TABLE notes RENAME TO kept; CREATE TABLE notes AS SELECT * FROM kept; DROP "
            "TABLE kept; INSERT INTO notes SELECT * FROM notes WHERE id = 1700000000002;"},
           {"cards",
            "ALTER TABLE cards RENAME TO kept; CREATE TABLE cards AS SELECT * FROM kept; DROP "
            "TABLE kept; INSERT INTO cards SELECT * FROM cards WHERE id = 1700000000102;"}}) {
    INFO(table);
    copy_seed_collection(path);
    change_collection(path, sql.c_str());
    try {
      (void)read_anki_collection(path, "repeated.anki2", true);
      FAIL("read");
    } catch (const InputError& error) {
      CHECK(std::string(error.what()) ==
            "repeated.anki2: its collection has two " + table + " with the id " +
                (table == "notes" ? "1700000000002" : "1700000000102"));
    }
  }
}

TEST_CASE("anki package reader: the file's indexes are not read", "[anki-package]") {
  // quick_check does not compare an index with its table. Anki's ix_cards_nid, made to list
  // card 101 under note 2 as well (its b-tree swapped with a table's that says so), passes it;
  // the walk must still give each card once, under its own note.
  kioku::test::TempHome home;
  const std::string path = home.root() + "/lying.anki2";
  copy_seed_collection(path);
  change_collection(path, "CREATE INDEX ix_cards_nid ON cards (nid);");
  const std::string before = walked(read_anki_collection(path, "lying.anki2", true));
  change_collection(
      path,
      "CREATE TABLE lies (nid, id, PRIMARY KEY (nid, id)) WITHOUT ROWID; "
      "INSERT INTO lies SELECT nid, id FROM cards; "
      "INSERT INTO lies VALUES (1700000000002, 1700000000101); "
      "CREATE TEMP TABLE roots AS SELECT name, rootpage FROM sqlite_schema "
      "WHERE name IN ('ix_cards_nid', 'lies'); "
      "PRAGMA writable_schema = ON; "
      "UPDATE sqlite_master SET rootpage = (SELECT rootpage FROM roots WHERE roots.name = "
      "CASE sqlite_master.name WHEN 'lies' THEN 'ix_cards_nid' ELSE 'lies' END) "
      "WHERE name IN ('ix_cards_nid', 'lies'); "
      "PRAGMA writable_schema = OFF;");
  {
    // The lie as SQLite tells it when it reads the index: card 101 twice.
    sqlite3* database = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &database) == SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    REQUIRE(sqlite3_prepare_v2(database,
                               "SELECT count(*) FROM cards INDEXED BY ix_cards_nid WHERE nid > 0",
                               -1, &statement, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
    CHECK(sqlite3_column_int(statement, 0) == 4);
    sqlite3_finalize(statement);
    REQUIRE(sqlite3_prepare_v2(database, "PRAGMA quick_check", -1, &statement, nullptr) ==
            SQLITE_OK);
    REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
    CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0))) == "ok");
    sqlite3_finalize(statement);
    sqlite3_close(database);
  }
  CHECK(walked(read_anki_collection(path, "lying.anki2", true)) == before);
}

TEST_CASE("anki package reader: a card whose note is missing belongs to no note",
          "[anki-package]") {
  kioku::test::TempHome home;
  const std::string path = home.root() + "/orphan.anki2";
  copy_seed_collection(path);
  const AnkiCollection before = read_anki_collection(path, "orphan.anki2", true);
  // Before the first note, between the two (the second moved up one id) and after the last.
  change_collection(path,
                    "UPDATE notes SET id = 1700000000003 WHERE id = 1700000000002; "
                    "UPDATE cards SET nid = 1700000000003 WHERE nid = 1700000000002; "
                    "CREATE TEMP TABLE orphans (id, nid); "
                    "INSERT INTO orphans VALUES (1, 1), (2, 1700000000002), (3, 1800000000000); "
                    "INSERT INTO cards SELECT cards.id + orphans.id * 1000, orphans.nid, did, ord, "
                    "mod, usn, type, queue, due, ivl, factor, reps, lapses, left, odue, odid, "
                    "flags, data FROM cards, orphans WHERE cards.id = 1700000000101;");
  const AnkiCollection after = read_anki_collection(path, "orphan.anki2", true);
  CHECK(walked(after) == walked(before));
}

TEST_CASE("anki package reader: an id that is not an integer, or a generated column, is refused",
          "[anki-package]") {
  // Text "1700000000002" would pass for the number in a join, and sorts apart from it; a
  // generated column computes whatever its expression says at each read.
  kioku::test::TempHome home;
  const std::string path = home.root() + "/odd.anki2";
  const auto refusal = [&](const char* sql) {
    copy_seed_collection(path);
    change_collection(path, sql);
    try {
      (void)read_anki_collection(path, "odd.anki2", true);
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("read");
  };
  // Columns without a type, as a hand-made file may declare them, keep text as text.
  const std::string untyped_notes =
      "ALTER TABLE notes RENAME TO kept; CREATE TABLE notes (id, guid, mid, mod, usn, tags, flds, "
      "sfld, csum, flags, data); INSERT INTO notes SELECT * FROM kept; DROP TABLE kept; ";
  const std::string untyped_cards =
      "ALTER TABLE cards RENAME TO kept; CREATE TABLE cards (id, nid, did, ord, mod, usn, type, "
      "queue, due, ivl, factor, reps, lapses, left, odue, odid, flags, data); INSERT INTO cards "
      "SELECT * FROM kept; DROP TABLE kept; ";
  CHECK(refusal((untyped_notes + "UPDATE notes SET id = CAST(id AS TEXT) WHERE id = 1700000000002;")
                    .c_str()) ==
        "odd.anki2: its collection's notes has an id that is not an integer: '1700000000002'");
  CHECK(refusal((untyped_cards + "UPDATE cards SET id = 1.5 WHERE id = 1700000000102;").c_str()) ==
        "odd.anki2: its collection's cards has an id that is not an integer: 1.5");
  // `INTEGER PRIMARY KEY DESC` looks like Anki's key but is not the rowid: its ids can be text.
  CHECK(refusal("ALTER TABLE notes RENAME TO kept; CREATE TABLE notes (id INTEGER PRIMARY KEY "
                "DESC, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data); INSERT INTO "
                "notes SELECT * FROM kept; DROP TABLE kept; UPDATE notes SET id = 'x' WHERE id = "
                "1700000000002;") ==
        "odd.anki2: its collection's notes has an id that is not an integer: 'x'");
  CHECK(refusal("ALTER TABLE notes ADD COLUMN big TEXT GENERATED ALWAYS AS (zeroblob(1000000000)) "
                "VIRTUAL;") ==
        "odd.anki2: its collection's notes has a generated column, which Anki's tables do not "
        "have");
  // A card whose note id is text has no note, as one whose note is missing.
  copy_seed_collection(path);
  const std::string before = walked(read_anki_collection(path, "odd.anki2", true));
  change_collection(path, (untyped_cards +
                           "INSERT INTO cards SELECT id + 5000, CAST(nid AS TEXT), did, ord, mod, "
                           "usn, type, queue, due, ivl, factor, reps, lapses, left, odue, odid, "
                           "flags, data FROM cards WHERE id = 1700000000101;")
                              .c_str());
  CHECK(walked(read_anki_collection(path, "odd.anki2", true)) == before);
}

namespace {

// Gives the file at `path` one page more that no table or index uses: damage that quick_check
// reports and a walk of the tables never sees.
void add_unused_page(const std::string& path) {
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  REQUIRE(file);
  unsigned char header[100] = {};
  REQUIRE(file.read(reinterpret_cast<char*>(header), sizeof header));
  const std::size_t page_size =
      header[16] == 0 && header[17] == 1 ? 65536 : (std::size_t{header[16]} << 8) | header[17];
  std::uint32_t pages = (std::uint32_t{header[28]} << 24) | (std::uint32_t{header[29]} << 16) |
                        (std::uint32_t{header[30]} << 8) | header[31];
  ++pages;
  for (int at = 0; at < 4; ++at)
    header[28 + at] = static_cast<unsigned char>(pages >> (24 - 8 * at));
  file.seekp(0);
  file.write(reinterpret_cast<const char*>(header), sizeof header);
  file.seekp(0, std::ios::end);
  file.write(std::string(page_size, '\0').data(), static_cast<std::streamsize>(page_size));
  REQUIRE(file);
}

}  // namespace

TEST_CASE("anki package reader: the quick_check beside the walk keeps nothing a damaged file gave",
          "[anki-package]") {
  kioku::test::TempHome home;
  const std::string path = home.root() + "/unused-page.anki2";
  copy_seed_collection(path);
  const std::string before = walked(read_anki_collection(path, "unused-page.anki2", true));
  add_unused_page(path);
  // The walk sees nothing wrong: every note comes as before...
  AnkiCollectionFile file(path, "unused-page.anki2", true);
  AnkiNote note;
  while (file.next_note(note)) file.collection().notes.push_back(note);
  CHECK(walked(file.collection()) == before);
  // ...and the check that ran beside it refuses the file.
  const std::string damaged =
      "unused-page.anki2: its collection is damaged (SQLite's quick_check: ";
  try {
    file.confirm_intact();
    FAIL("confirmed");
  } catch (const InputError& error) {
    INFO(error.what());
    CHECK(std::string(error.what()).rfind(damaged, 0) == 0);
  }
  try {
    (void)read_anki_collection(path, "unused-page.anki2", true);
    FAIL("read");
  } catch (const InputError& error) {
    INFO(error.what());
    CHECK(std::string(error.what()).rfind(damaged, 0) == 0);
  }
}

// Overwrites the root page of `table` in the collection at `path` with bytes no page has.
void overwrite_root_page(const std::string& path, const std::string& table) {
  std::int64_t page = 0;
  std::int64_t page_size = 0;
  {
    sqlite3* database = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &database) == SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    const std::string query =
        "SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_schema WHERE "
        "name = '" +
        table + "'";
    REQUIRE(sqlite3_prepare_v2(database, query.c_str(), -1, &statement, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
    page = sqlite3_column_int64(statement, 0);
    page_size = sqlite3_column_int64(statement, 1);
    sqlite3_finalize(statement);
    sqlite3_close(database);
  }
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp((page - 1) * page_size);
  file.write(std::string(static_cast<std::size_t>(page_size), '\x55').data(), page_size);
  REQUIRE(file);
}

TEST_CASE("anki package reader: damage that stops the walk is named as the damage it is",
          "[anki-package]") {
  // The notes' table's root page overwritten: the walk fails on it with SQLite's error or the
  // reader's own, and the error says what quick_check, run beside it, found.
  kioku::test::TempHome home;
  const std::string path = home.root() + "/overwritten.anki2";
  copy_seed_collection(path);
  overwrite_root_page(path, "notes");
  const std::string damaged =
      "overwritten.anki2: its collection is damaged (SQLite's quick_check: ";
  {
    // The walk's own error comes without waiting for the check (it may run on a thread that
    // must stop with its import); the check, asked, names the damage.
    AnkiCollectionFile file(path, "overwritten.anki2", true);
    AnkiNote note;
    try {
      while (file.next_note(note)) {
      }
      FAIL("walked");
    } catch (const InputError& error) {
      INFO(error.what());
      CHECK(std::string(error.what()).rfind("overwritten.anki2: ", 0) == 0);
      CHECK(std::string(error.what()).rfind(damaged, 0) == std::string::npos);
    }
    CHECK_THROWS_WITH(file.confirm_intact(), Catch::Matchers::StartsWith(damaged));
  }
  try {
    (void)read_anki_collection(path, "overwritten.anki2", true);
    FAIL("read");
  } catch (const InputError& error) {
    INFO(error.what());
    CHECK(std::string(error.what()).rfind(damaged, 0) == 0);
  }
}

TEST_CASE("anki package reader: damage where the file's settings are read is named as damage",
          "[anki-package]") {
  // The settings, note types and decks are read as the file is opened, with the check already
  // running beside: an error there is replaced by what the check found.
  kioku::test::TempHome home;
  const std::string path = home.root() + "/settings.anki2";
  copy_seed_collection(path);
  overwrite_root_page(path, "col");
  CHECK_THROWS_WITH(AnkiCollectionFile(path, "settings.anki2", true),
                    Catch::Matchers::StartsWith(
                        "settings.anki2: its collection is damaged (SQLite's quick_check: "));
}

TEST_CASE(
    "anki package reader: a schema 18 options group or deck kind that is no protobuf is "
    "named as such, not as a note type",
    "[anki-package]") {
  const std::string latest = fixture("mhaswade_bg-hashtable.colpkg");
  if (!exists(latest)) KIOKU_SKIP("no fixture " << latest);
  kioku::test::TempHome home;
  open_package(latest, home.root());
  const std::string unpacked = home.root() + "/collection";
  const auto refusal = [&](const char* sql) {
    const std::string copy = home.root() + "/changed";
    std::ifstream from(unpacked, std::ios::binary);
    std::ofstream(copy, std::ios::binary | std::ios::trunc) << from.rdbuf();
    change_collection(copy, sql);
    try {
      read_anki_collection(copy, latest, false);
    } catch (const kioku::InputError& error) {
      return std::pair(std::string(error.what()), error.japanese());
    }
    return std::pair(std::string("read"), std::string());
  };
  const auto [group, group_in_japanese] = refusal("UPDATE deck_config SET config = x'ff'");
  CHECK(group.starts_with(latest + ": its deck option group 1 is not Anki's protobuf: "));
  CHECK(group_in_japanese.starts_with(
      latest + ": デッキオプションのグループ 1 が Anki の protobuf ではありません: "));
  const auto [kind, kind_in_japanese] = refusal("UPDATE decks SET kind = x'ff' WHERE id = 1");
  CHECK(kind.starts_with(latest + ": its deck 1's kind is not Anki's protobuf: "));
  CHECK(kind_in_japanese.starts_with(latest +
                                     ": デッキ 1 の種類が Anki の protobuf ではありません: "));
}
