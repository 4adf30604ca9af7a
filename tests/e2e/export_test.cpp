// kioku export through the real kioku and kiokud: each format's file, imported into a fresh
// collection, gives the same notes, cards, decks, tags (and for a package its media and the
// cards' states in Anki's terms); the package is read back with SQLite for Anki's layout; the
// errors are one line in each language, and a failed export leaves the target as it was.
// Anki's real packages are read from ../shared/fixtures/anki (KIOKU_SHARED_DIR overrides).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/e2e/anki_fixtures.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku::test;

namespace {

// A collection's live notes, each one line: deck name, guid, kind, fields, choices, answer,
// tags, and its cards (template, suspended), sorted: what a round trip must keep.
std::vector<std::string> notes_of(const TempHome& home) {
  const SqliteReader reader(home.collection_path());
  std::vector<std::string> lines;
  for (const auto& row : reader.rows(
           "SELECT json_extract(d.name, '$.en'), n.guid, n.kind, n.fields, n.choices, n.answer, "
           "n.tags, (SELECT group_concat(c.template || ':' || s.suspended, ',') FROM "
           "(SELECT * FROM cards WHERE note_id = n.id ORDER BY template) c "
           "JOIN card_state s ON s.card_id = c.id WHERE c.retired = 0) "
           "FROM notes n JOIN decks d ON d.id = n.deck_id WHERE n.deleted_ms IS NULL")) {
    std::string line;
    for (const std::string& column : row) line += column + " | ";
    lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::int64_t sql_integer(const TempHome& home, const std::string& sql) {
  return std::stoll(SqliteReader(home.collection_path()).text(sql));
}

void export_to(const RunningDaemon& daemon, const std::vector<std::string>& arguments) {
  std::vector<std::string> line{"export"};
  line.insert(line.end(), arguments.begin(), arguments.end());
  const auto result = daemon.kioku(line);
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
}

void import_ok(const RunningDaemon& daemon, const std::string& path) {
  const auto result = daemon.kioku({"import", path});
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
}

// A deck of Anki's five stock kinds, with text that needs quoting and escaping in every format.
constexpr const char* kStockDeck = R"(format = 2
languages = ["en"]

[deck]
id = "stock"
name = "Lang::Stock"

[[notes]]
id = "b#1"
kind = "basic"
tags = ["geo", "a::b"]
front = "#1 Capital of <Japan> & \"more\"?"
back = "Tokyo\n- a list\n\tand a tab"

[[notes]]
id = "r-1"
kind = "reverse"
front = "dog"
back = "inu **strong**"

[[notes]]
id = "o-1"
kind = "basic-optional-reverse"
front = "cat"
back = "neko"
add_reverse = "y"

[[notes]]
id = "o-2"
kind = "basic-optional-reverse"
front = "bird"
back = "tori"

[[notes]]
id = "c-1"
kind = "cloze"
text = "{{c1::Paris}} lies on the {{c2::Seine::river}}."
extra = "Since ever; [image: map.png]"

[[notes]]
id = "t-1"
kind = "typed"
front = "Water?"
back = "mizu"
)";

}  // namespace

TEST_CASE("e2e: the bundled deck exported as TOML imports into a fresh collection the same",
          "[e2e][export]") {
  RunningDaemon daemon;
  const std::string file = daemon.home().root() + "/gc.toml";
  export_to(daemon, {"gradient-checkpointing", "-o", file});
  // Imported again where it came from, nothing changes: ids and content are the same.
  const auto again = daemon.kioku({"import", file, "--json"});
  REQUIRE(again.exit_code == 0);
  CHECK(field(parse_output(again), "unchanged") == bundled_deck_cards());
  CHECK(field(parse_output(again), "added") == 0);
  CHECK(field(parse_output(again), "updated") == 0);

  RunningDaemon fresh({"--no-bundled-decks"});
  import_ok(fresh, file);
  CHECK(notes_of(fresh.home()) == notes_of(daemon.home()));
  CHECK(sql_integer(fresh.home(), "SELECT count(*) FROM cards") == bundled_deck_cards());
  // The deck's names and description in both languages came along.
  const SqliteReader before(daemon.home().collection_path());
  const SqliteReader after(fresh.home().collection_path());
  CHECK(after.text("SELECT name || description || languages FROM decks") ==
        before.text("SELECT name || description || languages FROM decks"));
}

TEST_CASE("e2e: TOML, Anki text and Anki packages of the five stock kinds round-trip",
          "[e2e][export]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  import_ok(daemon, daemon.home().write_file("stock.toml", kStockDeck));
  // One card suspended by the user: an Anki file carries it as queue -1.
  const std::int64_t suspended =
      sql_integer(daemon.home(),
                  "SELECT c.id FROM cards c JOIN notes n ON n.id = c.note_id WHERE n.guid = 'r-1' "
                  "AND c.template = 'backward'");
  daemon.call("card.suspend", {{"cards", boost::json::array{suspended}}});
  const std::vector<std::string> original = notes_of(daemon.home());
  REQUIRE(original.size() == 6);

  for (const std::string format : {"toml", "tsv", "apkg"}) {
    DYNAMIC_SECTION(format) {
      const std::string file = daemon.home().root() + "/stock." + format;
      // By name, as review --deck takes it.
      export_to(daemon, {"Lang::Stock", "--format", format, "-o", file});
      RunningDaemon fresh({"--no-bundled-decks"});
      import_ok(fresh, file);
      std::vector<std::string> expected = original;
      if (format != "apkg") {
        // A deck file and Anki's text hold content only: their cards arrive in the queue.
        for (std::string& line : expected) {
          std::size_t at = 0;
          while ((at = line.find(":1", at)) != std::string::npos) line.replace(at, 2, ":0");
        }
      }
      CHECK(notes_of(fresh.home()) == expected);
    }
  }
}

TEST_CASE("e2e: Anki's real packages exported as text and as a package import back the same",
          "[e2e][export][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  for (const std::string package :
       {"anki_media.apkg", "mhaswade_Uber-Go.apkg", "mhaswade_english-vocab-2023.apkg",
        "mhaswade_bg-hashtable.colpkg"}) {
    for (const std::string format : {"tsv", "apkg"}) {
      DYNAMIC_SECTION(package << " as " << format) {
        RunningDaemon daemon({"--no-bundled-decks"});
        import_ok(daemon, fixtures_directory() + "/" + package);
        const std::string deck =
            SqliteReader(daemon.home().collection_path()).text("SELECT slug FROM decks LIMIT 1");
        const std::string file = daemon.home().root() + "/out." + format;
        export_to(daemon, {deck, "-o", file});
        RunningDaemon fresh({"--no-bundled-decks"});
        import_ok(fresh, file);
        CHECK(notes_of(fresh.home()) == notes_of(daemon.home()));
        CHECK(sql_integer(fresh.home(), "SELECT count(*) FROM cards") ==
              sql_integer(daemon.home(), "SELECT count(*) FROM cards"));
        // The media the notes name came with the package, byte for byte.
        if (format == "apkg" && std::filesystem::exists(daemon.home().data_dir() + "/media")) {
          for (const auto& entry :
               std::filesystem::directory_iterator(daemon.home().data_dir() + "/media")) {
            const std::string name = entry.path().filename().string();
            CHECK(read_file(fresh.home().data_dir() + "/media/" + name) ==
                  read_file(entry.path().string()));
          }
        }
      }
    }
  }
}

