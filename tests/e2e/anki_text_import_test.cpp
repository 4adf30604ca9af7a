// Anki's text exports through the real kioku and kiokud: the counts, a second import that
// changes nothing, --dry-run, the options, and a malformed file that changes nothing and names
// its file and line.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;

namespace {

std::string text_fixture(const std::string& name) {
  return source_path("tests/fixtures/anki-text/" + name);
}

std::int64_t cards_in_collection(const TempHome& home) {
  return std::stoll(SqliteReader(home.collection_path()).text("SELECT count(*) FROM cards"));
}

}  // namespace

TEST_CASE("e2e: an Anki text export imports, and again changes nothing", "[e2e][anki_text]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string path = text_fixture("anki-export.txt");
  const auto imported = parse_output(daemon.kioku({"import", path, "--json"}));
  // Basic 1 card, Basic (and reversed card) 2, Cloze with one deletion 1.
  CHECK(field(imported, "added") == 4);
  CHECK(imported.at("deck").as_string() == "japanese-kanji, japanese-grammar");
  CHECK(cards_in_collection(home) == 4);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT group_concat(guid, ' ') FROM (SELECT guid FROM notes ORDER BY guid)") ==
        "H8d.M2z{q3 c0Lo]e4<9Z f5Kp!x`A1q");

  const auto again = daemon.kioku({"import", path});
  INFO(again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(again.out == "Imported japanese-kanji, japanese-grammar from " + path +
                         ": 0 added, 0 updated, 4 unchanged\n");
  CHECK(cards_in_collection(home) == 4);
}

TEST_CASE("e2e: --dry-run counts what an Anki text import would change and changes nothing",
          "[e2e][anki_text]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string path = text_fixture("anki-export.txt");
  const auto dry = daemon.kioku({"import", path, "--dry-run"});
  INFO(dry.err);
  REQUIRE(dry.exit_code == 0);
  CHECK(dry.out == "Would import japanese-kanji, japanese-grammar from " + path +
                       ": 4 added, 0 updated, 0 unchanged (dry run: nothing was changed)\n");
  CHECK(parse_output(daemon.kioku({"decks", "--json"})).as_array().empty());
  CHECK(cards_in_collection(home) == 0);

  // After a real import, a dry run of an edited file counts the update and leaves the note.
  REQUIRE(daemon.kioku({"import", path}).exit_code == 0);
  std::string edited =
      "#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n"
      "#deck column:3\n#tags column:6\n"
      "f5Kp!x`A1q\tBasic\tJapanese::Kanji\t日\tsun, day\tkanji n5\n";
  const std::string edited_path = home.write_file("edited.txt", edited);
  const auto update = parse_output(daemon.kioku({"import", edited_path, "--dry-run", "--json"}));
  CHECK(field(update, "updated") == 1);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT fields FROM notes WHERE guid = 'f5Kp!x`A1q'").find("sun\\nday") !=
        std::string::npos);
  // In Japanese too.
  const auto japanese = daemon.kioku({"--lang", "ja", "import", edited_path, "--dry-run"});
  CHECK(japanese.out.find("試行のみ: 何も変更していません") != std::string::npos);
}

TEST_CASE("e2e: --deck, --kind and --columns map a headerless Anki text file", "[e2e][anki_text]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string path =
      home.write_file("plain.tsv", "きれい\tpretty\tadjective\nはな\tflower\tnoun\n");
  const auto imported =
      parse_output(daemon.kioku({"import", path, "--deck", "Words", "--kind", "reverse",
                                 "--columns", "back,front,tags", "--json"}));
  CHECK(field(imported, "added") == 4);
  CHECK(imported.at("deck").as_string() == "words");
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT kind || ' ' || tags FROM notes ORDER BY position LIMIT 1") ==
        "reverse adjective");
  CHECK(reader.text("SELECT fields FROM notes ORDER BY position LIMIT 1").find("pretty") !=
        std::string::npos);
  // Without options the file's name is the deck and the kind is basic.
  const std::string other = home.write_file("Spanish Words.tsv", "perro\tdog\n");
  const auto basic = parse_output(daemon.kioku({"import", other, "--json"}));
  CHECK(basic.at("deck").as_string() == "spanish-words");
  CHECK(field(basic, "added") == 1);
}

