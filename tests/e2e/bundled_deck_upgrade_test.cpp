// The bundled deck grew from eight format 1 cards to a format 2 deck of many notes (issue 17).
// A user who answered the old cards imports the new file: each old card keeps its row, its
// review log and its schedule, and the new notes are added beside them.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;

namespace {

const char* const kSeedIds =
    "('gc-001', 'gc-002', 'gc-003', 'gc-004', 'gc-005', 'gc-006', "
    "'gc-007', 'gc-008')";

// The seed cards' rows as (id, external id, template, kind), in id order.
std::vector<std::vector<std::string>> seed_rows(const SqliteReader& reader) {
  return reader.rows("SELECT id, external_id, template, kind FROM cards WHERE external_id IN " +
                     std::string(kSeedIds) + " ORDER BY id");
}

}  // namespace

TEST_CASE("e2e: importing the grown bundled deck over the old one keeps the seed cards' history",
          "[e2e][import][deck]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const auto old_import = parse_output(run_kioku(home, {"import", format1_deck_path(), "--json"}));
  REQUIRE(field(old_import, "added") == 8);

  // gc-001 answered right (Good), gc-002 wrong (Again): two cards with a log and a state.
  const auto review = run_kioku(home, {"review", "--no-shuffle", "--limit", "2"}, "1\n1\n");
  INFO(review.out << review.err);
  REQUIRE(review.exit_code == 0);
  REQUIRE(review.out.find("2 cards reviewed, 1 correct") != std::string::npos);

  const SqliteReader reader(home.collection_path());
  const auto rows_before = seed_rows(reader);
  REQUIRE(rows_before.size() == 8);
  const std::string log_query =
      "SELECT r.* FROM revlog r JOIN cards c ON c.id = r.card_id WHERE c.external_id IN " +
      std::string(kSeedIds) + " ORDER BY r.id";
  const std::string state_query =
      "SELECT s.* FROM card_state s JOIN cards c ON c.id = s.card_id WHERE c.external_id IN " +
      std::string(kSeedIds) + " ORDER BY s.card_id";
  const auto log_before = reader.rows(log_query);
  const auto state_before = reader.rows(state_query);
  REQUIRE(log_before.size() == 2);
  const std::string answered = reader.text("SELECT id FROM cards WHERE external_id = 'gc-001'");
  CHECK(reader.text("SELECT reps FROM card_state WHERE card_id = " + answered) == "1");

  const auto grown =
      run_kioku(home, {"import", source_path("decks/gradient-checkpointing.toml"), "--json"});
  INFO(grown.out << grown.err);
  REQUIRE(grown.exit_code == 0);
  const auto summary = parse_output(grown);
  // The seeds' content gained a source, so each is updated; every other card is new.
  CHECK(field(summary, "updated") == 8);
  CHECK(field(summary, "added") == bundled_deck_cards() - 8);
  CHECK(field(summary, "unchanged") == 0);

  // Same rows, same log, same schedule: nothing about a seed card but its content changed.
  CHECK(seed_rows(reader) == rows_before);
  CHECK(reader.rows(log_query) == log_before);
  CHECK(reader.rows(state_query) == state_before);
  CHECK(reader.text("SELECT count(*) FROM cards") == std::to_string(bundled_deck_cards()));
  CHECK(reader.text("SELECT count(*) FROM decks") == "1");
  const auto stats = parse_output(run_kioku(home, {"stats", "--json", "--period", "all"}));
  CHECK(answers_in_period(stats) == 2);
  CHECK(stats.at("card_counts").at("total").as_int64() == bundled_deck_cards());
  // The answered card is still not new, and its content now ends with its source.
  CHECK(reader.text("SELECT phase FROM card_state WHERE card_id = " + answered) != "new");
  CHECK(reader
            .text("SELECT json_extract(content, '$.explanation.en') FROM cards WHERE id = " +
                  answered)
            .find("\n\nSource: Chen et al. 2016") != std::string::npos);

  // The log still replays to the stored state, and a second import changes nothing.
  const auto doctor = parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"}));
  CHECK(field(doctor, "changed") == 0);
  const auto again = parse_output(
      run_kioku(home, {"import", source_path("decks/gradient-checkpointing.toml"), "--json"}));
  CHECK(field(again, "unchanged") == bundled_deck_cards());
  CHECK(field(again, "added") == 0);
  CHECK(field(again, "updated") == 0);
}
