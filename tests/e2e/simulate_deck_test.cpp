// `kioku sched simulate --deck D` through the real binaries: kiokud reads the deck's cards in
// play and their answers, and its simulation must be the very one core's simulate_deck makes of
// the same cards, options, answer times and start; a suspended card and an undone answer are
// out of it. Then the refusals, in both languages.
#include "core/deck_options.hpp"
#include "core/workload_simulation.hpp"
#include "protocol/sched_types.hpp"
#include "protocol/wire_struct.hpp"
#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

constexpr std::int64_t kSimulationStartMs = 1'767'607'200'000;  // 2026-01-05T10:00:00Z
constexpr int kDeckCards = 12;

}  // namespace

TEST_CASE("e2e: sched simulate --deck simulates the deck's cards in play as core does",
          "[e2e][simulate]") {
  TempHome home;
  set_clock(home, kSimulationStartMs);
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-file", home.root() + "/clock"});
  REQUIRE(daemon
              .kioku({"import", home.write_file("sim.toml", numbered_basic_notes_deck("sim", "Sim",
                                                                                      kDeckCards))})
              .exit_code == 0);
  std::vector<std::int64_t> cards;
  for (const auto& row :
       SqliteReader(home.collection_path()).rows("SELECT id FROM cards ORDER BY id")) {
    cards.push_back(std::stoll(row.at(0)));
  }
  REQUIRE(cards.size() == kDeckCards);

  // Cards 0-4 answered Good twice, 15 minutes apart, each answer taking its own time; what the
  // simulation must be given of them.
  kioku::WorkloadRequest expected;
  std::vector<kioku::TimedAnswer> timed;
  expected.studied.resize(4);
  for (int round = 0; round < 2; ++round) {
    const std::int64_t now = kSimulationStartMs + round * 15 * 60'000;
    set_clock(home, now);
    for (int card = 0; card < 5; ++card) {
      const std::int64_t duration = 3'000 + 1'000 * card + 500 * round;
      call(home, "review.answer",
           {{"card", cards[card]}, {"rating", "good"}, {"duration_ms", duration}});
      if (card == 4) continue;  // suspended below
      expected.studied[card].answers.push_back(
          kioku::PastAnswer{now, kioku::Answer{kioku::Rating::kGood, std::nullopt}});
      timed.push_back(kioku::TimedAnswer{round == 0, kioku::Rating::kGood, duration});
    }
  }
  call(home, "card.suspend", {{"cards", json::array{cards[4]}}});
  // Card 5's one answer is undone: a new card again.
  const json::value undone = call(home, "review.answer", {{"card", cards[5]}, {"rating", "again"}});
  call(home, "review.undo", {{"card", cards[5]}, {"review_id", undone.at("review_id")}});

  const std::int64_t start = kSimulationStartMs + 3 * 86'400'000;
  set_clock(home, start);
  const json::value simulated = successful_json(
      daemon, {"sched", "simulate", "--deck", "sim", "--days", "20", "--seed", "3", "--json"});
  INFO(json::serialize(simulated));
  CHECK(simulated.at("deck") == "sim");
  CHECK(simulated.at("algorithm") == "sm2");
  CHECK(simulated.at("learner") == "defaults");
  CHECK(simulated.at("start_ms").as_int64() == start);
  CHECK(simulated.at("studied_cards").as_int64() == 4);
  CHECK(simulated.at("new_cards").as_int64() == kDeckCards - 4 - 1);
  const json::array& runs = simulated.at("runs").as_array();
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].at("daily_reviews").as_array().size() == 20);
  CHECK(runs[0].at("daily_new_cards").as_array().at(0).as_int64() == kDeckCards - 4 - 1);

  // The same from core: the deck's default options, the defaults' learner, the answers' own
  // times, kiokud's now.
  expected.new_cards = kDeckCards - 4 - 1;
  expected.settings.days = 20;
  expected.settings.seed = 3;
  expected.settings.seconds = kioku::answer_seconds(timed);
  const kioku::DayCalendar calendar(4);
  const kioku::WorkloadReport report = kioku::simulate_deck(expected, calendar, start);
  const json::value from_core = json::parse(json::serialize(kioku::protocol::encode(
      kioku::protocol::simulate_result(expected, report, start, "defaults", "sim"))));
  CHECK(simulated == from_core);

  // On FSRS, at two retentions, with the minimum recommended one.
  REQUIRE(daemon.kioku({"deck", "config", "sim", "algorithm=fsrs"}).exit_code == 0);
  const json::value fsrs =
      successful_json(daemon, {"sched", "simulate", "--deck", "sim", "--desired-retention", "0.8",
                               "--desired-retention", "0.95", "--json"});
  CHECK(fsrs.at("algorithm") == "fsrs");
  REQUIRE(fsrs.at("runs").as_array().size() == 2);
  CHECK(fsrs.at("runs").as_array()[1].at("desired_retention").as_double() == 0.95);
  const double minimum = fsrs.at("minimum_recommended_retention").as_double();
  CHECK(minimum >= 0.7);
  CHECK(minimum <= 0.95);

  // The report as text, in both languages.
  const CommandResult english = daemon.kioku({"sched", "simulate", "--deck", "sim"});
  CHECK(english.exit_code == 0);
  CHECK(has(english.out, "4 studied and 7 new cards"));
  CHECK(has(english.out, "which the deck still has"));
  const CommandResult japanese =
      daemon.kioku({"--lang", "ja", "sched", "simulate", "--deck", "sim"});
  CHECK(japanese.exit_code == 0);
  CHECK(has(japanese.out, "学習済み 4 枚、新規 7 枚"));
  CHECK(has(japanese.out, "推奨最小保持率"));
}