TEST_CASE("e2e: a malformed Anki text file changes nothing and names its line",
          "[e2e][anki_text]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  // Two good rows, then one with a column too many: none of them lands.
  const std::string path =
      home.write_file("broken.txt", "#separator:tab\none\t1\ntwo\t2\nthree\t3\textra\n");
  const auto result = daemon.kioku({"import", path});
  CHECK(result.exit_code == 4);
  CHECK(result.out.empty());
  CHECK(result.err ==
        "kioku: " + path +
            ":4:9: has 3 columns where the file has 2 (its first row's); a separator in a "
            "field must be inside quotes\n");
  CHECK(cards_in_collection(home) == 0);
  CHECK(parse_output(daemon.kioku({"decks", "--json"})).as_array().empty());

  const std::string unclosed = home.write_file("unclosed.csv", "a,b\n\"c,d\n");
  const auto quote = daemon.kioku({"import", unclosed});
  CHECK(quote.exit_code == 4);
  CHECK(quote.err ==
        "kioku: " + unclosed + ":2:1: the quote that opens this field is never closed\n");
  const std::string empty = home.write_file("empty.txt", "");
  CHECK(daemon.kioku({"import", empty}).err ==
        "kioku: " + empty +
            ": has no notes: nothing but headers, comments or empty lines (an empty file?)\n");
  CHECK(cards_in_collection(home) == 0);
  expect_still_serving(home);
}

TEST_CASE("e2e: standard input is read as Anki text by its content", "[e2e][anki_text]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const auto result =
      daemon.kioku({"import", "-", "--json"}, "#separator:comma\n#deck:Piped\nsun,太陽\n");
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  const auto imported = parse_output(result);
  CHECK(imported.at("deck").as_string() == "piped");
  CHECK(field(imported, "added") == 1);
  // A TOML deck's options are refused where they mean nothing.
  const auto toml = daemon.kioku({"import", format1_deck_path(), "--kind", "basic"});
  CHECK(toml.exit_code != 0);
  CHECK(toml.err.find("are for Anki text files") != std::string::npos);
}

TEST_CASE("e2e: a note two rows of one file give keeps the first row's place in a new deck",
          "[e2e][anki_text]") {
  // The deck is made by this import, so rows are added without a look for their note first: the
  // second row of guid "same" must still find the first and update it where it is.
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string path =
      home.write_file("twice.txt",
                      "#separator:tab\n#guid column:1\n#deck:Twice\n"
                      "same\tfirst front\tfirst back\nother\tanother front\tanother back\n"
                      "same\tsecond front\tsecond back\nlast\tlast front\tlast back\n");
  const auto imported = parse_output(daemon.kioku({"import", path, "--json"}));
  CHECK(field(imported, "added") == 3);
  CHECK(field(imported, "updated") == 1);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT group_concat(guid, ' ') FROM (SELECT guid FROM notes "
                    "ORDER BY position)") == "same other last");
  CHECK(reader.text("SELECT group_concat(position, ' ') FROM (SELECT position FROM cards "
                    "ORDER BY position)") == "1 2 3");
  CHECK(reader.text("SELECT fields FROM notes WHERE guid = 'same'").find("second front") !=
        std::string::npos);
}

TEST_CASE("e2e: a note two rows far apart give keeps the first row's place past a batch",
          "[e2e][anki_text]") {
  // New notes are added in batches (32 notes an INSERT): the second row of "same", 60 rows on,
  // is in another statement's rows of the same batch, and still finds the first and updates it.
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  std::string text = "#separator:tab\n#guid column:1\n#deck:Apart\n";
  for (int row = 1; row <= 100; ++row) {
    const std::string guid = row == 10 || row == 70 ? "same" : "note-" + std::to_string(row);
    text += guid + "\tfront " + std::to_string(row) + "\tback " + std::to_string(row) + "\n";
  }
  const std::string path = home.write_file("apart.txt", text);
  const auto imported = parse_output(daemon.kioku({"import", path, "--json"}));
  CHECK(field(imported, "added") == 99);
  CHECK(field(imported, "updated") == 1);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT count(*) FROM cards") == "99");
  CHECK(reader.text("SELECT min(position) || ' ' || max(position) || ' ' || count(DISTINCT "
                    "position) FROM cards") == "1 99 99");
  CHECK(reader.text("SELECT position FROM notes WHERE guid = 'same'") == "10");
  CHECK(reader.text("SELECT fields FROM notes WHERE guid = 'same'").find("front 70") !=
        std::string::npos);
  CHECK(reader.text("SELECT position FROM notes WHERE guid = 'note-71'") == "70");
}

