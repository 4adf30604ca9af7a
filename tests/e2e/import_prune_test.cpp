// kioku import --prune through the real kioku and kiokud (docs/deck-format.md, "Pruning"): a
// note gone from the deck file is withdrawn with its history kept and comes back with it; a dry
// run changes nothing; Anki files refuse it. And what a package import leaves on disk: nothing
// after a dry run, and nothing a restarted kiokud keeps after a killed one.
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;

namespace {

constexpr const char* kDeckHead = R"(format = 2
languages = ["en"]

[deck]
id = "prune-test"
name = "Prune test"

[[notes]]
id = "keep-1"
kind = "basic"
front = "one"
back = "1"
)";

constexpr const char* kGone = R"(
[[notes]]
id = "gone-1"
kind = "reverse"
front = "two"
back = "2"
)";

constexpr const char* kTail = R"(
[[notes]]
id = "keep-2"
kind = "basic"
front = "three"
back = "3"
)";

std::string whole_deck() {
  return std::string(kDeckHead) + kGone + kTail;
}
std::string deck_without_gone() {
  return std::string(kDeckHead) + kTail;
}

// gone-1's two cards: how many are retired, and how many suspended.
std::string gone_flags(const SqliteReader& reader) {
  return reader.text(
      "SELECT sum(c.retired) || '/' || sum(s.suspended) FROM cards c JOIN card_state s ON "
      "s.card_id = c.id WHERE c.external_id LIKE 'gone-1/%'");
}

std::int64_t new_due_in_deck(const RunningDaemon& daemon) {
  return daemon.call("due.counts", {{"deck", "prune-test"}}).at("new").as_int64();
}

std::int64_t rebuild_changed(const RunningDaemon& daemon) {
  const auto doctor = parse_output(daemon.kioku({"doctor", "--rebuild", "--json"}));
  std::int64_t changed = 0;
  for (const auto& deck : doctor.at("decks").as_array()) changed += field(deck, "changed");
  return changed;
}