TEST_CASE("e2e: sched simulate refuses what it cannot simulate with one line", "[e2e][simulate]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  REQUIRE(daemon.kioku({"import", format1_deck_path()}).exit_code == 0);
  const CommandResult neither = daemon.kioku({"sched", "simulate"});
  CHECK(neither.exit_code == 2);
  CHECK(has(neither.err, "give --deck DECK"));
  const CommandResult both = daemon.kioku({"sched", "simulate", "--deck", "x", "--history", "-"});
  CHECK(both.exit_code == 2);
  const CommandResult unknown = daemon.kioku({"sched", "simulate", "--deck", "nowhere"});
  CHECK(unknown.exit_code == 5);
  CHECK(count_of(unknown.err, "\n") == 1);
  // An SM-2 deck has no desired retention: in the user's language, naming the deck.
  const CommandResult sm2 =
      daemon.kioku({"sched", "simulate", "--deck", kBundledDeckId, "--desired-retention", "0.8"});
  CHECK(sm2.exit_code == 2);
  CHECK(sm2.err == std::string("kioku: deck ") + kBundledDeckId +
                       " schedules with SM-2: --desired-retention is for FSRS (add --algorithm "
                       "fsrs to simulate it on FSRS)\n");
  const CommandResult sm2_japanese = daemon.kioku({"--lang", "ja", "sched", "simulate", "--deck",
                                                   kBundledDeckId, "--desired-retention", "0.8"});
  CHECK(sm2_japanese.exit_code == 2);
  CHECK(has(sm2_japanese.err, "SM-2 でスケジュールしています"));
  REQUIRE(daemon.kioku({"deck", "config", kBundledDeckId, "algorithm=sm2-classic"}).exit_code == 0);
  const CommandResult classic = daemon.kioku({"sched", "simulate", "--deck", kBundledDeckId});
  CHECK(classic.exit_code == 2);
  CHECK(has(classic.err, "classic SM-2"));
  CHECK(daemon.kioku({"sched", "simulate", "--deck", kBundledDeckId, "--days", "0"}).exit_code ==
        2);
  // With --algorithm it simulates.
  CHECK(daemon.kioku({"sched", "simulate", "--deck", kBundledDeckId, "--algorithm", "sm2"})
            .exit_code == 0);
}