TEST_CASE("e2e: rows of two decks in turn keep each deck's own order", "[e2e][anki_text]") {
  // A batch holds notes of any decks in the order they came (a package's subdecks take turns
  // too): each deck's cards are numbered from 1 in its rows' order.
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  std::string text = "#separator:tab\n#guid column:1\n#deck column:4\n";
  for (int row = 1; row <= 80; ++row) {
    text += "n" + std::to_string(row) + "\tfront " + std::to_string(row) + "\tback\t" +
            (row % 2 == 0 ? "Even" : "Odd") + "\n";
  }
  const std::string path = home.write_file("turns.txt", text);
  const auto imported = parse_output(daemon.kioku({"import", path, "--json"}));
  CHECK(field(imported, "added") == 80);
  const SqliteReader reader(home.collection_path());
  for (const std::string deck : {"odd", "even"}) {
    INFO(deck);
    const std::string in_deck =
        "FROM notes n JOIN decks d ON d.id = n.deck_id WHERE d.slug = '" + deck + "'";
    CHECK(reader.text("SELECT count(*) " + in_deck) == "40");
    // Row order is note order: position 1 is the deck's first row, and so on.
    CHECK(reader.text("SELECT group_concat(p, ' ') FROM (SELECT n.position AS p " + in_deck +
                      " ORDER BY CAST(substr(n.guid, 2) AS INTEGER))") ==
          reader.text("WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < "
                      "40) SELECT group_concat(i, ' ') FROM k"));
  }
  // The notes' ids follow the rows, whichever deck: as one note at a time would give them.
  CHECK(reader.text("SELECT count(*) FROM notes a JOIN notes b ON CAST(substr(b.guid, 2) AS "
                    "INTEGER) = CAST(substr(a.guid, 2) AS INTEGER) + 1 WHERE b.id != a.id + 1") ==
        "0");
}

TEST_CASE("e2e: a refused row far into a file names its line and nothing lands",
          "[e2e][anki_text]") {
  // The reader reads ahead of the rows saved, and new notes are saved in batches of up to 64: a
  // row its kind refuses is refused in its place, after the rows before it were saved (and are
  // rolled back), and a row the reader refuses after that is never reached.
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  std::string text;
  for (int row = 1; row <= 500; ++row) {
    const std::string front = row == 300 ? "" : "front " + std::to_string(row);
    text += front + "\tback " + std::to_string(row) + (row == 450 ? "\textra" : "") + "\n";
  }
  const std::string path = home.write_file("refused.txt", text);
  const auto refused = daemon.kioku({"import", path, "--deck", "Far", "--kind", "basic"});
  CHECK(refused.exit_code == 4);
  CHECK(refused.err.find(path + ":300") != std::string::npos);
  CHECK(refused.err.find("front") != std::string::npos);
  CHECK(cards_in_collection(home) == 0);
  CHECK(parse_output(daemon.kioku({"decks", "--json"})).as_array().empty());

  // Without the refused row, the reader's error at row 450 is the one told.
  text.replace(text.find("\tback 300"), 0, "front 300");
  const std::string torn = home.write_file("torn.txt", text);
  const auto broken = daemon.kioku({"import", torn, "--deck", "Far", "--kind", "basic"});
  CHECK(broken.exit_code == 4);
  CHECK(broken.err.find(torn + ":450:") != std::string::npos);
  CHECK(cards_in_collection(home) == 0);

  // And without either, all 500 land, in the file's order.
  text.erase(text.find("\textra"), 6);
  const std::string whole = home.write_file("whole.txt", text);
  const auto imported =
      parse_output(daemon.kioku({"import", whole, "--deck", "Far", "--kind", "basic", "--json"}));
  CHECK(field(imported, "added") == 500);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT count(*) FROM notes WHERE position = "
                    "CAST(substr(json_extract(fields, '$[0].text.en'), 7) AS INTEGER)") == "500");
  expect_still_serving(home);
}

TEST_CASE("e2e: a guid the file gives is one note in the collection, updated in the deck it is in",
          "[e2e][anki_text]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string header = "#separator:tab\n#guid column:1\n#deck column:2\n";
  const auto first = parse_output(daemon.kioku(
      {"import", home.write_file("first.txt", header + "g1\tKept Here\tfront\tback\n"), "--json"}));
  CHECK(field(first, "added") == 1);
  // Anki moved the note to another deck and changed it; the export names that deck.
  const auto moved = parse_output(daemon.kioku(
      {"import", home.write_file("moved.txt", header + "g1\tMoved There\tchanged\tback\n"),
       "--json"}));
  CHECK(field(moved, "added") == 0);
  CHECK(field(moved, "updated") == 1);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT count(*) FROM notes WHERE guid = 'g1'") == "1");
  CHECK(reader.text("SELECT d.slug FROM notes n JOIN decks d ON d.id = n.deck_id") == "kept-here");
  CHECK(reader.text("SELECT json_extract(fields, '$[0].text.en') FROM notes") == "changed");
  // No deck was made for it.
  CHECK(reader.text("SELECT count(*) FROM decks") == "1");
  // Without a guid, a row is its deck's: the same first field in another deck is another note.
  const auto unnamed = parse_output(daemon.kioku(
      {"import", home.write_file("plain.txt", "#separator:tab\n#deck:Other\nchanged\tback\n"),
       "--json"}));
  CHECK(field(unnamed, "added") == 1);
}

