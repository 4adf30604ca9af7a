// One rule for time that goes backwards (docs/faults.md): an answer stamped before the card's
// previous one (the clock was ahead, then put right) counts, in the order it was given, with
// no time elapsed since. Live answering, doctor --rebuild, an algorithm switch and
// `kioku sched replay` all follow it, so they give the same states; and kiokud says so when
// its log holds answers dated after its clock.
#include <signal.h>

#include <cmath>

#include "core/time_format.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;
namespace protocol = kioku::protocol;

namespace {

constexpr std::int64_t kDay = 86400;

// A daemon whose clock starts `seconds` after kMorning.
std::vector<std::string> clock_at(std::int64_t seconds) {
  return {"--clock-start", clock_start(kMorning + seconds)};
}

void answer(LineClient& client, std::int64_t card, std::int64_t choice, const char* rating) {
  result_of(rpc(client, protocol::kReviewAnswer.name,
                {{"card", card}, {"choice", choice}, {"rating", rating}}));
}

// Everything the collection keeps about the card's schedule, as text.
std::vector<std::string> card_state(const TempHome& home, std::int64_t card) {
  const SqliteReader reader(home.collection_path());
  return reader.rows("SELECT * FROM card_state WHERE card_id = " + std::to_string(card)).at(0);
}

const char* rating_name_of_number(const std::string& number) {
  static const char* const kNames[] = {"again", "hard", "good", "easy"};
  return kNames[std::stoi(number) - 1];
}

// The card's log as `kioku sched replay` input, in the order the answers were given.
std::string replay_input(const TempHome& home, std::int64_t card) {
  const SqliteReader reader(home.collection_path());
  std::string input;
  for (const auto& row : reader.rows("SELECT reviewed_ms, rating FROM revlog WHERE card_id = " +
                                     std::to_string(card) + " ORDER BY id")) {
    input += R"({"card":"c","time":")" + kioku::format_rfc3339_utc_ms(std::stoll(row[0])) +
             R"(","rating":")" + rating_name_of_number(row[1]) + "\"}\n";
  }
  return input;
}

double number(const json::value& value) {
  return value.is_double() ? value.as_double() : static_cast<double>(value.as_int64());
}

// The last state `kioku sched replay --algorithm A` prints equals the stored one, field by
// field (replay prints its decimals to 10 places).
void check_replay_matches(const TempHome& home, std::int64_t card, const std::string& algorithm) {
  const std::string input = replay_input(home, card);
  const CommandResult replayed = run_command(
      {kioku_path(), "sched", "replay", "--algorithm", algorithm}, home.environment(), input);
  INFO("input:\n" << input << "stderr: " << replayed.err);
  REQUIRE(replayed.exit_code == 0);
  const std::string last =
      replayed.out.substr(replayed.out.rfind('\n', replayed.out.size() - 2) + 1);
  const json::value line = json::parse(last);
  INFO("replayed: " << last);
  const SqliteReader reader(home.collection_path());
  const auto stored =
      reader
          .rows(
              "SELECT phase, due_ms, interval_days, reps, lapses, ease, stability, difficulty, "
              "repetition FROM card_state WHERE card_id = " +
              std::to_string(card))
          .at(0);
  CHECK(line.at("state").as_string() == stored[0]);
  CHECK(line.at("due").as_string() == kioku::format_rfc3339_utc_ms(std::stoll(stored[1])));
  if (stored[0] == "review") CHECK(line.at("interval_days").as_int64() == std::stoll(stored[2]));
  CHECK(line.at("reps").as_int64() == std::stoll(stored[3]));
  CHECK(line.at("lapses").as_int64() == std::stoll(stored[4]));
  const auto same = [](const json::value& printed, const std::string& kept) {
    return std::abs(number(printed) - std::stod(kept)) < 1e-9;
  };
  if (algorithm == "fsrs") {
    CHECK(same(line.at("stability"), stored[6]));
    CHECK(same(line.at("difficulty"), stored[7]));
  } else {
    CHECK(same(line.at("ease"), stored[5]));
  }
  if (algorithm == "sm2-classic") CHECK(line.at("repetition").as_int64() == std::stoll(stored[8]));
}

}  // namespace

