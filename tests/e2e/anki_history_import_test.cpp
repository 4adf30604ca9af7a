// kioku import --with-history through the real kioku and kiokud, on Anki's real packages
// (../shared/fixtures/anki, read from there): Anki's answers land in kioku's log as imported
// answers, each card keeps the interval, ease, counts and due distance it has in Anki, a
// rebuild changes nothing, the statistics count the answers, and a second import adds nothing.
// What the package holds is read from its own collection here, with SQL, not from the importer.
#include <algorithm>
#include <fstream>

#include "tests/e2e/anki_fixtures.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku::test;

namespace {

struct HistoryPackage {
  std::string file;
  std::string collection_entry;  // the zip entry holding its real collection
  int cards;
  int answers;             // revlog rows that are answers (none of these has a manual row)
  int cards_with_history;  // cards Anki has shown: answered, or not new
  int review_cards;
  int learning_cards;
};

// The package's collection, written out for SQL.
std::string unpacked_collection(const TempHome& home, const HistoryPackage& package) {
  const std::string path = home.root() + "/anki-collection.sqlite";
  std::ofstream(path, std::ios::binary)
      << zip_entry(fixtures_directory() + "/" + package.file, package.collection_entry);
  return path;
}

std::vector<std::string> sorted_lines(std::vector<std::vector<std::string>> rows) {
  std::vector<std::string> joined;
  for (const auto& row : rows) {
    std::string line;
    for (const std::string& column : row) line += column + "|";
    joined.push_back(line);
  }
  std::sort(joined.begin(), joined.end());
  return joined;
}

const std::vector<HistoryPackage> kHistoryPackages{
    {"mhaswade_Uber-Go.apkg", "collection.anki2", 73, 93, 50, 50, 0},
    {"mhaswade_english-vocab-2023.apkg", "collection.anki21", 44, 94, 38, 37, 1},
};

}  // namespace

TEST_CASE("e2e: --with-history brings Anki's log and each card's schedule and a rebuild keeps them",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  for (const HistoryPackage& package : kHistoryPackages) {
    SECTION(package.file) {
      RunningDaemon daemon({"--no-bundled-decks"});
      const TempHome& home = daemon.home();
      const std::string path = fixtures_directory() + "/" + package.file;
      const auto imported =
          parse_output(daemon.kioku({"import", path, "--with-history", "--json"}));
      CHECK(field(imported, "added") == package.cards);
      CHECK(field(imported, "cards_with_history") == package.cards_with_history);
      CHECK(field(imported, "imported_answers") == package.answers);

      const SqliteReader kioku(home.collection_path());
      CHECK(kioku.integer("SELECT count(*) FROM revlog WHERE imported = 1") == package.answers);
      CHECK(kioku.integer("SELECT count(*) FROM revlog WHERE imported = 0") == 0);
      CHECK(kioku.integer("SELECT count(*) FROM imported_states") == package.cards_with_history);
      CHECK(kioku.integer("SELECT count(*) FROM card_state WHERE phase = 'review'") ==
            package.review_cards);
      CHECK(kioku.integer("SELECT count(*) FROM card_state WHERE phase = 'learning' OR phase = "
                          "'relearning'") == package.learning_cards);

      // Each review card as Anki has it: interval, ease, answers, lapses, and its due as many
      // days from the import's day as from Anki's day then (kiokud's days start at 04:00, TZ
      // UTC in the tests; Anki's due days count from col.crt).
      const std::int64_t imported_ms =
          kioku.integer("SELECT max(imported_ms) FROM imported_states");
      const SqliteReader anki(unpacked_collection(home, package));
      const std::int64_t anki_today =
          (imported_ms / 1000 - anki.integer("SELECT crt FROM col")) / 86400;
      const auto anki_reviews =
          anki.rows("SELECT ivl, factor, reps, lapses, due - " + std::to_string(anki_today) +
                    " FROM cards WHERE type = 2");
      const std::int64_t kioku_today = (imported_ms / 1000 - 14400) / 86400;
      const auto kioku_reviews = kioku.rows(
          "SELECT interval_days, CAST(round(ease * 1000) AS INTEGER), reps, lapses, (due_ms / "
          "1000 - 14400) / 86400 - " +
          std::to_string(kioku_today) + " FROM card_state WHERE phase = 'review'");
      CHECK(anki_reviews.size() == static_cast<std::size_t>(package.review_cards));
      CHECK(sorted_lines(kioku_reviews) == sorted_lines(anki_reviews));
      // Each answer at Anki's time, with Anki's time taken.
      CHECK(sorted_lines(kioku.rows("SELECT reviewed_ms, duration_ms FROM revlog")) ==
            sorted_lines(anki.rows("SELECT id, time FROM revlog")));

      // The log is the truth: replaying it (from each card's imported state) changes nothing,
      // and the statistics' roll-ups the import kept are those a refill from the log makes.
      const auto kept = parse_output(daemon.kioku({"stats", "--period", "all", "--json"}));
      CHECK(field(parse_output(daemon.kioku({"doctor", "--rebuild", "--json"})), "changed") == 0);
      CHECK(parse_output(daemon.kioku({"stats", "--period", "all", "--json"})) == kept);
      // The statistics count the imported answers.
      const auto stats = parse_output(daemon.kioku({"stats", "--json"}));
      const auto& all_time = stats.at("true_retention").at("all_time").at("all");
      CHECK(field(all_time, "passed") + field(all_time, "failed") > 0);

      // The simulation takes the imported cards as studied, the others as new.
      const auto simulated = parse_output(
          daemon.kioku({"sched", "simulate", "--deck", imported.at("deck").as_string().c_str(),
                        "--days", "30", "--json"}));
      CHECK(field(simulated, "studied_cards") == package.cards_with_history);
      CHECK(field(simulated, "new_cards") == package.cards - package.cards_with_history);

      // A second import finds every card with its history: nothing is added twice.
      const auto again = parse_output(daemon.kioku({"import", path, "--with-history", "--json"}));
      CHECK(field(again, "unchanged") == package.cards);
      CHECK(field(again, "cards_with_history") == 0);
      CHECK(field(again, "imported_answers") == 0);
      CHECK(kioku.integer("SELECT count(*) FROM revlog") == package.answers);
    }
  }
}