TEST_CASE("e2e: notes of Anki's other note types go back as their own types and their history",
          "[e2e][export][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  const auto types_of = [](const TempHome& home) {
    return SqliteReader(home.collection_path())
        .rows("SELECT name, cloze, fields, templates, css FROM note_types ORDER BY name, key");
  };
  const auto log_of = [](const TempHome& home) {
    return SqliteReader(home.collection_path())
        .rows(
            "SELECT n.guid, c.template, r.reviewed_ms, r.rating FROM revlog r JOIN cards c ON "
            "c.id = r.card_id JOIN notes n ON n.id = c.note_id ORDER BY 1, 2, 3");
  };
  for (const std::string package : {"ankidroid_templates.apkg", "mhaswade_BarRonPcAp.colpkg"}) {
    DYNAMIC_SECTION(package) {
      RunningDaemon daemon({"--no-bundled-decks"});
      const auto imported = daemon.kioku(
          {"import", fixtures_directory() + "/" + package, "--with-history", "--json"});
      REQUIRE(imported.exit_code == 0);
      std::vector<std::string> decks;
      for (const auto& row :
           SqliteReader(daemon.home().collection_path()).rows("SELECT slug FROM decks")) {
        decks.push_back(row.at(0));
      }
      RunningDaemon fresh({"--no-bundled-decks"});
      for (const std::string& deck : decks) {
        const std::string file = daemon.home().root() + "/" + deck + ".apkg";
        export_to(daemon, {deck, "--with-history", "-o", file});
        const auto back = fresh.kioku({"import", file, "--with-history"});
        INFO("stderr: " << back.err);
        REQUIRE(back.exit_code == 0);
      }
      CHECK(notes_of(fresh.home()) == notes_of(daemon.home()));
      CHECK(types_of(fresh.home()) == types_of(daemon.home()));
      CHECK(log_of(fresh.home()) == log_of(daemon.home()));
      CHECK(SqliteReader(fresh.home().collection_path())
                .text("SELECT group_concat(kept_cards, ';') FROM (SELECT kept_cards FROM notes "
                      "ORDER BY guid)") ==
            SqliteReader(daemon.home().collection_path())
                .text("SELECT group_concat(kept_cards, ';') FROM (SELECT kept_cards FROM notes "
                      "ORDER BY guid)"));
      // As kioku's deck file: the types in its [[note_types]], into a collection without them.
      RunningDaemon from_toml({"--no-bundled-decks"});
      for (const std::string& deck : decks) {
        const std::string file = daemon.home().root() + "/" + deck + ".toml";
        export_to(daemon, {deck, "--format", "toml", "-o", file});
        import_ok(from_toml, file);
      }
      CHECK(notes_of(from_toml.home()) == notes_of(daemon.home()));
      CHECK(types_of(from_toml.home()) == types_of(daemon.home()));
      // As Anki's text, they import where their types are: each row names its type.
      for (const std::string& deck : decks) {
        const std::string file = daemon.home().root() + "/" + deck + ".tsv";
        export_to(daemon, {deck, "--format", "tsv", "-o", file});
        const auto again = parse_output(fresh.kioku({"import", file, "--json"}));
        CHECK(field(again, "added") == 0);
        CHECK(field(again, "updated") == 0);
      }
      CHECK(notes_of(fresh.home()) == notes_of(daemon.home()));
    }
  }
}