TEST_CASE("e2e: two rows of one guid and two kinds leave the later row's cards and no retired one",
          "[e2e][anki_text]") {
  // The later row wins, as it does for two rows of one kind; the card the first row made was
  // made and unmade by this one import, never shown: it goes, where it was retired (suspended,
  // kept) before.
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string header = "#separator:tab\n#guid column:1\n#notetype column:2\n#deck:Kinds\n";
  std::string text = header + "g1\tBasic\tfirst front\tfirst back\n";
  // g2 far apart (past a batch of new notes): basic, then two clozes, then one.
  text += "g2\tBasic\tsecond front\tsecond back\n";
  for (int row = 1; row <= 70; ++row) {
    text += "n" + std::to_string(row) + "\tBasic\tfront " + std::to_string(row) + "\tback\n";
  }
  text += "g1\tBasic (and reversed card)\tfirst front\tfirst back\n";
  text += "g2\tCloze\t{{c1::Tokyo}} is in {{c2::Japan}}\textra\n";
  text += "g2\tCloze\t{{c1::Tokyo}} is in Japan\textra\n";
  const auto imported =
      parse_output(daemon.kioku({"import", home.write_file("kinds.txt", text), "--json"}));
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT count(*) FROM cards WHERE retired = 1") == "0");
  CHECK(reader.text("SELECT group_concat(c.template, ' ') FROM (SELECT c.template FROM cards c "
                    "JOIN notes n ON n.id = c.note_id WHERE n.guid = 'g1' ORDER BY c.template) "
                    "c") == "backward forward");
  CHECK(reader.text("SELECT group_concat(c.template, ' ') FROM cards c JOIN notes n ON n.id = "
                    "c.note_id WHERE n.guid = 'g2'") == "c1");
  CHECK(reader.text("SELECT count(*) FROM card_state") == "73");
  CHECK(field(imported, "added") == 73);
  CHECK(field(imported, "retired") == 0);
  // The notes keep the first row's place.
  CHECK(reader.text("SELECT position FROM notes WHERE guid = 'g1'") == "1");
  CHECK(reader.text("SELECT position FROM notes WHERE guid = 'g2'") == "2");
  // Again: the same file ends the same, every card kept.
  const std::string before =
      reader.text("SELECT group_concat(id, ' ') FROM (SELECT id FROM cards ORDER BY id)");
  daemon.kioku({"import", home.write_file("kinds.txt", text), "--json"});
  CHECK(reader.text("SELECT group_concat(id, ' ') FROM (SELECT id FROM cards WHERE retired = 0 "
                    "ORDER BY id)") == before);
  CHECK(reader.text("SELECT count(*) FROM cards") == "73");
}

TEST_CASE("e2e: a note the collection had keeps its retired cards when two rows change its kind",
          "[e2e][anki_text]") {
  // A card from before the import has a history to keep: retired, as an edit retires it. Only
  // the card the import's own first row made goes.
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string header = "#separator:tab\n#guid column:1\n#notetype column:2\n#deck:Kinds\n";
  daemon.kioku({"import", home.write_file("first.txt", header + "g\tBasic\tfront\tback\n")});
  const SqliteReader reader(home.collection_path());
  const std::string first_card = reader.text("SELECT id FROM cards");
  const auto imported = parse_output(daemon.kioku(
      {"import",
       home.write_file("second.txt", header + "g\tBasic (and reversed card)\tfront\tback\n" +
                                         "g\tCloze\t{{c1::front}}\tback\n"),
       "--json"}));
  CHECK(reader.text("SELECT group_concat(template || ':' || retired, ' ') FROM (SELECT "
                    "template, retired FROM cards ORDER BY id)") == "card:1 c1:0");
  CHECK(reader.text("SELECT id FROM cards WHERE retired = 1") == first_card);
  CHECK(field(imported, "added") == 1);
  CHECK(field(imported, "retired") == 1);
}