TEST_CASE(
    "e2e: an answer stamped before the previous one counts in order - live, rebuilt and replayed "
    "alike",
    "[e2e][scheduling][time]") {
  const std::string algorithm = GENERATE("sm2", "fsrs", "sm2-classic");
  const std::string switched_to = algorithm == "fsrs" ? "sm2" : "fsrs";
  INFO("algorithm " << algorithm);
  TempHome home;
  std::int64_t card = 0;
  std::int64_t right = 0;
  {
    RunningDaemon today(home, clock_at(0));
    LineClient client(home.socket_path());
    // No fuzz: sched replay seeds it from its own card ids.
    result_of(
        rpc(client, protocol::kDeckConfig.name,
            {{"deck", kBundledDeckId}, {"set", {{"algorithm", algorithm}, {"fuzz", "off"}}}}));
    const json::value next = result_of(rpc(client, protocol::kReviewNext.name));
    card = next.at("card").at("id").as_int64();
    right = right_choice(client, card);
    answer(client, card, right, "good");
    REQUIRE(today.stop(SIGTERM) == 0);
  }
  {
    // The clock runs 400 days ahead: the card graduates to a long interval.
    RunningDaemon ahead(home, clock_at(400 * kDay));
    LineClient client(home.socket_path());
    answer(client, card, right, "good");
    answer(client, card, right, "good");
    REQUIRE(ahead.stop(SIGTERM) == 0);
  }
  // The clock is put right. The user forgets the card, then knows it again.
  RunningDaemon right_again(home, clock_at(3600));
  CHECK(
      right_again.log().find("kiokud: warning: 2 answers in the review log are dated after now") !=
      std::string::npos);
  {
    LineClient client(home.socket_path());
    answer(client, card, right, "again");
    answer(client, card, right, "good");
  }
  const std::vector<std::string> live = card_state(home, card);
  CHECK(live[2] != "new");

  // The rebuild replays the log in the order it was written and finds nothing to change; sorted
  // by time it would put the "future" answers last and forget the lapse.
  const json::value rebuilt = parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"}));
  CHECK(field(rebuilt, "changed") == 0);
  CHECK(card_state(home, card) == live);
  check_replay_matches(home, card, algorithm);

  // The same after switching the algorithm: the switch replays with the new one.
  REQUIRE(
      run_kioku(home, {"deck", "config", kBundledDeckId, "algorithm=" + switched_to}).exit_code ==
      0);
  check_replay_matches(home, card, switched_to);
  CHECK(field(parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"})), "changed") == 0);

  // doctor says what it found, and the collection is still sound.
  const json::value check = parse_output(run_kioku(home, {"doctor", "--json"}));
  CHECK(check.at("ok").as_bool());
  REQUIRE(check.at("warnings").as_array().size() == 1);
  CHECK(std::string(check.at("warnings").as_array()[0].as_string())
            .starts_with("2 answers in the review log are dated after now (the latest "));
  const CommandResult doctor = run_kioku(home, {"doctor"});
  CHECK(doctor.exit_code == 0);
  CHECK(doctor.out.find("\nwarning: 2 answers in the review log are dated after now") !=
        std::string::npos);
  const CommandResult japanese = run_kioku(home, {"--lang", "ja", "doctor"});
  INFO(japanese.out << japanese.err);
  CHECK(japanese.exit_code == 0);
  CHECK(japanese.out.find("復習記録の回答 2 件の日時が現在より後です（最新 ") != std::string::npos);
  CHECK(japanese.out.find("dated after now") == std::string::npos);
}

TEST_CASE("e2e: a daemon whose log is not ahead of its clock gives no warning",
          "[e2e][scheduling][time]") {
  TempHome home;
  {
    RunningDaemon daemon(home, clock_at(0));
    REQUIRE(run_kioku(home, {"review", "--no-shuffle", "--limit", "1"}, "1\n").exit_code == 0);
    REQUIRE(daemon.stop(SIGTERM) == 0);
  }
  RunningDaemon later(home, clock_at(kDay));
  CHECK(later.log().find("warning") == std::string::npos);
  const json::value check = parse_output(run_kioku(home, {"doctor", "--json"}));
  CHECK(check.at("warnings").as_array().empty());
  CHECK(run_kioku(home, {"doctor"}).out.find("warning") == std::string::npos);
}

TEST_CASE("e2e: sched replay counts a line that goes back in time - in input order",
          "[e2e][scheduling][time]") {
  TempHome home;
  // A review card (after Easy) answered Again "before" its previous answer: a lapse, as live.
  const std::string input = R"({"card":"x","time":"2027-06-01T10:00:00Z","rating":"easy"})"
                            "\n"
                            R"({"card":"x","time":"2026-06-01T10:00:00Z","rating":"again"})"
                            "\n";
  const CommandResult result = run_command({kioku_path(), "sched", "replay", "--timezone", "UTC"},
                                           home.environment(), input);
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(result.out.find(R"("rating":"again","state":"relearning","due":"2026-06-01T10:10:00Z")") !=
        std::string::npos);
  CHECK(result.out.find(R"("lapses":1)") != std::string::npos);
}