TEST_CASE("e2e: an exported package has Anki's schema 11 layout, its media and the cards' states",
          "[e2e][export][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  import_ok(daemon, fixtures_directory() + "/mhaswade_Uber-Go.apkg");
  // Two cards answered Easy (review cards, 4 days), one suspended.
  const SqliteReader reader(daemon.home().collection_path());
  const auto cards = reader.rows("SELECT id FROM cards ORDER BY id LIMIT 3");
  for (int i = 0; i < 2; ++i) {
    daemon.call("review.answer", {{"card", std::stoll(cards[i][0])}, {"rating", "easy"}});
  }
  daemon.call("card.suspend", {{"cards", boost::json::array{std::stoll(cards[2][0])}}});
  const std::string file = daemon.home().root() + "/uber.apkg";
  export_to(daemon, {"Uber-Go", "-o", file});

  // The zip's entries, and the collection taken out of it.
  const auto entry = [&](const std::string& name) { return zip_entry(file, name); };
  CHECK(entry("meta") == std::string("\x08\x02", 2));
  CHECK(entry("media") == R"({"0":"mvcs.png"})");
  CHECK(entry("0") == read_file(daemon.home().data_dir() + "/media/mvcs.png"));
  const std::string collection = daemon.home().root() + "/collection.anki21";
  {
    std::ofstream out(collection, std::ios::binary);
    out << entry("collection.anki21");
  }
  CHECK_FALSE(zip_has_entry(file, "collection.anki2"));

  const SqliteReader anki(collection);
  CHECK(anki.text("PRAGMA integrity_check") == "ok");
  CHECK(anki.text("SELECT count(*) || ' ' || ver FROM col") == "1 11");
  CHECK(anki.text("SELECT count(*) FROM notes") == "20");
  CHECK(anki.text("SELECT count(*) FROM cards") == "73");
  for (const std::string table : {"revlog", "graves"}) {
    CHECK(anki.text("SELECT count(*) FROM " + table) == "0");
  }
  // The note type: Anki's Cloze, its fields and template in col.models.
  CHECK(anki.text("SELECT json_extract(value, '$.name') || ' ' || json_extract(value, '$.type') "
                  "|| ' ' || json_array_length(json_extract(value, '$.flds')) || ' ' || "
                  "json_extract(value, '$.tmpls[0].qfmt') FROM col, json_each(col.models)") ==
        "Cloze 1 2 {{cloze:Text}}");
  CHECK(anki.text("SELECT count(*) FROM notes n, col, json_each(col.models) m "
                  "WHERE m.key = CAST(n.mid AS TEXT)") == "20");
  // Decks: Default and Uber-Go, every card in Uber-Go.
  CHECK(anki.text("SELECT group_concat(json_extract(value, '$.name'), ',') FROM col, "
                  "json_each(col.decks)") == "Default,Uber-Go");
  CHECK(anki.text("SELECT count(*) FROM cards c, col, json_each(col.decks) d WHERE d.key = "
                  "CAST(c.did AS TEXT) AND json_extract(d.value, '$.name') = 'Uber-Go'") == "73");
  // The states in Anki's terms: two review cards due in 4 days (day 0 is today), one suspended,
  // the rest new in order.
  CHECK(anki.text("SELECT group_concat(type || '/' || queue || '/' || due || '/' || ivl || '/' || "
                  "factor || '/' || reps, ',') FROM (SELECT * FROM cards WHERE type = 2 "
                  "ORDER BY id)") == "2/2/4/4/2500/1,2/2/4/4/2500/1");
  CHECK(anki.text("SELECT count(*) FROM cards WHERE queue = -1 AND type = 0") == "1");
  CHECK(anki.text("SELECT count(*) FROM cards WHERE type = 0 AND queue = 0") == "70");
  // The guid and the field text, as Anki stores them: joined by U+001F, HTML.
  CHECK(anki.text("SELECT count(*) FROM notes n WHERE instr(n.flds, char(31)) > 0") == "20");
  CHECK(anki.text("SELECT count(*) FROM notes WHERE instr(flds, '<img src=\"mvcs.png\">') > 0") ==
        "1");
}