// Every path under `directory`, relative to it, sorted.
std::vector<std::string> tree(const std::string& directory) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(directory)) {
    names.push_back(std::filesystem::relative(entry.path(), directory).string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string anki_fixture(const std::string& name) {
  const char* shared = std::getenv("KIOKU_SHARED_DIR");
  return (shared != nullptr && *shared != '\0' ? std::string(shared) : source_path("../shared")) +
         "/fixtures/anki/" + name;
}

}  // namespace

TEST_CASE(
    "e2e: import --prune withdraws a note gone from the file and a later import brings "
    "it back, with its history",
    "[e2e][import][prune]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string path = home.write_file("prune.toml", whole_deck());
  CHECK(field(parse_output(daemon.kioku({"import", path, "--json"})), "added") == 4);
  const SqliteReader reader(home.collection_path());
  const std::string forward =
      reader.text("SELECT id FROM cards WHERE external_id = 'gone-1/forward'");
  REQUIRE_FALSE(forward.empty());
  daemon.call("review.answer", {{"card", std::stoll(forward)}, {"rating", "good"}});
  const std::string gone_answers =
      "SELECT count(*) FROM revlog r JOIN cards c ON c.id = r.card_id WHERE c.external_id LIKE "
      "'gone-1/%'";
  REQUIRE(reader.text(gone_answers) == "1");

  home.write_file("prune.toml", deck_without_gone());
  // Without --prune, as before: the note's cards are kept in the queue and counted.
  const auto kept = parse_output(daemon.kioku({"import", path, "--json"}));
  CHECK(field(kept, "not_in_file") == 2);
  CHECK(field(kept, "pruned") == 0);
  CHECK(field(kept, "suspended") == 0);
  CHECK(gone_flags(reader) == "0/0");

  // A dry run counts what --prune would do and changes nothing.
  const auto would = parse_output(daemon.kioku({"import", path, "--prune", "--dry-run", "--json"}));
  CHECK(field(would, "pruned") == 1);
  CHECK(field(would, "suspended") == 2);
  CHECK(field(would, "unchanged") == 2);
  CHECK(gone_flags(reader) == "0/0");
  const auto japanese = daemon.kioku({"--lang", "ja", "import", path, "--prune", "--dry-run"});
  CHECK(japanese.exit_code == 0);
  CHECK(japanese.out.find("。ファイルにないノート 1 件を外しました（カード 2 枚を履歴ごと保留）"
                          "（試行のみ: 何も変更していません）\n") != std::string::npos);
  CHECK(gone_flags(reader) == "0/0");
  const std::int64_t new_before = new_due_in_deck(daemon);
  // A file with an error prunes nothing either: the import is all or nothing.
  const std::string broken =
      home.write_file("broken.toml", deck_without_gone() +
                                         "\n[[notes]]\nid = \"bad\"\nkind = \"cloze\"\ntext = "
                                         "\"no deletion\"\n");
  CHECK(daemon.kioku({"import", broken, "--prune"}).exit_code == 4);
  CHECK(gone_flags(reader) == "0/0");

  const auto pruned = daemon.kioku({"import", path, "--prune"});
  CHECK(pruned.exit_code == 0);
  CHECK(pruned.out == "Imported prune-test from " + path +
                          ": 0 added, 0 updated, 2 unchanged (2 cards no longer in the file were "
                          "kept); 1 note no longer in the file was withdrawn: 2 cards suspended, "
                          "with their history\n");
  CHECK(gone_flags(reader) == "2/2");
  CHECK(reader.text(gone_answers) == "1");
  CHECK(reader.text("SELECT count(*) FROM notes WHERE guid = 'gone-1' AND deleted_ms IS NULL") ==
        "1");
  CHECK(new_due_in_deck(daemon) == new_before - 1);  // gone-1/backward, the one new card it had
  CHECK(new_due_in_deck(daemon) == 2);
  CHECK(error_code_of(daemon.rpc("review.answer",
                                 {{"card", std::stoll(forward)}, {"rating", "good"}})) == -32003);
  CHECK(rebuild_changed(daemon) == 0);
  CHECK(gone_flags(reader) == "2/2");

  // Pruning again withdraws nothing more.
  const auto again = parse_output(daemon.kioku({"import", path, "--prune", "--json"}));
  CHECK(field(again, "pruned") == 0);
  CHECK(field(again, "suspended") == 0);
  CHECK(field(again, "restored") == 0);

  // The note back in the file: the same cards, back in the queue, with their answer.
  home.write_file("prune.toml", whole_deck());
  const auto back = parse_output(daemon.kioku({"import", path, "--prune", "--json"}));
  CHECK(field(back, "added") == 0);
  CHECK(field(back, "unchanged") == 4);
  CHECK(field(back, "pruned") == 0);
  CHECK(field(back, "restored") == 2);  // gone-1's two cards, counted among the unchanged too
  CHECK(gone_flags(reader) == "0/0");
  CHECK(reader.text("SELECT id FROM cards WHERE external_id = 'gone-1/forward'") == forward);
  CHECK(reader.text("SELECT reps FROM card_state WHERE card_id = " + forward) == "1");
  CHECK(reader.text(gone_answers) == "1");
  CHECK(new_due_in_deck(daemon) == new_before);
  CHECK(rebuild_changed(daemon) == 0);

  // Withdrawn and back once more, said in words: in English and in Japanese.
  home.write_file("prune.toml", deck_without_gone());
  REQUIRE(daemon.kioku({"import", path, "--prune"}).exit_code == 0);
  home.write_file("prune.toml", whole_deck());
  const auto restored_english = daemon.kioku({"import", path});
  CHECK(restored_english.out.find(
            "; 2 cards their notes make again are back, with their history") != std::string::npos);
  home.write_file("prune.toml", deck_without_gone());
  REQUIRE(daemon.kioku({"import", path, "--prune"}).exit_code == 0);
  home.write_file("prune.toml", whole_deck());
  const auto restored_japanese = daemon.kioku({"--lang", "ja", "import", path});
  CHECK(restored_japanese.out.find("ノートから再び作られたカード 2 枚が履歴ごと戻りました") !=
        std::string::npos);
}

TEST_CASE("e2e: import --prune touches only the deck the file names", "[e2e][import][prune]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string other =
      home.write_file("other.toml",
                      "format = 2\nlanguages = [\"en\"]\n\n[deck]\nid = \"other\"\nname = "
                      "\"Other\"\n\n[[notes]]\nid = \"o-1\"\nkind = \"basic\"\nfront = \"x\"\n");
  REQUIRE(daemon.kioku({"import", other}).exit_code == 0);
  const std::string path = home.write_file("prune.toml", deck_without_gone());
  const auto result = parse_output(daemon.kioku({"import", path, "--prune", "--json"}));
  CHECK(field(result, "pruned") == 0);
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT retired || suspended FROM cards c JOIN card_state s ON s.card_id = "
                    "c.id WHERE c.external_id = 'o-1'") == "00");
}

