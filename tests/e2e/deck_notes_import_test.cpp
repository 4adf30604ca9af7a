// Deck format 2 through the real kioku and kiokud: a deck of every kind imported, its cards
// reviewed, the deck edited and imported again with the history kept, and a broken note named
// by file, line, column and field.
#include <regex>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/deck_texts.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;

TEST_CASE("e2e: a format 2 deck of every kind imports, and an edit keeps the answered cards",
          "[e2e][notes]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string path = home.write_file("every-kind.toml", kBilingualNotes);
  const auto imported = parse_output(run_kioku(home, {"import", path, "--json"}));
  // basic 1, reverse 2, optional reverse 2, cloze 2, typed 1, choice 1.
  CHECK(field(imported, "added") == 9);

  // The cloze note's first card, answered.
  const SqliteReader reader(home.collection_path());
  const std::string c1 = reader.text("SELECT id FROM cards WHERE external_id = 'cloze-1/c1'");
  const std::string c2 = reader.text("SELECT id FROM cards WHERE external_id = 'cloze-1/c2'");
  REQUIRE_FALSE(c1.empty());
  REQUIRE_FALSE(c2.empty());
  daemon.call("review.answer", {{"card", std::stoll(c1)}, {"rating", "good"}});
  daemon.call("review.answer", {{"card", std::stoll(c2)}, {"rating", "good"}});

  // The deck edited: c2 removed from the cloze note, the basic note's back changed.
  std::string edited =
      std::regex_replace(kBilingualNotes, std::regex("\\{\\{c2::Japan::country\\}\\}"), "Japan");
  edited = std::regex_replace(edited, std::regex("\\{\\{c2::日本::国\\}\\}"), "日本");
  edited = std::regex_replace(edited, std::regex("back.en = \"Tokyo\""), "back.en = \"Tōkyō\"");
  home.write_file("every-kind.toml", edited);
  const auto again = run_kioku(home, {"import", path});
  INFO(again.out << again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(again.out.find("0 added, 2 updated, 6 unchanged") != std::string::npos);
  CHECK(again.out.find("1 card its note no longer makes was suspended") != std::string::npos);
  CHECK(reader.text("SELECT id FROM cards WHERE external_id = 'cloze-1/c1'") == c1);
  CHECK(reader.text("SELECT count(*) FROM revlog WHERE card_id IN (" + c1 + ", " + c2 + ")") ==
        "2");
  CHECK(reader.text("SELECT c.retired || s.suspended FROM cards c JOIN card_state s ON s.card_id = "
                    "c.id WHERE c.id = " +
                    c2) == "11");
  const auto doctor = parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"}));
  CHECK(doctor.at("decks").at(0).at("changed").as_int64() == 0);

  // The original again: the same card back, with its answer.
  home.write_file("every-kind.toml", kBilingualNotes);
  REQUIRE(run_kioku(home, {"import", path}).exit_code == 0);
  CHECK(reader.text("SELECT c.retired || s.suspended || s.reps FROM cards c JOIN card_state s ON "
                    "s.card_id = c.id WHERE c.id = " +
                    c2) == "001");
}

TEST_CASE("e2e: a broken note in a format 2 deck names file, line, column and field",
          "[e2e][notes]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string path = home.write_file("broken.toml", R"(format = 2
languages = ["en"]

[deck]
id = "broken"
name = "Broken"

[[notes]]
id = "n1"
kind = "cloze"
text = "a {{c1::b"
)");
  const auto result = run_kioku(home, {"import", path});
  CHECK(result.exit_code == 4);
  INFO(result.err);
  CHECK(result.err.find(path + ":11:") != std::string::npos);
  CHECK(result.err.find("notes[1].text") != std::string::npos);
  CHECK(parse_output(run_kioku(home, {"decks", "--json"})).as_array().empty());
}