TEST_CASE(
    "e2e: export refuses an unknown deck, an unwritable file and a package for a terminal, "
    "in both languages, and leaves the target as it was",
    "[e2e][export]") {
  RunningDaemon daemon;
  const std::string target = daemon.home().write_file("kept.toml", "kept\n");
  for (const std::string language : {"en", "ja"}) {
    DYNAMIC_SECTION(language) {
      const auto unknown =
          daemon.kioku({"--lang", language, "export", "no-such-deck", "-o", target});
      CHECK(unknown.exit_code == 5);
      CHECK(unknown.out.empty());
      CHECK(unknown.err == (language == "en"
                                ? "kioku: No deck has the id or name no-such-deck (kioku decks "
                                  "lists them)\n"
                                : "kioku: ID または名前が no-such-deck のデッキはありません"
                                  "（kioku decks で一覧できます）\n"));
      // The old file is whole, and no temporary file is left beside it.
      CHECK(read_file(target) == "kept\n");
      for (const auto& entry : std::filesystem::directory_iterator(daemon.home().root())) {
        CHECK(entry.path().filename().string().find("kioku-export") == std::string::npos);
      }

      // A path under a file: no directory to write in.
      const std::string unwritable = target + "/deck.toml";
      const auto refused =
          daemon.kioku({"--lang", language, "export", "gradient-checkpointing", "-o", unwritable});
      CHECK(refused.exit_code == 2);
      CHECK(refused.err ==
            (language == "en"
                 ? "kioku: export: cannot write " + unwritable +
                       ": Not a directory; nothing was written\n"
                 : "kioku: export: " + unwritable +
                       " に書き込めません: ディレクトリではありません。何も書き出していません\n"));
    }
  }
}