TEST_CASE("e2e: import --prune is refused for Anki files, in the user's language",
          "[e2e][import][prune]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string text = home.write_file("words.tsv", "dog\tinu\n");
  const auto english = daemon.kioku({"import", text, "--prune"});
  CHECK(english.exit_code != 0);
  CHECK(english.err.find("--prune is for kioku's TOML decks") != std::string::npos);
  const auto japanese = daemon.kioku({"--lang", "ja", "import", text, "--prune"});
  CHECK(japanese.exit_code == english.exit_code);
  CHECK(japanese.err.find("--prune は kioku の TOML デッキ専用です") != std::string::npos);
  // kiokud refuses it too, for a client that does not ask kioku.
  const auto reply = daemon.rpc("deck.import", {{"path", text}, {"prune", true}});
  CHECK(error_code_of(reply) == -32602);
  CHECK(daemon.call("deck.list").at("decks").as_array().empty());
}

TEST_CASE("e2e: a package's dry run leaves the data directory as it was",
          "[e2e][import][anki_package]") {
  const std::string package = anki_fixture("anki_media.apkg");
  struct stat info {};
  if (::stat(package.c_str(), &info) != 0) KIOKU_SKIP("no fixture " + package);
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::vector<std::string> before = tree(home.data_dir());
  const auto dry = parse_output(daemon.kioku({"import", package, "--dry-run", "--json"}));
  CHECK(field(dry, "media") == 1);
  CHECK(field(dry, "added") == 1);
  CHECK(tree(home.data_dir()) == before);
  // The real import makes the folder, which the dry run did not.
  REQUIRE(daemon.kioku({"import", package}).exit_code == 0);
  CHECK(std::filesystem::is_regular_file(home.data_dir() + "/media/foo.wav"));
}

TEST_CASE("e2e: kiokud's start removes the temporary files a killed import left, and only those",
          "[e2e][import][anki_package]") {
  TempHome home;
  const std::string data = home.data_dir();
  std::filesystem::create_directories(data + "/media");
  std::filesystem::permissions(data, std::filesystem::perms::owner_all);
  const auto plant = [](const std::string& file) { std::ofstream(file) << "left behind"; };
  plant(data + "/.kioku-anki-collection-a1B2c3");
  plant(data + "/media/.kioku-incoming-Zz9yX8");
  plant(data + "/.kioku-incoming-q1w2e3");
  // An export's package and the file an older kiokud's libzip wrote beside it.
  plant(data + "/.kioku-export-package-Ab12Cd");
  plant(data + "/.kioku-export-package-Ab12Cd.x9Y8z7");
  // Not its own: other names, a directory, a link (its target kept).
  plant(data + "/.kioku-incoming-short");
  plant(data + "/media/kioku-incoming-abcdef");
  plant(data + "/media/.kioku-incoming-abcdef.png");
  plant(data + "/.kioku-incoming-abcdef.x9Y8z7");
  plant(data + "/.kioku-export-package-Ab12Cd.x9Y8z");
  plant(home.root() + "/target");
  std::filesystem::create_directory(data + "/.kioku-anki-collection-dir123");
  std::filesystem::create_symlink(home.root() + "/target", data + "/media/.kioku-incoming-lnk456");

  RunningDaemon daemon(home, {"--no-bundled-decks"});
  CHECK_FALSE(std::filesystem::exists(data + "/.kioku-anki-collection-a1B2c3"));
  CHECK_FALSE(std::filesystem::exists(data + "/media/.kioku-incoming-Zz9yX8"));
  CHECK_FALSE(std::filesystem::exists(data + "/.kioku-incoming-q1w2e3"));
  CHECK_FALSE(std::filesystem::exists(data + "/.kioku-export-package-Ab12Cd"));
  CHECK_FALSE(std::filesystem::exists(data + "/.kioku-export-package-Ab12Cd.x9Y8z7"));
  CHECK(std::filesystem::exists(data + "/.kioku-incoming-abcdef.x9Y8z7"));
  CHECK(std::filesystem::exists(data + "/.kioku-export-package-Ab12Cd.x9Y8z"));
  CHECK(std::filesystem::exists(data + "/.kioku-incoming-short"));
  CHECK(std::filesystem::exists(data + "/media/kioku-incoming-abcdef"));
  CHECK(std::filesystem::exists(data + "/media/.kioku-incoming-abcdef.png"));
  CHECK(std::filesystem::is_directory(data + "/.kioku-anki-collection-dir123"));
  CHECK(std::filesystem::is_symlink(data + "/media/.kioku-incoming-lnk456"));
  CHECK(read_file(home.root() + "/target") == "left behind");
  CHECK(daemon.log().find("removed 5 temporary files an interrupted import left in " + data) !=
        std::string::npos);
}
