// The round trip of a deck's history through Anki's format, through the real kioku and kiokud:
// a deck imported from Anki with its history (../shared/fixtures/anki) and answered in kioku,
// exported with --with-history and imported with it into a fresh collection, has the same
// cards in the same states, the same log (as far as Anki's columns hold it: docs/export.md) and
// the same deck options.
// Both daemons run on a clock file, so the days and times are the test's.
#include "tests/e2e/anki_fixtures.hpp"
#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku::test;

namespace {

// 2026-06-01 10:00 UTC.
constexpr std::int64_t kRoundTripStart = 1'780'308'000'000;

// Each card by its note's guid and template: its state (its last answer too), with a review's
// due as its day (from 04:00 UTC, kiokud's day start in the tests) and a learning step's as its
// second.
constexpr const char* kCardStates =
    "SELECT n.guid, c.template, s.phase, s.interval_days, CAST(round(s.ease * 1000) AS INTEGER), "
    "s.reps, s.lapses, s.remaining_steps, CASE WHEN s.phase = 'new' THEN 0 WHEN s.phase = "
    "'review' OR s.interday = 1 THEN (s.due_ms / 1000 - 14400) / 86400 ELSE s.due_ms / 1000 END, "
    "s.stability, s.difficulty, s.suspended, s.last_review_ms FROM cards c JOIN notes n ON n.id "
    "= c.note_id JOIN card_state s ON s.card_id = c.id ORDER BY n.guid, c.template";

// Each standing answer, by card and in the log's order. The interval after is compared where
// the answer left the card in review: a relearning step's return interval is not in Anki's log.
constexpr const char* kStandingAnswers =
    "SELECT n.guid, c.template, r.reviewed_ms, r.rating, r.phase_before, r.phase_after, "
    "r.interval_before_days, CASE WHEN r.phase_after = 'review' THEN r.interval_after_days ELSE "
    "0 END, CAST(round(r.ease_after * 1000) AS INTEGER), r.duration_ms, r.cram FROM revlog r "
    "JOIN cards c ON c.id = r.card_id JOIN notes n ON n.id = c.note_id WHERE NOT EXISTS (SELECT "
    "1 FROM revlog_voids v WHERE v.review_id = r.id) ORDER BY n.guid, c.template, r.id";

}  // namespace

TEST_CASE("e2e: export --with-history then import --with-history gives the same states and log",
          "[e2e][anki_package][export]") {
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  const std::string fixture = fixtures_directory() + "/mhaswade_english-vocab-2023.apkg";
  TempHome first_home;
  set_clock(first_home, kRoundTripStart);
  RunningDaemon first(first_home, clocked_daemon_arguments(first_home));
  successful_json(first, {"import", fixture, "--with-history", "--json"});

  // kioku's own answers after Anki's: one of each button, a minute apart.
  int answered = 0;
  for (const char* rating : {"again", "good", "hard", "easy", "again"}) {
    set_clock(first_home, kRoundTripStart + (++answered) * 60'000);
    const auto next = call(first_home, "review.next");
    REQUIRE(next.at("card").is_object());
    call(first_home, "review.answer",
         {{"card", next.at("card").at("id")}, {"rating", rating}, {"duration_ms", 4'000}});
  }
  set_clock(first_home, kRoundTripStart + 10 * 60'000);
  // Options of the user's own, FSRS among them (which gives every card a memory to carry).
  const std::string deck = "spoken-languages-english-vocab-2023";
  successful_json(first, {"deck", "config", deck, "algorithm=fsrs", "desired_retention=0.85",
                          "new_per_day=33", "learning_steps=2m 15m", "relearning_steps=5m",
                          "leech_action=tag", "leech_threshold=6", "bury_new_siblings=on",
                          "starting_ease=2.2", "maximum_interval=2000", "--json"});
  const auto options_before = successful_json(first, {"deck", "config", deck, "--json"});
  const std::string package = first_home.root() + "/round-trip.apkg";
  const auto exported = successful_json(first, {"export", "spoken-languages-english-vocab-2023",
                                                "--with-history", "-o", package, "--json"});
  CHECK(field(exported, "reviews") == 94 + answered);

  TempHome second_home;
  set_clock(second_home, kRoundTripStart + 10 * 60'000);
  RunningDaemon second(second_home, clocked_daemon_arguments(second_home));
  const auto imported = successful_json(second, {"import", package, "--with-history", "--json"});
  CHECK(field(imported, "added") == 44);
  CHECK(field(imported, "imported_answers") == 94 + answered);

  const SqliteReader before(first_home.collection_path());
  const SqliteReader after(second_home.collection_path());
  CHECK(after.rows(kCardStates) == before.rows(kCardStates));
  CHECK(after.rows(kStandingAnswers) == before.rows(kStandingAnswers));
  CHECK(after.integer("SELECT count(*) FROM revlog") == 94 + answered);
  CHECK(after.integer("SELECT count(*) FROM card_state WHERE stability > 0") > 30);
  // The deck's options came with it, every one Anki's options group holds.
  CHECK(successful_json(second, {"deck", "config", deck, "--json"}).at("options") ==
        options_before.at("options"));
  // The copy's log is the truth as the original's is.
  CHECK(field(successful_json(second, {"doctor", "--rebuild", "--json"}), "changed") == 0);
}

TEST_CASE("e2e: export --with-history is refused for toml and tsv", "[e2e][export]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const auto result = daemon.kioku({"export", "any", "--format", "tsv", "--with-history"});
  CHECK(result.exit_code == 2);
  CHECK(has(result.err, "--with-history is for --format apkg"));
}