TEST_CASE(
    "e2e: export to standard output writes the file there, and tsv of a parent takes its "
    "subdecks while TOML refuses several decks",
    "[e2e][export]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  import_ok(daemon, daemon.home().write_file("stock.toml", kStockDeck));
  std::string other = kStockDeck;
  other.replace(other.find("id = \"stock\""), 12, "id = \"other\"");
  other.replace(other.find("Lang::Stock"), 11, "Lang::Other");
  import_ok(daemon, daemon.home().write_file("other.toml", other));

  const auto text = daemon.kioku({"export", "Lang", "--format", "tsv"});
  REQUIRE(text.exit_code == 0);
  CHECK(text.err.empty());
  CHECK(text.out.rfind("#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n"
                       "#deck column:3\n#tags column:7\n",
                       0) == 0);
  // Both decks' notes, each row naming its deck; quoting as Anki quotes.
  // A field that starts with '#' or holds a tab is quoted; HTML's characters are escaped.
  CHECK(text.out.find("\nb#1\tBasic\tLang::Stock\t\"#1 Capital of &lt;Japan&gt; &amp; "
                      "&quot;more&quot;?\"\t\"Tokyo<br>- a list<br>\tand a tab\"\t\tgeo a::b\n") !=
        std::string::npos);
  std::size_t rows = 0;
  for (std::size_t at = text.out.find("\tLang::"); at != std::string::npos;
       at = text.out.find("\tLang::", at + 1)) {
    ++rows;
  }
  CHECK(rows == 12);

  for (const std::string language : {"en", "ja"}) {
    const auto toml = daemon.kioku({"--lang", language, "export", "Lang"});
    CHECK(toml.exit_code == 1);
    CHECK(toml.out.empty());
    CHECK(toml.err == (language == "en"
                           ? "kioku: export: Lang chooses 2 decks (stock, other), and a kioku deck "
                             "file holds one: export each of them, or use --format tsv or apkg\n"
                           : "kioku: export: Lang は 2 個のデッキ（stock, other）を選びますが、"
                             "kioku のデッキファイルに入るのは 1 個です。1 個ずつ書き出すか、"
                             "--format tsv または apkg を使ってください\n"));
  }
}

TEST_CASE("e2e: an Anki package is not written to a terminal (English and Japanese)",
          "[e2e][export]") {
  RunningDaemon daemon;
  for (const std::string language : {"en", "ja"}) {
    DYNAMIC_SECTION(language) {
      // script(1) (util-linux) runs kioku with a pseudo-terminal as its standard output.
      const auto result =
          run_command({"/usr/bin/script", "-qec",
                       kioku_path() + " --socket " + daemon.home().socket_path() + " --lang " +
                           language + " export gradient-checkpointing --format apkg",
                       "/dev/null"},
                      daemon.home().environment());
      INFO("output: " << result.out << result.err);
      CHECK(result.exit_code == 2);
      CHECK(result.out.find(language == "en"
                                ? "kioku: export: an Anki package is a binary file, not for a "
                                  "terminal: name a file with -o, or redirect standard output"
                                : "kioku: export: Anki パッケージはバイナリファイルなので端末には"
                                  "出力しません。-o でファイルを指定するか、標準出力を"
                                  "リダイレクトしてください") != std::string::npos);
      CHECK(result.out.find("PK") == std::string::npos);
    }
  }
}