TEST_CASE("e2e: cards imported without history take it from a later --with-history import",
          "[e2e][anki_package]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  const HistoryPackage& package = kHistoryPackages.front();
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string path = fixtures_directory() + "/" + package.file;
  const auto first = parse_output(daemon.kioku({"import", path, "--json"}));
  CHECK(field(first, "added") == package.cards);
  CHECK(field(first, "cards_with_history") == 0);
  const SqliteReader kioku(daemon.home().collection_path());
  CHECK(kioku.integer("SELECT count(*) FROM revlog") == 0);
  CHECK(kioku.integer("SELECT count(*) FROM card_state WHERE phase = 'new'") == package.cards);

  const auto second = parse_output(daemon.kioku({"import", path, "--with-history", "--json"}));
  CHECK(field(second, "unchanged") == package.cards);
  CHECK(field(second, "cards_with_history") == package.cards_with_history);
  CHECK(field(second, "imported_answers") == package.answers);
  CHECK(kioku.integer("SELECT count(*) FROM card_state WHERE phase = 'review'") ==
        package.review_cards);
}

TEST_CASE("e2e: --with-history is refused for files that hold no review log",
          "[e2e][anki_package]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string path = daemon.home().root() + "/notes.txt";
  std::ofstream(path) << "front\tback\n";
  // In the user's language, from kioku; and from kiokud for any other client.
  const auto english = daemon.kioku({"import", path, "--with-history"});
  CHECK(english.exit_code == 2);
  CHECK(english.err.find("--with-history is for Anki packages") != std::string::npos);
  const auto japanese = daemon.kioku({"--lang", "ja", "import", path, "--with-history"});
  CHECK(japanese.exit_code == 2);
  CHECK(japanese.err.find("Anki パッケージ（.apkg、.colpkg）専用です") != std::string::npos);
  LineClient client(daemon.home().socket_path());
  const auto refused = rpc(client, "deck.import", {{"path", path}, {"with_history", true}});
  CHECK(error_code_of(refused) == -32602);
  CHECK(error_message_of(refused).find("'with_history' is for Anki packages") != std::string::npos);
  CHECK(SqliteReader(daemon.home().collection_path()).integer("SELECT count(*) FROM cards") == 0);
}
