// Anki packages through the real kioku and kiokud: every real Anki-made package of
// ../shared/fixtures/anki/ that uses only stock note types imports with its README's counts
// (read from there, never copied), a second import changes nothing, a package of other note
// types keeps them and shows its notes through their templates, and each malformed package (made
// here with minizip) gets one error and changes nothing. KIOKU_SHARED_DIR overrides where ../shared
// is (a worktree's parent has none).
#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include "tests/e2e/anki_fixtures.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku::test;

namespace {

std::string fixture(const std::string& name) {
  return fixtures_directory() + "/" + name;
}

// The names in a directory, sorted; empty when it does not exist.
std::vector<std::string> listing(const std::string& directory) {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::int64_t count(const TempHome& home, const std::string& table) {
  return std::stoll(SqliteReader(home.collection_path()).text("SELECT count(*) FROM " + table));
}

// A copy of `collection` (a schema-11 SQLite file's bytes) changed by `sql`, as a package at
// `path` with a legacy media map `media_map` and entries `more`.
void write_changed_package(const std::string& path, const std::string& collection,
                           const std::string& sql, const std::string& media_map,
                           const std::vector<std::pair<std::string, std::string>>& more = {}) {
  const std::string database_path = path + ".anki2";
  {
    std::ofstream out(database_path, std::ios::binary);
    out << collection;
  }
  sqlite3* database = nullptr;
  REQUIRE(sqlite3_open(database_path.c_str(), &database) == SQLITE_OK);
  REQUIRE(sqlite3_exec(database, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(database);
  std::vector<std::pair<std::string, std::string>> entries{
      {"collection.anki2", read_file(database_path)}, {"media", media_map}};
  entries.insert(entries.end(), more.begin(), more.end());
  write_zip(path, entries);
}

struct Expected {
  std::string file;
  int notes;
  int cards;
  std::string deck;  // the slug of the deck its cards land in
};

// The one error line, and nothing imported: no deck, card or media file.
void check_refused(RunningDaemon& daemon, const std::string& path, const std::string& problem) {
  const auto result = daemon.kioku({"import", path});
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 4);
  CHECK(result.out.empty());
  CHECK(result.err == "kioku: " + path + ": " + problem + "\n");
  CHECK(parse_output(daemon.kioku({"decks", "--json"})).as_array().empty());
  CHECK(count(daemon.home(), "cards") == 0);
  CHECK(listing(daemon.home().data_dir() + "/media").empty());
  // No temporary file left beside the collection either.
  for (const std::string& name : listing(daemon.home().data_dir())) {
    CHECK(name.rfind(".kioku-", 0) != 0);
  }
}

// Each option `kioku deck config DECK --json` shows, by name.
std::map<std::string, std::string> deck_options_shown(RunningDaemon& daemon,
                                                      const std::string& deck) {
  const auto shown = successful_json(daemon, {"deck", "config", deck, "--json"});
  std::map<std::string, std::string> options;
  for (const auto& entry : shown.at("options").as_array()) {
    options[std::string(entry.at("name").as_string())] = entry.at("value").as_string();
  }
  return options;
}

}  // namespace

TEST_CASE("e2e: Anki's real packages of stock note types import with their counts, twice",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  // ../shared/fixtures/anki/README.md: notes, cards, and the deck the cards are in.
  const std::vector<Expected> packages{
      {"anki_media.apkg", 1, 1, "default"},
      {"mhaswade_Uber-Go.apkg", 20, 73, "uber-go"},
      {"mhaswade_english-vocab-2023.apkg", 22, 44, "spoken-languages-english-vocab-2023"},
      {"mhaswade_bg-hashtable.colpkg", 14, 28, "default"},
  };
  for (const Expected& expected : packages) {
    SECTION(expected.file) {
      RunningDaemon daemon({"--no-bundled-decks"});
      const TempHome& home = daemon.home();
      const auto imported =
          parse_output(daemon.kioku({"import", fixture(expected.file), "--json"}));
      CHECK(field(imported, "added") == expected.cards);
      CHECK(imported.at("deck").as_string() == expected.deck);
      CHECK(count(home, "notes") == expected.notes);
      CHECK(count(home, "cards") == expected.cards);
      // Never the "Please update to the latest Anki version" note of the dummy collection.anki2.
      CHECK(SqliteReader(home.collection_path())
                .text("SELECT count(*) FROM notes WHERE fields LIKE '%Please update%'") == "0");
      const auto again = parse_output(daemon.kioku({"import", fixture(expected.file), "--json"}));
      CHECK(field(again, "added") == 0);
      CHECK(field(again, "updated") == 0);
      CHECK(field(again, "unchanged") == expected.cards);
      CHECK(count(home, "cards") == expected.cards);
      // In another language too: the notes keep the language they came in, and nothing was
      // changed in kioku.
      const auto in_japanese =
          parse_output(daemon.kioku({"--lang", "ja", "import", fixture(expected.file), "--json"}));
      CHECK(field(in_japanese, "unchanged") == expected.cards);
      CHECK(field(in_japanese, "conflicting") == 0);
      CHECK(field(in_japanese, "updated") == 0);
    }
  }
}

TEST_CASE("e2e: an Anki package's media land in the media folder, named as the map names them",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string media = home.data_dir() + "/media";
  REQUIRE(daemon.kioku({"import", fixture("anki_media.apkg")}).exit_code == 0);
  CHECK(read_file(media + "/foo.wav") == "abc\n");
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT fields FROM notes").find("[sound:foo.wav]") != std::string::npos);

  const auto uber = daemon.kioku({"import", fixture("mhaswade_Uber-Go.apkg")});
  REQUIRE(uber.exit_code == 0);
  CHECK(uber.out == "Imported uber-go from " + fixture("mhaswade_Uber-Go.apkg") +
                        ": 73 added, 0 updated, 0 unchanged; 1 media file\n");
  CHECK(read_file(media + "/mvcs.png").size() == 546425);
  const auto japanese = daemon.kioku({"--lang", "ja", "import", fixture("mhaswade_Uber-Go.apkg")});
  CHECK(japanese.out.find("。メディアファイル 1 個") != std::string::npos);

  // Another package with a foo.wav of other content: Anki's renaming, and the note follows it.
  const std::string collection = zip_entry(fixture("anki_media.apkg"), "collection.anki2");
  const std::string other = home.root() + "/other.apkg";
  // The same guid would leave the note unchanged; a fresh package's note must be newer, so
  // the collection is taken whole and only the media differ: its note is unchanged, its media
  // file is new content under the same name.
  write_zip(other,
            {{"collection.anki2", collection}, {"media", R"({"0": "foo.wav"})"}, {"0", "xyz\n"}});
  REQUIRE(daemon.kioku({"import", other}).exit_code == 0);
  CHECK(read_file(media + "/foo.wav") == "abc\n");
  const std::vector<std::string> names = listing(media);
  REQUIRE(names.size() == 3);
  CHECK(names[0].rfind("foo-", 0) == 0);
  CHECK(names[0].size() == std::string("foo-0123456789abcdef.wav").size());
  CHECK(read_file(media + "/" + names[0]) == "xyz\n");
  CHECK(names[1] == "foo.wav");
  CHECK(names[2] == "mvcs.png");
  // The same content again is reused, not copied a third time.
  REQUIRE(daemon.kioku({"import", other}).exit_code == 0);
  CHECK(listing(media) == names);

  // A newer copy of the note that shows that foo.wav: its reference follows the renamed file.
  const std::string newer = home.root() + "/newer.apkg";
  write_changed_package(newer, collection,
                        "UPDATE notes SET mod = 4000000000, "
                        "flds = '<img src=\"foo.wav\">' || char(31) || 'back'",
                        R"({"0": "foo.wav"})", {{"0", "xyz\n"}});
  const auto updated = parse_output(daemon.kioku({"import", newer, "--json"}));
  CHECK(field(updated, "updated") == 1);
  CHECK(listing(media) == names);
  const SqliteReader after(home.collection_path());
  CHECK(after.text("SELECT fields FROM notes WHERE fields LIKE '%image%'")
            .find("[image: " + names[0] + "]") != std::string::npos);
}

TEST_CASE("e2e: an older different copy of a note is conflicting - a repeated guid is skipped",
          "[e2e][anki_package]") {
  TempHome home;
  RunningDaemon daemon(home, {"--no-bundled-decks"});
  REQUIRE(daemon.kioku({"import", fixture("anki_media.apkg")}).exit_code == 0);
  const std::string collection = zip_entry(fixture("anki_media.apkg"), "collection.anki2");
  // Other text, but older than the note kioku has: kioku's copy stays, counted as a conflict.
  const std::string older = home.root() + "/older.apkg";
  write_changed_package(older, collection,
                        "UPDATE notes SET mod = 1, flds = 'other front' || char(31) || 'back'",
                        "{}");
  const auto conflict = parse_output(daemon.kioku({"import", older, "--json"}));
  CHECK(field(conflict, "conflicting") == 1);
  CHECK(field(conflict, "unchanged") == 0);
  CHECK(field(conflict, "updated") == 0);
  CHECK(field(conflict, "errors") == 0);
  const SqliteReader after(home.collection_path());
  CHECK(after.text("SELECT count(*) FROM notes WHERE fields LIKE '%other front%'") == "0");
  // The same text, older: unchanged, no conflict.
  const std::string same = home.root() + "/same.apkg";
  write_changed_package(same, collection, "UPDATE notes SET mod = 1", "{}");
  const auto unchanged = parse_output(daemon.kioku({"import", same, "--json"}));
  CHECK(field(unchanged, "conflicting") == 0);
  CHECK(field(unchanged, "unchanged") == 1);

  // A second note of the same guid, after the first by id, with a card of its own: skipped.
  const std::string repeated = home.root() + "/repeated.apkg";
  write_changed_package(repeated, collection,
                        "INSERT INTO notes SELECT id + 1, guid, mid, mod, usn, tags, flds, sfld, "
                        "csum, flags, data FROM notes; "
                        "INSERT INTO cards SELECT id + 1, nid + 1, did, ord, mod, usn, type, "
                        "queue, due, ivl, factor, reps, lapses, left, odue, odid, flags, data "
                        "FROM cards",
                        "{}");
  const auto skipping = daemon.kioku({"import", repeated});
  CHECK(skipping.exit_code == 0);
  CHECK(skipping.out.find("; 1 card skipped: its note's guid came earlier in the package") !=
        std::string::npos);
  const auto japanese = daemon.kioku({"--lang", "ja", "import", older});
  CHECK(japanese.out.find("。カード 1 枚は kioku の内容のままです") != std::string::npos);
  const auto skipped = parse_output(daemon.kioku({"import", repeated, "--json"}));
  CHECK(field(skipped, "skipped") == 1);
  CHECK(field(skipped, "unchanged") == 1);
  for (const char* key : {"added", "updated", "unchanged", "conflicting", "suspended", "skipped",
                          "media", "errors"}) {
    CHECK(skipped.as_object().contains(key));
  }
}

TEST_CASE(
    "e2e: a copy edited in Anki after the first package updates the note, and an edit of "
    "the note read before is refused",
    "[e2e][anki_package]") {
  TempHome home;
  RunningDaemon daemon(home, {"--no-bundled-decks"});
  const std::string collection = zip_entry(fixture("anki_media.apkg"), "collection.anki2");
  // Both copies long before either import: what decides is their own times (session 41).
  const std::string first = home.root() + "/first.apkg";
  write_changed_package(first, collection, "UPDATE notes SET mod = 1700000000", "{}");
  REQUIRE(daemon.kioku({"import", first}).exit_code == 0);
  const std::string guid = SqliteReader(home.collection_path()).text("SELECT guid FROM notes");
  const auto read = daemon.call("note.get", {{"note", guid}});
  CHECK(read.at("modified_ms").as_int64() == 1700000000000);

  const std::string second = home.root() + "/second.apkg";
  write_changed_package(second, collection,
                        "UPDATE notes SET mod = 1700000600, "
                        "flds = 'edited in Anki' || char(31) || 'back'",
                        "{}");
  const auto updated = parse_output(daemon.kioku({"import", second, "--json"}));
  CHECK(field(updated, "updated") == 1);
  CHECK(field(updated, "conflicting") == 0);
  const auto now = daemon.call("note.get", {{"note", guid}});
  CHECK(now.at("fields").at("front").at("en").as_string() == "edited in Anki");
  CHECK(now.at("modified_ms").as_int64() == 1700000600000);
  CHECK(field(parse_output(daemon.kioku({"import", second, "--json"})), "unchanged") == 1);

  // An edit of the copy read before the second import is refused; of the copy now, it is saved.
  const auto edit = [&](const boost::json::value& copy) {
    boost::json::object fields = copy.at("fields").as_object();
    fields["front"] = boost::json::object{{"en", "edited in kioku"}};
    return daemon.rpc(
        "note.update",
        {{"note", guid}, {"fields", fields}, {"modified_ms", copy.at("modified_ms")}});
  };
  CHECK(error_code_of(edit(read)) == -32003);
  const auto saved = result_of(edit(now));
  CHECK(saved.at("note").at("modified_ms").as_int64() > 1700000600000);
  CHECK(daemon.call("note.get", {{"note", guid}}).at("fields").at("front").at("en").as_string() ==
        "edited in kioku");
}

TEST_CASE("e2e: --dry-run of an Anki package changes nothing and writes no media",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const auto dry = parse_output(
      daemon.kioku({"import", fixture("mhaswade_Uber-Go.apkg"), "--dry-run", "--json"}));
  CHECK(field(dry, "added") == 73);
  CHECK(count(daemon.home(), "cards") == 0);
  struct stat info {};
  CHECK(::stat((daemon.home().data_dir() + "/media/mvcs.png").c_str(), &info) != 0);
}

TEST_CASE("e2e: packages of Anki's other note types import whole with their counts, twice",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  // ../shared/fixtures/anki/README.md: notes, cards, the cards with review history, the log's
  // rows that are answers (learn, review, relearn: not Anki's manual rows), the note types the
  // notes use that are none of the five stock ones, and the media.
  struct Kept {
    std::string file;
    int notes, cards, cards_with_history, answers, own_types, media;
  };
  const std::vector<Kept> packages{
      {"ankidroid_templates.apkg", 48, 146, 18, 102, 9, 0},
      {"mhaswade_BarRonPcAp.colpkg", 1558, 1590, 1502, 173 + 213 + 84, 1, 24},
  };
  for (const Kept& expected : packages) {
    SECTION(expected.file) {
      RunningDaemon daemon({"--no-bundled-decks"});
      const TempHome& home = daemon.home();
      const auto imported = parse_output(
          daemon.kioku({"import", fixture(expected.file), "--with-history", "--json"}));
      CHECK(field(imported, "added") == expected.cards);
      CHECK(field(imported, "cards_with_history") == expected.cards_with_history);
      CHECK(field(imported, "imported_answers") == expected.answers);
      CHECK(field(imported, "media") == expected.media);
      CHECK(count(home, "notes") == expected.notes);
      CHECK(count(home, "cards") == expected.cards);
      CHECK(count(home, "note_types") == expected.own_types);
      CHECK(imported.at("note_types").as_array().size() ==
            static_cast<std::size_t>(expected.own_types));
      CHECK(SqliteReader(home.collection_path())
                .text("SELECT count(DISTINCT note_type) FROM notes WHERE kind = 'anki'") ==
            std::to_string(expected.own_types));
      const auto again = parse_output(
          daemon.kioku({"import", fixture(expected.file), "--with-history", "--json"}));
      CHECK(field(again, "added") == 0);
      CHECK(field(again, "updated") == 0);
      CHECK(field(again, "unchanged") == expected.cards);
      CHECK(count(home, "note_types") == expected.own_types);
      // The log is the truth: replaying it changes no card the import made.
      const auto rebuilt = daemon.kioku({"doctor", "--rebuild"});
      CHECK(rebuilt.exit_code == 0);
      CHECK(rebuilt.out.find(": 0 differed") != std::string::npos);
    }
  }
}

TEST_CASE("e2e: an Anki note of its own type shows through its card templates",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const auto imported = daemon.kioku({"import", fixture("ankidroid_templates.apkg")});
  REQUIRE(imported.exit_code == 0);
  // The two templates of "Muscle" that do not read are named, once each, in both languages.
  CHECK(imported.out.find("\nNote type \"Muscle\", card template \"Picture/Name\", question "
                          "side, line 1, column 78: \"z\" closes a section while \"Picture\" "
                          "is open; its cards show the note's fields instead\n") !=
        std::string::npos);
  CHECK(imported.out.find("\"Name/Origin\"") != std::string::npos);
  // A reference to a field the type lacks (Anki 2.0's mustache comment, to today's Anki).
  CHECK(imported.out.find("\nNote type \"Basic-misc\", card template \"Card 3\", question side: "
                          "{{!Just a comment, I won't appear anywhere!}} names no field of the "
                          "type; it shows nothing there\n") != std::string::npos);
  const auto japanese =
      daemon.kioku({"--lang", "ja", "import", fixture("ankidroid_templates.apkg")});
  CHECK(japanese.out.find("ノートタイプ \"Muscle\"、カードテンプレート \"Picture/Name\" の表面 "
                          "1 行 78 列: \"Picture\" が開いたまま \"z\" を閉じています") !=
        std::string::npos);
  const SqliteReader reader(home.collection_path());
  // The card of "Muscle"'s first template ("{{#Action}}{{#Name}}Which movements result from
  // the contraction of {{Name}}? ...") for the note whose Name is Coracobrachialis.
  const std::string card = reader.text(
      "SELECT c.id FROM cards c JOIN notes n ON n.id = c.note_id JOIN note_types t "
      "ON t.id = n.note_type WHERE t.name = 'Muscle' AND c.template = 'card1' AND n.fields "
      "LIKE '%\"Coracobrachialis\"%'");
  REQUIRE_FALSE(card.empty());
  const auto shown = daemon.kioku({"card", "show", card});
  INFO(shown.out);
  CHECK(shown.out.find("Which movements result from the contraction of Coracobrachialis?") !=
        std::string::npos);
  // The answer side shows the Action field's HTML as text: its <div> a line of its own.
  CHECK(shown.out.find("Adduction at shoulder\n") != std::string::npos);
  CHECK(shown.out.find("Flexion at shoulder") != std::string::npos);
  CHECK(shown.out.find("{{") == std::string::npos);
  // The fields keep Anki's HTML and names, in the note type's order.
  const auto note = parse_output(
      daemon.kioku({"notes", "Coracobrachialis", "--deck", "1-templates-anatomy", "--json"}));
  INFO(boost::json::serialize(note));
  const auto& first = note.at("notes").as_array().at(0).as_object();
  CHECK(first.at("kind").as_string() == "anki");
  CHECK(first.at("note_type").at("name").as_string() == "Muscle");
  CHECK(first.at("note_type").at("fields").as_array().at(5).as_string() == "OIpic");
  CHECK(first.at("fields").at("Picture").as_object().begin()->value().as_string() ==
        "<img src=\"Coracobrachialis.JPG\" />");
  // A filter kioku does not know is named once for its type; its field shows as it is.
  const std::string unknown = home.root() + "/unknown-filter.apkg";
  write_changed_package(
      unknown, zip_entry(fixture("ankidroid_templates.apkg"), "collection.anki2"),
      "UPDATE col SET models = json_set(models, '$.\"1370745371343\".tmpls[0].qfmt', "
      "'{{mine:Name}} {{mine:Origin}} {{theirs:Name}}'); UPDATE notes SET mod = mod + 1",
      "{}");
  const auto filtered = daemon.kioku({"import", unknown});
  CHECK(filtered.exit_code == 0);
  CHECK(filtered.out.find("\nNote type \"Muscle\": its templates use filters kioku does not "
                          "know (\"mine\", \"theirs\"); their fields show as they are\n") !=
        std::string::npos);
  // The type's template changed in the package (its shape did not): the card shows the new one.
  const auto changed = daemon.kioku({"card", "show", card});
  CHECK(changed.out.find("Coracobrachialis Scapula (coracoid process) Coracobrachialis") !=
        std::string::npos);
  CHECK(count(home, "note_types") == 9);

  // A type kioku cannot keep is refused by name and part, and nothing of the package lands: the
  // rules a deck file's [[note_types]] keep (core/note_type_rules.hpp).
  const auto refused = [&](const std::string& change, const std::string& error) {
    const std::string path = home.root() + "/unkeepable.apkg";
    write_changed_package(path, zip_entry(fixture("ankidroid_templates.apkg"), "collection.anki2"),
                          change + "; UPDATE notes SET mod = mod + 10", "{}");
    const std::int64_t notes_before = count(home, "notes");
    const auto result = daemon.kioku({"import", path});
    INFO(result.err);
    CHECK(result.exit_code == 4);
    CHECK(result.err.find(error) != std::string::npos);
    CHECK(count(home, "notes") == notes_before);
  };
  refused(
      "UPDATE col SET models = json_set(models, '$.\"1370745371343\".flds[1].name', "
      "json_extract(models, '$.\"1370745371343\".flds[0].name'))",
      ": note type \"Muscle\": fields: \"Name\" is listed twice");
  // An empty name, which a deck file refuses: the type would not export to one that reads back.
  refused("UPDATE col SET models = json_set(models, '$.\"1370745371343\".name', '')",
          ": note type \"\": name: a note type needs a name");
  // A type the file lacks is found at its first note, the last here: the notes before it, saved
  // by then, go with the rest of the import.
  refused("UPDATE notes SET mid = 999 WHERE id = (SELECT max(id) FROM notes)",
          ": uses note type 999, which the file does not have");
}

TEST_CASE("e2e: malformed Anki packages get one clear error and change nothing",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string real = fixture("anki_media.apkg");
  const std::string collection = zip_entry(real, "collection.anki2");

  SECTION("an empty file") {
    const std::string path = home.write_file("empty.apkg", "");
    check_refused(daemon, path, "the file is empty, not an Anki package");
  }
  SECTION("not a zip") {
    const std::string path = home.write_file("text.apkg", "hello, not a zip\n");
    check_refused(daemon, path, "not a zip archive, so not an Anki package");
  }
  SECTION("a truncated zip") {
    const std::string bytes = read_file(real);
    const std::string path = home.write_file("cut.apkg", bytes.substr(0, bytes.size() / 2));
    check_refused(daemon, path,
                  "a damaged or truncated zip archive (its central directory is missing)");
  }
  SECTION("a truncated collection") {
    const std::string path = home.root() + "/cut-collection.apkg";
    write_zip(path, {{"collection.anki2", collection.substr(0, 4096 + 100)}, {"media", "{}"}});
    const auto result = daemon.kioku({"import", path});
    CHECK(result.exit_code == 4);
    CHECK(result.err.rfind("kioku: " + path + ": its collection", 0) == 0);
    CHECK(count(home, "cards") == 0);
  }
  SECTION("a collection that is not SQLite, and one without Anki's tables") {
    // Said of the package, never with the advice for kiokud's own collection (restore a backup
    // over it) nor the name of the package's temporary copy.
    const std::string garbage = home.root() + "/garbage.apkg";
    write_zip(garbage, {{"collection.anki2", std::string(4000, 'x')}, {"media", "{}"}});
    check_refused(daemon, garbage,
                  "its collection cannot be read as an Anki collection: it is damaged, or not an "
                  "SQLite database");
    const std::string empty_database = home.root() + "/tables.sqlite";
    {
      sqlite3* database = nullptr;
      REQUIRE(sqlite3_open(empty_database.c_str(), &database) == SQLITE_OK);
      REQUIRE(sqlite3_exec(database, "CREATE TABLE other (x)", nullptr, nullptr, nullptr) ==
              SQLITE_OK);
      sqlite3_close(database);
    }
    const std::string tableless = home.root() + "/tableless.apkg";
    write_zip(tableless, {{"collection.anki2", read_file(empty_database)}, {"media", "{}"}});
    check_refused(daemon, tableless,
                  "its collection cannot be read as an Anki collection: it lacks a table or "
                  "column that an Anki collection has");
  }
  SECTION("a deck name past a deck file's limit") {
    const std::string path = home.root() + "/long-deck.apkg";
    write_changed_package(path, collection,
                          "UPDATE col SET decks = (SELECT json_group_object(key, json_set(value, "
                          "'$.name', hex(zeroblob(150)))) FROM json_each(col.decks))",
                          "{}");
    check_refused(daemon, path,
                  "deck \"" + std::string(64, '0') +
                      "\u2026\": its name is 300 bytes long; at most 256 bytes are allowed");
  }
  SECTION("a collection with a page no table uses") {
    // Damage only quick_check sees: the walk beside it reads every note, and none is kept. The
    // client shows the finding's line break as \n.
    std::string damaged = collection;
    const std::size_t size_field =
        (static_cast<unsigned char>(damaged[16]) << 8) | static_cast<unsigned char>(damaged[17]);
    const std::size_t page_size = size_field == 1 ? 65536 : size_field;  // 1 means 65,536
    const std::uint32_t pages = damaged.size() / page_size + 1;
    for (int at = 0; at < 4; ++at) damaged[28 + at] = static_cast<char>(pages >> (24 - 8 * at));
    damaged += std::string(page_size, '\0');
    const std::string path = home.root() + "/unused-page.apkg";
    write_zip(path, {{"collection.anki2", damaged}, {"media", "{}"}});
    check_refused(daemon, path,
                  "its collection is damaged (SQLite's quick_check: *** in database main ***\\n"
                  "Page " +
                      std::to_string(pages) + " is never used)");
  }
  SECTION("zip-slip names in the media map") {
    for (const std::string name : {"../evil.sh", "/etc/passwd", "a/b.png", ".."}) {
      const std::string path = home.root() + "/slip.apkg";
      write_zip(path, {{"collection.anki2", collection},
                       {"media", "{\"0\": \"" + name + "\"}"},
                       {"0", "boom"}});
      const auto result = daemon.kioku({"import", path});
      INFO(result.err);
      CHECK(result.exit_code == 4);
      CHECK(result.err.find("its media map names \"" + name + "\" (entry 0)") != std::string::npos);
      CHECK(count(home, "cards") == 0);
    }
    struct stat info {};
    CHECK(::stat((home.data_dir() + "/evil.sh").c_str(), &info) != 0);
  }
  SECTION("a view in place of a table, which could run an endless query") {
    const std::string path = home.root() + "/view.apkg";
    write_changed_package(
        path, collection,
        "ALTER TABLE notes RENAME TO real_notes; CREATE VIEW notes AS WITH RECURSIVE r(x) AS "
        "(SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x AS id, 'g' AS guid, 0 AS mid, "
        "0 AS mod, '' AS flds, '' AS tags FROM r",
        "{}");
    check_refused(daemon, path, "its collection's notes is not a plain table, as Anki makes it");
  }
  SECTION("a note of more than 1000 fields is refused before they are split") {
    const std::string path = home.root() + "/fields.apkg";
    write_changed_package(
        path, collection,
        "UPDATE notes SET flds = flds || replace(hex(zeroblob(1000)), '00', char(31))", "{}");
    const auto result = daemon.kioku({"import", path});
    INFO(result.err);
    CHECK(result.exit_code == 4);
    CHECK(result.err.find("has more than 1000 fields") != std::string::npos);
    CHECK(count(home, "cards") == 0);
  }
  SECTION("a broken last note: the notes saved before it go too") {
    // The notes are walked and saved one at a time inside the import's one write.
    const std::string many = zip_entry(fixture("mhaswade_Uber-Go.apkg"), "collection.anki2");
    const std::string path = home.root() + "/last.apkg";
    write_changed_package(path, many,
                          "UPDATE notes SET flds = flds || replace(hex(zeroblob(1000)), '00', "
                          "char(31)) WHERE id = (SELECT max(id) FROM notes)",
                          "{}");
    const auto result = daemon.kioku({"import", path});
    INFO(result.err);
    CHECK(result.exit_code == 4);
    CHECK(result.err.find("has more than 1000 fields") != std::string::npos);
    CHECK(count(home, "notes") == 0);
    CHECK(count(home, "cards") == 0);
    CHECK(count(home, "decks") == 0);
  }
  SECTION("a media entry missing from the zip") {
    const std::string path = home.root() + "/missing.apkg";
    write_zip(path, {{"collection.anki2", collection},
                     {"media", R"({"0": "foo.wav", "1": "gone.png"})"},
                     {"0", "abc\n"}});
    check_refused(daemon, path,
                  "its media map names \"gone.png\" in entry 1, which the package does not have");
  }
  SECTION("an unknown meta version") {
    const std::string path = home.root() + "/future.apkg";
    write_zip(path, {{"meta", std::string("\x08\x07", 2)}, {"collection.anki2", collection}});
    check_refused(daemon, path,
                  "its meta says package version 7, which kioku does not know (it reads 1, 2 "
                  "and 3); it was made by a newer Anki");
  }
  SECTION("entries that declare more than 2 GiB in all") {
    // A stored entry whose headers are changed to say 3 GiB: refused from what they declare,
    // before a byte is expanded.
    const std::string path = home.root() + "/huge.apkg";
    write_zip(path, {{"collection.anki2", std::string(100, 'x')}}, ZipMethod::kStored);
    std::string bytes = read_file(path);
    const auto patch = [&](std::size_t at) {
      bytes[at] = 0;
      bytes[at + 1] = 0;
      bytes[at + 2] = 0;
      bytes[at + 3] = static_cast<char>(0xC0);
    };
    patch(bytes.find(std::string("PK\x03\x04", 4)) + 22);
    patch(bytes.find(std::string("PK\x01\x02", 4)) + 24);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    check_refused(daemon, path,
                  "its entries would expand past 2 GiB; kioku does not import a package that "
                  "large");
  }
  SECTION("a zip bomb") {
    const std::string path = home.root() + "/bomb.apkg";
    write_zip(path, {{"collection.anki2", std::string(20u << 20, '\0')}});
    const auto result = daemon.kioku({"import", path});
    CHECK(result.exit_code == 4);
    CHECK(result.err.find("entry \"collection.anki2\" would expand") != std::string::npos);
    CHECK(result.err.find("a zip bomb?") != std::string::npos);
    CHECK(count(home, "cards") == 0);
  }
  SECTION("a zip bomb of many entries, each within its own ratio") {
    // 40 media files of a MiB of zeros: each passes 100 times its size by the 1 MiB of slack an
    // entry has, together 40 MiB from some 50 KB.
    const std::string path = home.root() + "/many.apkg";
    std::vector<std::pair<std::string, std::string>> entries{
        {"collection.anki2", zip_entry(fixture("anki_media.apkg"), "collection.anki2")}};
    std::string media = "{";
    for (int index = 0; index < 40; ++index) {
      media += (index > 0 ? ", \"" : "\"") + std::to_string(index) + "\": \"zero" +
               std::to_string(index) + ".bin\"";
      entries.emplace_back(std::to_string(index), std::string(1u << 20, '\0'));
    }
    entries.emplace_back("media", media + "}");
    write_zip(path, entries);
    const auto result = daemon.kioku({"import", path});
    CHECK(result.exit_code == 4);
    CHECK(result.err.find("its entries would expand") != std::string::npos);
    CHECK(result.err.find("times their size together (a zip bomb?)") != std::string::npos);
    CHECK(count(home, "cards") == 0);
    CHECK_FALSE(std::filesystem::exists(home.data_dir() + "/media/zero0.bin"));
  }
}

TEST_CASE("e2e: a note of a shared deck's size imports: 60 tags, one of 300 bytes, a 50 KB field",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string path = home.root() + "/large.apkg";
  std::string tags = " #AK_Step1_v12::" + std::string(284, 'x');
  for (int index = 0; index < 59; ++index) tags += " #AK_Step1_v12::Tag" + std::to_string(index);
  write_changed_package(path, zip_entry(fixture("anki_media.apkg"), "collection.anki2"),
                        "UPDATE notes SET tags = '" + tags +
                            " ', flds = hex(zeroblob(25000)) || substr(flds, instr(flds, "
                            "char(31)))",
                        "{}");
  const auto imported = parse_output(daemon.kioku({"import", path, "--json"}));
  CHECK(field(imported, "added") == 1);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT length(tags) - length(replace(tags, ' ', '')) + 1 FROM notes") == "60");
  CHECK(std::stoll(reader.text("SELECT length(fields) FROM notes")) > 50'000);
}

TEST_CASE("e2e: a card Anki suspended arrives suspended", "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string path = home.root() + "/suspended.apkg";
  write_changed_package(path, zip_entry(fixture("anki_media.apkg"), "collection.anki2"),
                        "UPDATE cards SET queue = -1", "{}");
  const auto imported = parse_output(daemon.kioku({"import", path, "--json"}));
  CHECK(field(imported, "added") == 1);
  CHECK(field(imported, "suspended") == 1);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT suspended FROM card_state") == "1");
  CHECK(reader.text("SELECT suspended_ms IS NOT NULL FROM cards") == "1");
}

TEST_CASE("e2e: a deck a package makes takes its Anki options and a deck kioku has keeps its own",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string vocab = "spoken-languages-english-vocab-2023";
  successful_json(daemon, {"import", fixture("mhaswade_english-vocab-2023.apkg"), "--json"});
  const auto option = [&](const std::string& deck, const std::string& name) {
    return deck_options_shown(daemon, deck).at(name);
  };
  // Its options group: 50 new cards and 100 reviews a day, Anki's defaults otherwise.
  CHECK(option(vocab, "new_per_day") == "50");
  CHECK(option(vocab, "reviews_per_day") == "100");
  CHECK(option(vocab, "learning_steps") == "1m 10m");
  CHECK(option(vocab, "leech_action") == "suspend");
  // A modern Anki's group tags leeches without suspending them.
  successful_json(daemon, {"import", fixture("mhaswade_bg-hashtable.colpkg"), "--json"});
  CHECK(option("default", "leech_action") == "tag");

  // The user's options on a deck kioku has are never overwritten by a later import.
  successful_json(daemon, {"deck", "config", vocab, "new_per_day=7", "--json"});
  successful_json(daemon, {"import", fixture("mhaswade_english-vocab-2023.apkg"), "--json"});
  CHECK(option(vocab, "new_per_day") == "7");
}

TEST_CASE("e2e: a package's changed options group and FSRS become the deck's options",
          "[e2e][anki_package]") {
  // The collection fuzzer's seed (tests/fuzz/make_anki_collection_seed.sh): FSRS on, and deck
  // Lang::Words on a group of its own with FSRS-5's parameters.
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string path = daemon.home().root() + "/options.apkg";
  write_changed_package(path,
                        read_file(source_path("tests/fuzz/corpus/anki_collection/schema11.anki2")),
                        "SELECT 1", "{}");
  successful_json(daemon, {"import", path, "--json"});
  const std::map<std::string, std::string> options = deck_options_shown(daemon, "lang-words");
  CHECK(options.at("algorithm") == "fsrs");
  CHECK(options.at("learning_steps") == "30s 10m 1d");
  CHECK(options.at("relearning_steps").empty());
  CHECK(options.at("new_per_day") == "50");
  CHECK(options.at("reviews_per_day") == "300");
  CHECK(options.at("starting_ease") == "2.3");
  CHECK(options.at("interval_modifier") == "0.9");
  CHECK(options.at("leech_threshold") == "5");
  CHECK(options.at("leech_action") == "tag");
  CHECK(options.at("bury_new_siblings") == "on");
  CHECK(options.at("desired_retention") == "0.85");
  // FSRS-5's 19 parameters, made FSRS-6's.
  CHECK(options.at("fsrs_parameters").rfind("0.4,0.6,", 0) == 0);
  CHECK(options.at("fsrs_parameters").ends_with(",0.01,0.5"));
}

TEST_CASE(
    "e2e: an imported card of an FSRS deck without Anki's memory gets the one its answers give",
    "[e2e][anki_package]") {
  // The fuzz seed's Lang::Words deck schedules with FSRS; its card's memory is taken out of
  // cards.data, as for a card Anki scheduled with SM-2.
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string path = daemon.home().root() + "/no-memory.apkg";
  write_changed_package(path,
                        read_file(source_path("tests/fuzz/corpus/anki_collection/schema11.anki2")),
                        "UPDATE cards SET data = '' WHERE id = 1700000000102", "{}");
  const auto imported = successful_json(daemon, {"import", path, "--with-history", "--json"});
  CHECK(field(imported, "cards_with_history") == 2);
  const SqliteReader reader(daemon.home().collection_path());
  const std::string card =
      "(SELECT c.id FROM cards c JOIN notes n ON n.id = c.note_id WHERE n.guid = 'Qz8&kP2m!a')";
  // Anki's state is kept as it was; the card's state now has the memory of its three answers.
  CHECK(reader.text("SELECT coalesce(stability, 0) FROM imported_states WHERE card_id = " + card) ==
        "0");
  CHECK(reader.text("SELECT interval_days FROM card_state WHERE card_id = " + card) == "25");
  CHECK(std::stod(reader.text("SELECT stability FROM card_state WHERE card_id = " + card)) > 1.0);
  CHECK(std::stod(reader.text("SELECT difficulty FROM card_state WHERE card_id = " + card)) >= 1.0);
  // A rebuild starts from the same place, so it finds nothing to change.
  CHECK(field(successful_json(daemon, {"doctor", "--rebuild", "--json"}), "changed") == 0);
}

TEST_CASE("e2e: a suspended card that takes its history later stays suspended",
          "[e2e][anki_package]") {
  // The fuzz seed with its review card suspended in Anki: imported first without history, which
  // suspends it, then with it.
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string path = daemon.home().root() + "/suspended-history.apkg";
  write_changed_package(path,
                        read_file(source_path("tests/fuzz/corpus/anki_collection/schema11.anki2")),
                        "UPDATE cards SET queue = -1 WHERE id = 1700000000102", "{}");
  CHECK(field(successful_json(daemon, {"import", path, "--json"}), "suspended") == 1);
  const auto again = successful_json(daemon, {"import", path, "--with-history", "--json"});
  CHECK(field(again, "cards_with_history") == 2);
  const SqliteReader reader(daemon.home().collection_path());
  const std::string card =
      "(SELECT c.id FROM cards c JOIN notes n ON n.id = c.note_id WHERE n.guid = 'Qz8&kP2m!a')";
  CHECK(reader.text("SELECT phase || ' ' || suspended FROM card_state WHERE card_id = " + card) ==
        "review 1");
  CHECK(field(successful_json(daemon, {"doctor", "--rebuild", "--json"}), "changed") == 0);
}

TEST_CASE("e2e: Anki's card flags come in and are set with kioku flag and go back out",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  // Uber-Go's cards with flags of Anki's (the low three bits; a higher bit is not a flag).
  const std::string flagged = home.root() + "/flagged.apkg";
  write_changed_package(flagged, zip_entry(fixture("mhaswade_Uber-Go.apkg"), "collection.anki2"),
                        "UPDATE cards SET flags = 3 WHERE id = (SELECT min(id) FROM cards); "
                        "UPDATE cards SET flags = 8 + 7 WHERE id = (SELECT max(id) FROM cards)",
                        "{}");
  REQUIRE(daemon.kioku({"import", flagged}).exit_code == 0);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT group_concat(flag) FROM (SELECT flag FROM cards WHERE flag <> 0 "
                    "ORDER BY flag)") == "3,7");
  const std::string green = reader.text("SELECT id FROM cards WHERE flag = 3");
  CHECK(daemon.kioku({"card", "show", green}).out.find(", flag green") != std::string::npos);
  CHECK(daemon.kioku({"--lang", "ja", "card", "show", green}).out.find("、フラグ 緑") !=
        std::string::npos);

  // Set by hand, in either language's names or by number; all or nothing.
  const std::string other = reader.text("SELECT min(id) FROM cards WHERE flag = 0");
  const auto red = daemon.kioku({"flag", "red", other, green});
  CHECK(red.out == "2 cards flagged red\n");
  CHECK(reader.text("SELECT group_concat(flag) FROM cards WHERE id IN (" + other + ", " + green +
                    ")") == "1,1");
  CHECK(daemon.kioku({"--lang", "ja", "flag", "紫", other}).out ==
        "1 枚のカードに紫のフラグを付けました\n");
  CHECK(daemon.kioku({"flag", "none", green}).out == "1 card's flag taken off\n");
  const auto unknown = daemon.kioku({"flag", "red", other, "99999999"});
  CHECK(unknown.exit_code != 0);
  CHECK(unknown.err == "kioku: No card 99999999: nothing was changed\n");
  CHECK(reader.text("SELECT flag FROM cards WHERE id = " + other) == "7");
  const auto mauve = daemon.kioku({"flag", "mauve", other});
  CHECK(mauve.exit_code == 2);
  CHECK(mauve.err.find("\"mauve\" is no flag") != std::string::npos);
  CHECK(daemon.call("card.get", {{"card", std::stoll(other)}}).at("card").at("flag").as_int64() ==
        7);

  // An export writes them in Anki's cards.flags.
  const std::string out = home.root() + "/out.apkg";
  REQUIRE(daemon.kioku({"export", "uber-go", "-o", out}).exit_code == 0);
  const std::string exported = home.root() + "/exported.anki21";
  {
    std::ofstream file(exported, std::ios::binary);
    file << zip_entry(out, "collection.anki21");
  }
  CHECK(SqliteReader(exported).text("SELECT group_concat(flags) FROM (SELECT flags FROM cards "
                                    "WHERE flags <> 0 ORDER BY flags)") == "7,7");
}

TEST_CASE("e2e: a newer copy of a note deleted in kioku stays deleted and keeps its place",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string real = fixture("mhaswade_english-vocab-2023.apkg");
  REQUIRE(daemon.kioku({"import", real}).exit_code == 0);
  const SqliteReader reader(home.collection_path());
  const std::string first = reader.text("SELECT guid FROM notes ORDER BY position LIMIT 1");
  const std::string places_before = reader.text(
      "SELECT group_concat(guid || '@' || position, ' ') FROM "
      "(SELECT guid, position FROM notes ORDER BY position)");
  REQUIRE(daemon.kioku({"note", "delete", first}).exit_code == 0);
  // Every note newer in the package: the deleted one is saved where it is, and stays deleted.
  const std::string newer = home.root() + "/newer.apkg";
  write_changed_package(newer, zip_entry(real, "collection.anki21"),
                        "UPDATE notes SET mod = mod + 100, flds = flds || ' (new)'", "{}");
  const auto again = daemon.kioku({"import", newer});
  INFO(again.out << again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(reader.text("SELECT group_concat(guid || '@' || position, ' ') FROM "
                    "(SELECT guid, position FROM notes ORDER BY position)") == places_before);
  CHECK(reader.text("SELECT deleted_ms IS NOT NULL FROM notes WHERE guid = '" + first + "'") ==
        "1");
  CHECK(reader.text("SELECT count(*) FROM notes WHERE deleted_ms IS NULL") == "21");
}

TEST_CASE("e2e: a card type Anki never writes is named as the file has it", "[e2e][anki_package]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string path = daemon.home().root() + "/type9.apkg";
  write_changed_package(path,
                        read_file(source_path("tests/fuzz/corpus/anki_collection/schema11.anki2")),
                        "UPDATE cards SET type = 9 WHERE id = 1700000000102", "{}");
  const auto result = daemon.kioku({"import", path, "--with-history"});
  INFO(result.err);
  CHECK(result.exit_code == 4);
  CHECK(result.err.find("card type 9 is none Anki writes (0 to 3)") != std::string::npos);
  CHECK(count(daemon.home(), "cards") == 0);
}