TEST_CASE(
    "e2e: deck.export refuses kiokud's own files and a descriptor not open for writing, "
    "before it exports",
    "[e2e][export]") {
  RunningDaemon daemon;
  const std::string collection = daemon.home().collection_path();
  // A descriptor's refusal, with the request sent over a socket of its own.
  const auto refusal = [&](const std::string& path, int flags) {
    const int descriptor = ::open(path.c_str(), flags | O_CLOEXEC);
    REQUIRE(descriptor >= 0);
    LineClient client(daemon.socket_path());
    REQUIRE(client.send_with_descriptors(
        request_line(1, "deck.export",
                     {{"deck", "gradient-checkpointing"}, {"format", "toml"}, {"fd", 0}}) +
            "\n",
        {descriptor}));
    ::close(descriptor);
    const std::optional<std::string> line = client.read_line(60'000);
    REQUIRE(line);
    INFO(*line);
    const boost::json::value response = boost::json::parse(*line);
    CHECK(response.at("error").at("code").as_int64() == -32602);
    return std::string(response.at("error").at("message").as_string());
  };
  for (const std::string& own : {collection, collection + "-wal"}) {
    INFO(own);
    REQUIRE(std::filesystem::exists(own));
    CHECK(refusal(own, O_RDWR) ==
          "the descriptor passed with deck.export is kiokud's collection or a file kept beside "
          "it; pass a file of your own");
  }
  // Another name of the collection is the same file.
  const std::string link = daemon.home().root() + "/other-name.sqlite";
  REQUIRE(::link(collection.c_str(), link.c_str()) == 0);
  CHECK(refusal(link, O_WRONLY).find("kiokud's collection") != std::string::npos);
  ::unlink(link.c_str());

  const std::string mine = daemon.home().write_file("mine.toml", "");
  CHECK(refusal(mine, O_RDONLY) ==
        "the descriptor passed with deck.export must be open for writing");
  CHECK(refusal(mine, O_PATH) == "the descriptor passed with deck.export must be open for writing");

  // The collection is whole.
  const auto checked = daemon.kioku({"--json", "doctor"});
  CHECK(checked.exit_code == 0);
  CHECK(boost::json::parse(checked.out).at("ok").as_bool());
}

TEST_CASE(
    "e2e: export -o never replaces kiokud's collection, writes through a symbolic link, a "
    "device and a FIFO, and refuses a closed standard output",
    "[e2e][export]") {
  RunningDaemon daemon;
  const std::string collection = daemon.home().collection_path();
  const std::int64_t notes = sql_integer(daemon.home(), "SELECT count(*) FROM notes");
  const std::string pointing = daemon.home().root() + "/pointing.toml";
  REQUIRE(::symlink(collection.c_str(), pointing.c_str()) == 0);
  // A ".." after a link to a folder beside the collection: the kernel's rename reaches the
  // collection, whatever the path's text says.
  const std::string beside = daemon.home().data_dir() + "/beside";
  std::filesystem::create_directory(beside);
  const std::string into = daemon.home().root() + "/into";
  REQUIRE(::symlink(beside.c_str(), into.c_str()) == 0);
  const std::string climbing = into + "/../collection.sqlite";
  for (const std::string language : {"en", "ja"}) {
    for (const std::string& own : {collection, collection + "-wal", pointing, climbing}) {
      INFO(language << " " << own);
      const auto refused = daemon.kioku(
          {"--lang", language, "export", "gradient-checkpointing", "--format", "apkg", "-o", own});
      CHECK(refused.exit_code == 2);
      CHECK(refused.err.find(language == "en"
                                 ? "it is kiokud's open collection"
                                 : "kiokud が開いているコレクション") != std::string::npos);
      CHECK(std::count(refused.err.begin(), refused.err.end(), '\n') == 1);
    }
  }
  // Still the collection, whole, and still served; no temporary file left beside it.
  CHECK(std::filesystem::is_symlink(pointing));
  const auto checked = daemon.kioku({"--json", "doctor"});
  CHECK(checked.exit_code == 0);
  CHECK(boost::json::parse(checked.out).at("ok").as_bool());
  CHECK(sql_integer(daemon.home(), "SELECT count(*) FROM notes") == notes);
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(collection).parent_path())) {
    CHECK(entry.path().filename().string().find("kioku-export") == std::string::npos);
  }

  // A link stays a link, and the file it names gets the export.
  const std::string named = daemon.home().write_file("named.toml", "old\n");
  const std::string link = daemon.home().root() + "/link.toml";
  REQUIRE(::symlink("named.toml", link.c_str()) == 0);
  export_to(daemon, {"gradient-checkpointing", "-o", link});
  CHECK(std::filesystem::is_symlink(link));
  CHECK(read_file(named).find("\nformat = 2\n") != std::string::npos);

  // A device is written through, not replaced by a file.
  export_to(daemon, {"gradient-checkpointing", "-o", "/dev/null"});
  struct stat device {};
  REQUIRE(::stat("/dev/null", &device) == 0);
  CHECK(S_ISCHR(device.st_mode));

  // A FIFO nobody reads is an error at once, not a wait; it stays a FIFO.
  const std::string fifo = daemon.home().root() + "/fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto unread = daemon.kioku({"export", "gradient-checkpointing", "-o", fifo});
  CHECK(unread.exit_code == 2);
  CHECK(unread.err == "kioku: export: cannot write " + fifo +
                          ": No such device or address; nothing was written\n");
  struct stat pipe {};
  REQUIRE(::stat(fifo.c_str(), &pipe) == 0);
  CHECK(S_ISFIFO(pipe.st_mode));

  // With standard output closed, the memory file would be descriptor 1 and copied into itself.
  const auto closed = run_command({"/bin/sh", "-c",
                                   kioku_path() + " --socket " + daemon.home().socket_path() +
                                       " export gradient-checkpointing >&-"},
                                  daemon.home().environment());
  CHECK(closed.exit_code == 2);
  CHECK(closed.err ==
        "kioku: export: cannot write <stdout>: Bad file descriptor; nothing was written\n");
}

TEST_CASE("e2e: a deck with no notes left is not exported, in any format, in both languages",
          "[e2e][export]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  import_ok(daemon, daemon.home().write_file("one.toml", R"(format = 2
languages = ["en"]

[deck]
id = "emptied"
name = "Emptied"

[[notes]]
id = "only"
kind = "basic"
front = "f"
back = "b"
)"));
  const auto deleted = daemon.kioku({"note", "delete", "only"});
  INFO(deleted.err);
  REQUIRE(deleted.exit_code == 0);
  const std::string target = daemon.home().write_file("kept.out", "kept\n");
  for (const std::string format : {"toml", "tsv", "apkg"}) {
    for (const std::string language : {"en", "ja"}) {
      INFO(format << " " << language);
      const auto refused =
          daemon.kioku({"--lang", language, "export", "emptied", "--format", format, "-o", target});
      CHECK(refused.exit_code == 1);
      CHECK(refused.err == (language == "en"
                                ? "kioku: emptied has no notes to export (its notes were deleted, "
                                  "or it never had any)\n"
                                : "kioku: emptied には書き出すノートがありません（削除されたか、"
                                  "もともとありません）\n"));
      CHECK(read_file(target) == "kept\n");
    }
  }
}
